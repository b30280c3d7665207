import { sql } from 'kysely';
import type { Db } from '../../platform/db/index.ts';

export interface DocumentRow {
  document: string;
  book_slug: string;
  chapter_from: number;
  chapter_to: number;
  spine: unknown;
}

export interface DocumentWrite {
  document: string;
  method: 'binary' | 'filename';
  book_slug: string;
  chapter_from: number;
  chapter_to: number;
  spine: (number | null)[];
  object_key: string;
}

/** A file name names the latest build of its range: its row follows the newest export. */
export async function upsertDocuments(db: Db, rows: DocumentWrite[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('kosync_documents')
    .values(rows.map((row) => ({ ...row, spine: JSON.stringify(row.spine) })))
    .onConflict((oc) => oc.column('document').doUpdateSet((eb) => ({
      method: eb.ref('excluded.method'),
      book_slug: eb.ref('excluded.book_slug'),
      chapter_from: eb.ref('excluded.chapter_from'),
      chapter_to: eb.ref('excluded.chapter_to'),
      spine: eb.ref('excluded.spine'),
      object_key: eb.ref('excluded.object_key'),
      created_at: sql`now()`,
    })))
    .execute();
}

export async function findDocument(db: Db, document: string): Promise<DocumentRow | undefined> {
  return db.selectFrom('kosync_documents').select(['document', 'book_slug', 'chapter_from', 'chapter_to', 'spine']).where('document', '=', document).executeTakeFirst();
}

/** The stored file's binary id row, which every id of the file copies. */
export async function binaryDocumentFor(db: Db, objectKey: string): Promise<DocumentRow | undefined> {
  return db.selectFrom('kosync_documents').select(['document', 'book_slug', 'chapter_from', 'chapter_to', 'spine']).where('object_key', '=', objectKey).where('method', '=', 'binary').executeTakeFirst();
}

export interface PositionRow {
  progress: string;
  percentage: number;
  device: string;
  device_id: string;
  updated_at: Date | string;
}

export async function findPosition(db: Db, userId: string, document: string): Promise<PositionRow | undefined> {
  return db.selectFrom('kosync_positions').select(['progress', 'percentage', 'device', 'device_id', 'updated_at']).where('user_id', '=', userId).where('document', '=', document).executeTakeFirst();
}

/** Newest wins, as for the web's progress: a push queued offline cannot replace a later one. */
export async function writePosition(db: Db, userId: string, document: string, position: Omit<PositionRow, 'updated_at'> & { updated_at: Date }): Promise<void> {
  await db
    .insertInto('kosync_positions')
    .values({ user_id: userId, document, ...position })
    .onConflict((oc) => oc.columns(['user_id', 'document']).doUpdateSet((eb) => ({
      progress: eb.ref('excluded.progress'),
      percentage: eb.ref('excluded.percentage'),
      device: eb.ref('excluded.device'),
      device_id: eb.ref('excluded.device_id'),
      updated_at: eb.ref('excluded.updated_at'),
    })).where(sql<boolean>`kosync_positions.updated_at <= excluded.updated_at`))
    .execute();
}
