import { createHash } from 'node:crypto';
import { renderingOf } from './stored-html.ts';
import { genreSlug } from '../genres.ts';
import { slugify } from '../../../platform/text/slug.ts';
import * as q from './queries.ts';
import type { Executor } from './queries.ts';

/**
 * Every writer of books and chapters goes through here (scraping, import, de-duplication, later AI
 * titles), so hashes, word counts, genre slugs and "recently updated" are made one way. The
 * chapter count follows the chapters table by itself (a trigger). Callers announce the change
 * (announce.ts announceChapterChange, or ctx.publish in a job) after their commit.
 */
export interface BookDraft {
  title: string;
  author: string;
  description: string;
  status: 'ongoing' | 'completed';
  genres: string[];
  sourceUrl: string | null;
  sourceKey: string | null;
  coverKey: string | null;
  /** The text's language as the source gives it (an EPUB's dc:language); absent or unusable: English. */
  language?: string | null;
}

export interface ChapterDraft {
  number: number;
  title: string;
  /** Markdown. */
  text: string;
  sourceKey?: string | null;
}

export type ChapterOutcome = 'added' | 'updated' | 'unchanged';

export function contentHash(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 16);
}

export function wordCount(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}

/** "The Iron Archive!" → "the-iron-archive", "Fluß" → "fluss"; never empty, at most 120 characters. */
export function slugFromTitle(title: string): string {
  const slug = slugify(title).slice(0, 120).replace(/-+$/, '');
  return slug || 'book';
}

async function freeSlug(db: Executor, title: string): Promise<string> {
  const base = slugFromTitle(title);
  const taken = await q.slugsLike(db, base);
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

const cleanGenres = (names: string[]) => {
  const seen = new Map<string, string>();
  for (const name of names.map((n) => n.trim()).filter(Boolean)) {
    const slug = genreSlug(name);
    if (slug && !seen.has(slug)) seen.set(slug, name.slice(0, 60));
  }
  return [...seen].map(([slug, name]) => ({ slug, name }));
};

const LANGUAGE_TAG = /^[a-z]{2,3}(-[a-z0-9]{1,8})*$/i;

/** A BCP 47 tag as the book declares it ('de', 'pt-BR'), or 'en' for anything that is not one. */
export function languageTag(value: string | null | undefined): string {
  const tag = (value ?? '').trim().replace(/_/g, '-');
  return tag.length <= 35 && LANGUAGE_TAG.test(tag) ? tag : 'en';
}

/** A new book with a free slug made from its title. */
export async function createBook(db: Executor, draft: BookDraft): Promise<string> {
  const slug = await freeSlug(db, draft.title);
  await q.insertBook(db, {
    slug,
    title: draft.title.slice(0, 500) || slug,
    author: draft.author.slice(0, 300),
    description: draft.description.slice(0, 20_000),
    status: draft.status,
    source_url: draft.sourceUrl,
    source_key: draft.sourceKey,
    cover_key: draft.coverKey,
    language: languageTag(draft.language),
  });
  await q.setGenres(db, slug, cleanGenres(draft.genres));
  return slug;
}

/** Stores the cover a source gave a book (its key in the object store). */
export async function setBookCover(db: Executor, slug: string, coverKey: string): Promise<void> {
  await q.setCover(db, slug, coverKey);
}

/** The book a source key names, its metadata refreshed; or a new one. */
export async function upsertSourceBook(db: Executor, draft: BookDraft & { sourceKey: string }): Promise<{ slug: string; created: boolean }> {
  const existing = await q.bookBySourceKey(db, draft.sourceKey);
  if (!existing) return { slug: await createBook(db, draft), created: true };
  await q.updateBookMeta(db, existing.slug, {
    author: draft.author.slice(0, 300),
    description: draft.description.slice(0, 20_000),
    status: draft.status,
    source_url: draft.sourceUrl,
    ...(draft.coverKey ? { cover_key: draft.coverKey } : {}),
  });
  if (draft.genres.length) await q.setGenres(db, existing.slug, cleanGenres(draft.genres));
  return { slug: existing.slug, created: false };
}

/**
 * Writes one chapter, keyed by its source key when it has one (a chapter the source moved keeps
 * the number it was stored under: numbers are never shuffled), else by number. A chapter that
 * adds to the book moves the book up in "recently updated".
 */
export async function writeChapter(db: Executor, slug: string, draft: ChapterDraft): Promise<ChapterOutcome> {
  const text = draft.text.trim() + '\n';
  let number = draft.number;
  if (draft.sourceKey) {
    const known = await q.chapterBySourceKey(db, slug, draft.sourceKey);
    if (known) number = known.number;
  }
  const outcome = await q.upsertChapter(db, slug, {
    number,
    title: draft.title.slice(0, 500),
    text,
    word_count: wordCount(text),
    content_hash: contentHash(text),
    source_key: draft.sourceKey ?? null,
    // Rendered once here, in the scrape or import worker, so that no reader has to.
    ...renderingOf(text),
  });
  if (outcome === 'added') await q.touchBook(db, slug);
  return outcome;
}

export const storedChapterKeys = q.chapterSourceKeys;
export const storedChapterNumbers = q.chapterNumbers;

/** An admin's list of genres for a book (names; duplicates and blanks dropped). */
export async function setBookGenres(db: Executor, slug: string, names: string[]): Promise<string[]> {
  const genres = cleanGenres(names);
  await q.setGenres(db, slug, genres);
  return genres.map((g) => g.name);
}

/** An admin's edit of a book's metadata (its slug, and so every link to it, stays). */
export async function editBook(db: Executor, slug: string, edit: { title: string; author: string; description: string; status: 'ongoing' | 'completed'; genres: string[] }): Promise<void> {
  await q.updateBookMeta(db, slug, {
    title: edit.title.trim().slice(0, 500),
    author: edit.author.trim().slice(0, 300),
    description: edit.description.trim().slice(0, 20_000),
    status: edit.status,
  });
  await q.setGenres(db, slug, cleanGenres(edit.genres));
}
