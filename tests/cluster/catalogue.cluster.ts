import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { sql } from 'kysely';
import { startCluster, type Cluster, type Member } from '../support/cluster.ts';
import { insertShortBook } from './catalogue.ts';
import { call, login, until } from './client.ts';

/**
 * Each web process answers browse and search from its own catalogue index (features/catalogue/
 * index/): a write made through one process shows on the other on the very next request, HTML and
 * JSON alike, and a change nobody announced (a fix straight in the database) within seconds.
 */
const SLUGS = ['cluster-tides', 'cluster-lamps', 'cluster-kilns'] as const;
let cluster: Cluster;
let a: Member;
let b: Member;

beforeAll(async () => {
  cluster = await startCluster({
    workers: 0,
    // Applying genres calls no AI, but the AI routes answer 503 unless one is configured.
    env: { AI_BASE_URL: 'http://127.0.0.1:9', AI_API_KEY: 'unused' },
    prepare: async (db) => {
      for (const slug of SLUGS) await insertShortBook(db, slug, 3);
    },
  });
  [a, b] = cluster.webs as [Member, Member];
}, 90_000);

afterAll(() => cluster?.stop(), 30_000);

const slugsOf = (answer: { body: { books: { slug: string }[] } }) => answer.body.books.map((book) => book.slug);
const html = (web: Member, path: string) => fetch(`${web.base}${path}`, { headers: { accept: 'text/html' } }).then((r) => r.text());

describe('the catalogue index across web processes', () => {
  test('a rating given through one process reorders and counts on the other at once', async () => {
    // Both processes have read the catalogue (and cached the page) before the write.
    for (const web of [a, b]) expect(slugsOf(await call(web, 'GET', '/api/browse?sort=rating&limit=24'))).toHaveLength(SLUGS.length);
    await html(b, '/browse?sort=rating');
    const { token } = await login(a, 'cluster-rater');
    expect((await call(a, 'POST', `/api/ratings/${SLUGS[2]}`, { token }, { rating: 5 })).status).toBe(200);

    const browse = await call(b, 'GET', '/api/browse?sort=rating&limit=24');
    expect(slugsOf(browse)[0]).toBe(SLUGS[2]);
    expect(browse.body.books[0].rating_count).toBe(1);
    const page = await html(b, '/browse?sort=rating');
    expect(page.indexOf(`/book/${SLUGS[2]}`)).toBeGreaterThan(-1);
    expect(page.indexOf(`/book/${SLUGS[2]}`)).toBeLessThan(page.indexOf(`/book/${SLUGS[0]}`));
  });

  test('genres applied through one process filter browse on the other at once', async () => {
    for (const web of [a, b]) expect(slugsOf(await call(web, 'GET', '/api/browse?genre=harbour-tales'))).toEqual([]);
    const { token } = await login(a, 'cluster-editor', { role: 'admin' });
    // The genres an admin applies are what listings filter by: the same path any catalogue edit takes.
    expect((await call(a, 'POST', '/api/admin/text-gen/genres/apply', { token }, { slug: SLUGS[1], genres: ['Harbour Tales'] })).status).toBe(200);
    const genre = await call(b, 'GET', '/api/browse?genre=harbour-tales');
    expect(slugsOf(genre)).toEqual([SLUGS[1]]);
    expect(await html(b, '/browse')).toContain('Harbour Tales');
  });

  test('a fix made straight in the database shows on both processes within seconds', async () => {
    for (const web of [a, b]) expect(slugsOf(await call(web, 'GET', '/api/search?q=porcelain'))).toEqual([]);
    await sql`update books set title = 'Porcelain Kilns', updated_at = now() where slug = ${SLUGS[0]}`.execute(cluster.db.db);
    for (const web of [a, b]) {
      const found = await until(() => call(web, 'GET', '/api/search?q=porcelain'), (r) => slugsOf(r).includes(SLUGS[0]), 15_000, `the fixed title on ${web.base}`);
      expect(found.body.books[0].title).toBe('Porcelain Kilns');
    }
  });
});
