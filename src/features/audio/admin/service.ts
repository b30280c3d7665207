import { ENGINE_IDS } from '../../../integrations/tts/index.ts';
import type { Db } from '../../../platform/db/index.ts';
import { badRequest, notFound } from '../../../platform/http/errors.ts';
import type { ObjectStore } from '../../../platform/objects/port.ts';
import { NARRATION_VOICE } from '../narration.ts';
import { decodeCursor, encodeCursor, isStorableText } from './cursor.ts';
import { DEFAULT_LIMIT, type CacheItem, type CachePage } from './model.ts';
import { cacheEntry, cachePage, cacheTotals, deleteCacheEntry, forgetDoneJobs, type CacheRow } from './queries.ts';
import type { Target } from '../queries.ts';
import { bumpCatalogueVersion, type CatalogueAnnouncer } from '../../catalogue/version.ts';


export interface AudioAdminDeps {
  db: Db;
  objects: ObjectStore;
  cache: CatalogueAnnouncer;
}

/**
 * Voice ids carry their engine as a prefix (`espeak-…`, `flite-…`, `openai-…`; tts/registry.ts),
 * which holds even for voices a server no longer offers: the listing needs no engine at hand.
 */
export function engineOfVoiceId(voice: string): string {
  const prefix = voice.split('-', 1)[0]!;
  return (ENGINE_IDS as readonly string[]).includes(prefix) ? prefix : 'unknown';
}

const itemOf = (row: CacheRow): CacheItem => ({
  slug: row.slug,
  title: row.title,
  chapter: row.chapter,
  voice: row.voice,
  engine: engineOfVoiceId(row.voice),
  format: row.format,
  size_bytes: row.size_bytes,
  duration_seconds: Math.round(row.duration_seconds * 1000) / 1000,
  created: new Date(row.created_at).toISOString(),
});

/** One page of stored audio, newest first, with the totals of everything the query matches. */
export async function listAudioCache(db: Db, input: { limit?: number; after?: string; slug?: string }): Promise<CachePage> {
  const limit = input.limit ?? DEFAULT_LIMIT;
  if (input.slug !== undefined && !isStorableText(input.slug, 200)) throw badRequest('slug must be a book slug');
  const after = input.after === undefined ? undefined : decodeCursor(input.after);
  // One row more than asked for tells whether another page exists.
  const [rows, totals] = await Promise.all([cachePage(db, { limit: limit + 1, after, slug: input.slug }), cacheTotals(db, input.slug)]);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const next = rows.length > limit && last ? encodeCursor({ created: last.created_exact, slug: last.slug, chapter: last.chapter, voice: last.voice }) : null;
  return { items: page.map(itemOf), total_bytes: totals.total_bytes, count: totals.count, next };
}

export async function storedAudioItem(db: Db, target: Target): Promise<CacheItem | null> {
  const row = await cacheEntry(db, target);
  return row ? itemOf(row) : null;
}

/** How many files and bytes are stored, in all or of one book. */
export function audioCacheTotals(db: Db, slug?: string): Promise<{ count: number; total_bytes: number }> {
  return cacheTotals(db, slug);
}

/** The chapter and voice of a delete, checked after the admin check (model.ts). */
export function deleteTarget(slug: string, n: string, voice: string | undefined): Target {
  if (!isStorableText(slug, 200)) throw badRequest('slug must be a book slug');
  if (!/^[1-9][0-9]{0,6}$/.test(n)) throw badRequest('n must be a chapter number (a whole number of at least 1)');
  if (voice === undefined || voice === '') throw badRequest('voice is required: the voice of the stored audio to delete');
  if (!NARRATION_VOICE.test(voice)) throw badRequest('voice must be a voice id (see GET /api/voices)');
  return { slug, chapter: Number(n), voice };
}

/**
 * Deletes the stored audio of a chapter and voice: its row (books.has_audio follows by trigger),
 * its `done` jobs, then its object, in one transaction, so a store that fails leaves the row in
 * place to retry rather than a row without an object. A generation of the same chapter and voice
 * still running stores its audio again when it finishes.
 */
export async function removeStoredAudio(deps: AudioAdminDeps, target: Target): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    const key = await deleteCacheEntry(trx, target);
    if (key === null) throw notFound('No stored audio for this chapter and voice');
    await forgetDoneJobs(trx, target);
    await deps.objects.delete(key);
  });
  await bumpCatalogueVersion(deps.cache); // has_audio may have changed
}
