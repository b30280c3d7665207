import type { Kysely } from 'kysely';
import type { Database } from '../../../platform/db/schema.ts';
import type { Cache } from '../../../platform/cache/port.ts';
import type { ObjectStore } from '../../../platform/objects/port.ts';
import { badRequest, notFound } from '../../../platform/http/errors.ts';
import type { AiCall, AiClient } from '../../../integrations/ai/index.ts';
import { announceChapterChange } from '../../catalogue/writes/announce.ts';
import { decodeBase64Image, storeCover, storeGenerated } from './images.ts';
import type { GenerateInput } from './model.ts';
import type { CoverLimits } from '../../covers/limits.ts';
import * as q from './queries.ts';

export interface CoverDeps {
  db: Kysely<Database>;
  objects: ObjectStore;
  cache: Pick<Cache, 'publish'>;
  coverLimits: CoverLimits;
}

/** A cover's public path (the object key under /covers/). */
export const coverUrl = (key: string) => `/${key}`;

/** What the studio proposes for a book: its title and the gist of its description, no lettering. */
export function coverPrompt(book: { title: string; author?: string; description: string }): string {
  const gist = book.description.replace(/\s+/g, ' ').trim().slice(0, 600);
  return `A book cover illustration for the novel "${book.title}"${gist ? `: ${gist}` : ''}. Portrait format, rich detail, no text or lettering.`;
}

export async function requireBook(db: Kysely<Database>, slug: string | null | undefined) {
  if (!slug) throw badRequest('slug is required');
  const book = await q.bookForCover(db, slug);
  if (!book) throw notFound('No such book');
  return book;
}

/** One generation (text to image, or image to image with a reference); every result stored and returned. */
export async function generateCovers(deps: CoverDeps, client: AiClient, input: GenerateInput, call: AiCall) {
  if (input.slug) await requireBook(deps.db, input.slug);
  const model = input.model ?? client.imageModel;
  const request = { prompt: input.prompt, n: input.n };
  const images = input.reference
    ? await client.editImage({ ...request, reference: input.reference }, { ...call, model })
    : await client.generateImage(request, { ...call, model });
  const results = [];
  for (const image of images) {
    const key = await storeGenerated(deps.objects, image, deps.coverLimits);
    results.push({ cover_url: coverUrl(key), image: Buffer.from(image.bytes).toString('base64'), mime: image.mime });
  }
  if (!results.length) throw badRequest('The AI service returned no image; try another prompt');
  return { prompt: input.prompt, model, slug: input.slug, cover_url: results[0]!.cover_url, images: results };
}

/** Stores a picture (base64 or a data: URL) as the book's cover, re-encoded to WebP with a thumbnail. */
export async function saveCover(deps: CoverDeps, slug: string | undefined, image: string | undefined) {
  const book = await requireBook(deps.db, slug);
  if (!image) throw badRequest('image is required');
  return setCover(deps, book.slug, decodeBase64Image(image));
}

export async function setCover(deps: CoverDeps, slug: string, bytes: Uint8Array) {
  const stored = await storeCover(deps.objects, slug, bytes, deps.coverLimits);
  await q.setCoverKey(deps.db, slug, stored.key);
  await announceChapterChange(deps.cache, slug);
  return { slug, cover_url: coverUrl(stored.key), thumbnail_url: coverUrl(stored.thumbKey) };
}

export async function studioBooks(db: Kysely<Database>) {
  return (await q.bookChoices(db, 500)).map((b) => ({ slug: b.slug, title: b.title, coverUrl: b.cover_key ? coverUrl(b.cover_key) : null }));
}
