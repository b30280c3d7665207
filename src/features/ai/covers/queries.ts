import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../../platform/db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

export function bookForCover(db: Db, slug: string) {
  return db.selectFrom('books').select(['slug', 'title', 'author', 'description', 'cover_key', 'source_url']).where('slug', '=', slug).executeTakeFirst();
}

/** Books without a cover, in a stable order (a batch that stopped resumes where it was). */
export function booksWithoutCover(db: Db, limit: number) {
  return db.selectFrom('books').select(['slug', 'title', 'author', 'description']).where('cover_key', 'is', null).orderBy('slug').limit(limit).execute();
}

export function hasCover(db: Db, slug: string) {
  return db.selectFrom('books').select('slug').where('slug', '=', slug).where('cover_key', 'is not', null).executeTakeFirst().then(Boolean);
}

export function setCoverKey(db: Db, slug: string, coverKey: string) {
  return db.updateTable('books').set({ cover_key: coverKey }).where('slug', '=', slug).executeTakeFirst();
}

export function setSourceMeta(db: Db, slug: string, fields: { description?: string; cover_key?: string }) {
  return db.updateTable('books').set(fields).where('slug', '=', slug).executeTakeFirst();
}

/** Titles for the studio's book picker. */
export function bookChoices(db: Db, limit: number) {
  return db.selectFrom('books').select(['slug', 'title', 'cover_key']).orderBy('title').limit(limit).execute();
}
