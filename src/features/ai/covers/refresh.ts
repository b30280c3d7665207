import type { SourceClient } from '../../../integrations/sources/index.ts';
import { SourceError } from '../../../integrations/sources/index.ts';
import { AppError, badRequest } from '../../../platform/http/errors.ts';
import { announceChapterChange } from '../../catalogue/writes/announce.ts';
import type { SseEvent } from '../sse.ts';
import { storeCover } from './images.ts';
import * as q from './queries.ts';
import { coverUrl, requireBook, type CoverDeps } from './service.ts';

/**
 * Checked before the stream starts, so the status can still say it: an unknown book is 404 and a
 * book without a source (an import, a demo book) is 400 — there is nothing to re-read.
 */
export async function refreshTarget(deps: CoverDeps, slug: string) {
  const book = await requireBook(deps.db, slug);
  if (!book.source_url) throw badRequest('This book has no source to refresh from (it was imported or added by hand)');
  return { ...book, source_url: book.source_url };
}

type Target = Awaited<ReturnType<typeof refreshTarget>>;

/** Re-reads the description and cover from the book's source page and stores what changed. */
export async function* refreshMetadata(deps: CoverDeps, sources: SourceClient, book: Target, signal?: AbortSignal): AsyncGenerator<SseEvent> {
  yield { event: 'progress', data: { slug: book.slug, step: 'fetching', source_url: book.source_url } };
  const page = await sources.book(book.source_url, signal).catch(sourceFailure);
  const description = page.description.trim().slice(0, 20_000);
  const changed = { description: false, cover: false };
  const fields: { description?: string; cover_key?: string } = {};
  if (description && description !== book.description) {
    fields.description = description;
    changed.description = true;
  }
  let coverError: string | null = null;
  if (page.coverUrl) {
    yield { event: 'progress', data: { slug: book.slug, step: 'cover' } };
    try {
      const image = await sources.image(page.coverUrl, signal);
      const stored = await storeCover(deps.objects, book.slug, image.bytes, deps.coverLimits);
      if (stored.key !== book.cover_key) {
        fields.cover_key = stored.key;
        changed.cover = true;
      }
    } catch (error) {
      if (signal?.aborted) throw error;
      coverError = error instanceof AppError || error instanceof SourceError ? error.message : 'The cover could not be read';
      yield { event: 'error', data: { slug: book.slug, error: 'bad_gateway', message: `Cover not refreshed: ${coverError}`, status: 502 } };
    }
  }
  if (changed.description || changed.cover) {
    await q.setSourceMeta(deps.db, book.slug, fields);
    await announceChapterChange(deps.cache, book.slug);
  }
  const coverKey = fields.cover_key ?? book.cover_key;
  yield { event: 'done', data: { slug: book.slug, changed, description: fields.description ?? book.description, cover_url: coverKey ? coverUrl(coverKey) : null } };
}

function sourceFailure(error: unknown): never {
  if (error instanceof AppError) throw error;
  if (error instanceof SourceError) throw new AppError(502, 'bad_gateway', `The source could not be read: ${error.message}`);
  throw error;
}
