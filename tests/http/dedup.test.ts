import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { startTestApp, type TestApp } from '../support/app.ts';
import { DEBUG_TOKEN, loginAs, TEST_ORIGIN, type Session } from '../support/auth.ts';
import { createBook, writeChapter } from '../../src/features/catalogue/writes/service.ts';

/** POST /api/admin/dedup/{slug}: the plan on a dry run, then the removal, through the running app. */
let app: TestApp;
let admin: Session;
let reader: Session;
const SLUG = 'twice-told-tales';

const WORDS = 'ash bell bridge crow door ember fog garden harbour key lamp lantern map market north quay river road silver stone storm thaw tower winter'.split(' ');
function prose(seed: number): string {
  let state = seed * 104729 + 3;
  const next = () => (state = (state * 1103515245 + 12345) % 2147483648) % WORDS.length;
  return Array.from({ length: 4 }, () => Array.from({ length: 60 }, next).map((i) => WORDS[i]).join(' ') + '.').join('\n\n');
}

const post = (path: string, who: Session) => app.fetch(path, { method: 'POST', headers: { cookie: who.cookie, origin: TEST_ORIGIN, accept: 'application/json' } });

beforeAll(async () => {
  app = await startTestApp({ env: { DEBUG_LOGIN_TOKEN: DEBUG_TOKEN } });
  admin = await loginAs(app, 'dedup-admin', { role: 'admin' });
  reader = await loginAs(app, 'dedup-reader');
  const db = app.platform.db;
  await db.transaction().execute(async (trx) => {
    const slug = await createBook(trx, { title: 'Twice Told Tales', author: 'A. Copyist', description: '', status: 'ongoing', genres: ['Fantasy'], sourceUrl: null, sourceKey: null, coverKey: null });
    expect(slug).toBe(SLUG);
    const chapters = [
      [1, 'Chapter 1: Arrival', prose(1)],
      [2, 'Chapter 2: The Quay', prose(2)],
      [3, 'Chapter 2: The Quay', prose(2) + '\n\nAnd a closing line the mirror kept.'], // repeated number, fuller copy
      [4, 'Chapter 3: Fog', prose(3)],
      [5, 'Chapter 4: Bells', prose(4)],
      [6, 'Chapter 5: Bells Again', prose(4).replace(/ \S+\./, '.')], // near-identical neighbour, one word short
      [7, 'Chapter 6: Winter', prose(6)],
      [8, 'Chapter 7: Ash', prose(1)], // identical text to chapter 1
    ] as const;
    for (const [number, title, text] of chapters) await writeChapter(trx, slug, { number, title, text });
  });
  await db.insertInto('progress').values({ user_id: reader.user.id, slug: SLUG, chapter: 2 }).execute();
});
afterAll(() => app.close());

describe('dedup', () => {
  test('only admins; an unknown book is 404', async () => {
    expect((await post(`/api/admin/dedup/${SLUG}?dry_run=1`, reader)).status).toBe(403);
    expect((await app.fetch(`/api/admin/dedup/${SLUG}`, { method: 'POST' })).status).toBe(403);
    const missing = await post('/api/admin/dedup/no-such-book', admin);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: 'not_found', message: 'No such book' });
  });

  test('a dry run returns the plan and changes nothing', async () => {
    const res = await post(`/api/admin/dedup/${SLUG}?dry_run=1`, admin);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { removed: number; dry_run: boolean; chapters_before: number; plan: { number: number; reason: string; duplicate_of: number }[] };
    expect(body.dry_run).toBe(true);
    expect(body.chapters_before).toBe(8);
    expect(body.plan.map((r) => [r.number, r.reason, r.duplicate_of])).toEqual([
      [2, 'repeated_number', 3],
      [6, 'near_identical_text', 5],
      [8, 'identical_text', 1],
    ]);
    expect(body.removed).toBe(3);
    const count = await app.platform.db.selectFrom('chapters').select((eb) => eb.fn.countAll<number>().as('n')).where('book_slug', '=', SLUG).executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(8);
  });

  test('applying removes exactly the plan, keeps the best copies and moves readers to them', async () => {
    const res = await post(`/api/admin/dedup/${SLUG}`, admin);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { removed: number; dry_run: boolean };
    expect(body).toMatchObject({ removed: 3, dry_run: false });
    const db = app.platform.db;
    const left = await db.selectFrom('chapters').select('number').where('book_slug', '=', SLUG).orderBy('number').execute();
    expect(left.map((c) => c.number)).toEqual([1, 3, 4, 5, 7]);
    const book = await db.selectFrom('books').select('chapter_count').where('slug', '=', SLUG).executeTakeFirstOrThrow();
    expect(book.chapter_count).toBe(5);
    const place = await db.selectFrom('progress').select('chapter').where('user_id', '=', reader.user.id).where('slug', '=', SLUG).executeTakeFirstOrThrow();
    expect(place.chapter).toBe(3);
    // The reader's next/previous links skip the gap.
    const chapter = (await (await app.fetch(`/api/chapter/${SLUG}/1`)).json()) as { next: number | null };
    expect(chapter.next).toBe(3);
    // Nothing more to do.
    expect(((await (await post(`/api/admin/dedup/${SLUG}`, admin)).json()) as { removed: number }).removed).toBe(0);
  });

  test('a bad dry_run value is 400', async () => {
    const res = await post(`/api/admin/dedup/${SLUG}?dry_run=maybe`, admin);
    expect(res.status).toBe(400);
  });
});
