import { createHash } from 'node:crypto';
import type { Db } from '../../platform/db/index.ts';
import type { ObjectStore } from '../../platform/objects/port.ts';
import { readDemoBooks, type DemoBook } from './content-reader.ts';
import { hasBooks, insertDemoBook } from './queries.ts';

const HOUR = 3600_000;

/**
 * Fills an empty catalogue with the demo books (original prose and drawn covers kept under
 * content/). A catalogue that already has books is left alone, so a deleted demo book stays
 * deleted; concurrent starts are safe (inserts skip what exists).
 */
export async function seedDemoCatalogue(db: Db, objects: ObjectStore): Promise<{ seeded: number }> {
  if (await hasBooks(db)) return { seeded: 0 };
  const books = await readDemoBooks();
  const now = Date.now();
  let seeded = 0;
  for (const [index, book] of books.entries()) {
    const coverKey = await storeCover(objects, book);
    // Stagger dates so "new" and "updated" orderings are stable and meaningful.
    const created = new Date(now - (index + 1) * 24 * HOUR);
    const updated = new Date(now - ((index * 7) % books.length) * HOUR);
    if (await insertDemoBook(db, book, coverKey, created, updated)) seeded++;
  }
  return { seeded };
}

async function storeCover(objects: ObjectStore, book: DemoBook): Promise<string> {
  const hash = createHash('sha256').update(book.coverSvg).digest('hex').slice(0, 12);
  const key = `covers/${book.slug}/${hash}.svg`;
  if (!(await objects.head(key))) await objects.put(key, book.coverSvg, { contentType: 'image/svg+xml' });
  return key;
}
