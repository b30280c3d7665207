import { badRequest } from '../../../platform/http/errors.ts';
import { NARRATION_VOICE } from '../narration.ts';

/**
 * The keyset cursor of the audio-cache listing: the sort key of the last item of a page,
 * (created_at to the microsecond, slug, chapter, voice), as base64url JSON. Clients treat it as
 * opaque. The timestamp keeps the database's microseconds: a JavaScript Date would round them
 * away and make the next page skip or repeat rows stored within one millisecond.
 */
export interface CacheCursor {
  /** `YYYY-MM-DDTHH:MM:SS.ffffffZ`, UTC. */
  created: string;
  slug: string;
  chapter: number;
  voice: string;
}

const CREATED = /^[1-9]\d{3}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const MAX_INT = 2_147_483_647;

/** Text the database accepts as a parameter: PostgreSQL refuses NUL in text (an error, not a miss). */
export function isStorableText(text: string, maxLength: number): boolean {
  return text.length > 0 && text.length <= maxLength && !text.includes('\u0000');
}

/** A real instant (no 30 February), so that the database never refuses the cursor. */
function isInstant(text: string): boolean {
  const time = Date.parse(text);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 19) === text.slice(0, 19);
}

export function encodeCursor(c: CacheCursor): string {
  return Buffer.from(JSON.stringify([c.created, c.slug, c.chapter, c.voice])).toString('base64url');
}

/** 400 for anything that is not a cursor this listing made. */
export function decodeCursor(text: string): CacheCursor {
  const invalid = () => badRequest('after must be the `next` cursor of an earlier page');
  if (!/^[A-Za-z0-9_-]+$/.test(text)) throw invalid();
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  if (!Array.isArray(value) || value.length !== 4) throw invalid();
  const [created, slug, chapter, voice] = value as unknown[];
  if (typeof created !== 'string' || !CREATED.test(created) || !isInstant(created)) throw invalid();
  if (typeof slug !== 'string' || !isStorableText(slug, 200)) throw invalid();
  if (typeof chapter !== 'number' || !Number.isInteger(chapter) || chapter < 1 || chapter > MAX_INT) throw invalid();
  if (typeof voice !== 'string' || !NARRATION_VOICE.test(voice)) throw invalid();
  return { created, slug, chapter, voice };
}
