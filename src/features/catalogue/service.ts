import type { Db } from '../../platform/db/index.ts';
import type { Book } from './model.ts';
import { findBooksBySlugs, listBooks, type BookRow, type HomeSort } from './queries.ts';

/** Covers are served by the app at /covers/<key without its "covers/" prefix> (features/covers). */
export function coverPath(coverKey: string | null): string | null {
  return coverKey ? `/${coverKey}` : null;
}

export function toBook(row: BookRow): Book {
  return {
    slug: row.slug,
    title: row.title,
    author: row.author,
    cover_url: coverPath(row.cover_key),
    description: row.description,
    genres: row.genres,
    status: row.status,
    chapter_count: row.chapter_count,
    rating_avg: row.rating_count > 0 ? Math.round((row.rating_sum / row.rating_count) * 100) / 100 : null,
    rating_count: row.rating_count,
    has_audio: row.has_audio,
  };
}

export async function homeShelves(db: Db, limit = 12): Promise<{ newest: Book[]; popular: Book[] }> {
  const [newest, popular] = await Promise.all([listBooks(db, 'new', limit), listBooks(db, 'popular', limit)]);
  return { newest: newest.map(toBook), popular: popular.map(toBook) };
}

export type { HomeSort };

/** Books by slug in one query, for shelves that list books in their own order (progress, library, feed). */
export async function booksBySlugs(db: Db, slugs: readonly string[]): Promise<Map<string, Book>> {
  const rows = await findBooksBySlugs(db, slugs);
  return new Map(rows.map((row) => [row.slug, toBook(row)]));
}
