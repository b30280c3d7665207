import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import sharp from 'sharp';
import { startAiApp, sseFrames, type AiTestApp } from '../support/ai-app.ts';
import { IRON_ARCHIVE, startSourceSite, type SourceSite } from '../support/source-site/index.ts';

/** POST /api/admin/catalogue/refresh-metadata/{slug} against the local source site. */
let site: SourceSite;
let app: AiTestApp;
const SLUG = 'iron-archive-copy';

beforeAll(async () => {
  site = await startSourceSite();
  app = await startAiApp({ env: { SOURCE_BASE_URL: site.novelfireUrl, SCRAPE_RATE: '0' } });
  await app.platform.db
    .insertInto('books')
    .values({ slug: SLUG, title: 'The Iron Archive', author: 'Selma Ork', description: 'An old blurb.', cover_key: null, source_url: `${site.novelfireUrl}/book/${IRON_ARCHIVE}`, source_key: `novelfire:${IRON_ARCHIVE}` })
    .execute();
});
afterAll(async () => {
  await app.close();
  await site.close();
});

const refresh = (slug: string) => app.post(`/api/admin/catalogue/refresh-metadata/${slug}`, {});

describe('refresh metadata', () => {
  test('re-reads description and cover from the source, stores them and says what changed', async () => {
    const res = await refresh(SLUG);
    expect([res.status, res.headers.get('content-type')?.startsWith('text/event-stream')]).toEqual([200, true]);
    const frames = await sseFrames(res);
    expect(frames.map((f) => f.event)).toEqual(['progress', 'progress', 'done']);
    expect(frames[0]!.data).toEqual({ slug: SLUG, step: 'fetching', source_url: `${site.novelfireUrl}/book/${IRON_ARCHIVE}` });
    const done = frames.at(-1)!.data as { slug: string; changed: { description: boolean; cover: boolean }; description: string; cover_url: string };
    expect(done.changed).toEqual({ description: true, cover: true });
    expect(done.description).toContain('Three hundred chapters');
    expect(done.cover_url).toMatch(new RegExp(`^/covers/${SLUG}/[0-9a-f]{16}\\.webp$`));

    const row = await app.platform.db.selectFrom('books').select(['description', 'cover_key']).where('slug', '=', SLUG).executeTakeFirstOrThrow();
    expect(row.description).toBe(done.description);
    expect(`/${row.cover_key}`).toBe(done.cover_url);
    // The source's SVG cover was drawn into a WebP picture.
    const served = await app.fetch(done.cover_url);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).format).toBe('webp');
    const api = (await (await app.get(`/api/book/${SLUG}`)).json()) as { book: { cover_url: string; description: string } };
    expect([api.book.cover_url, api.book.description]).toEqual([done.cover_url, done.description]);
  });

  test('a second refresh finds nothing new', async () => {
    const frames = await sseFrames(await refresh(SLUG));
    expect(frames.at(-1)!.event).toBe('done');
    expect(frames.at(-1)!.data.changed).toEqual({ description: false, cover: false });
  });

  test('a source page that is gone is an error event', async () => {
    await app.platform.db.insertInto('books').values({ slug: 'lost-book', title: 'Lost', source_url: `${site.novelfireUrl}/book/no-such-book-here` }).execute();
    const frames = await sseFrames(await refresh('lost-book'));
    expect(frames.map((f) => f.event)).toEqual(['progress', 'error']);
    expect(frames[1]!.data).toMatchObject({ error: 'bad_gateway', status: 502 });
    expect(String(frames[1]!.data.message)).toStartWith('The source could not be read: ');
  });

  test('a book without a source is 400; an unknown book 404', async () => {
    const demo = (await app.platform.db.selectFrom('books').select('slug').where('source_url', 'is', null).orderBy('slug').executeTakeFirstOrThrow()).slug;
    let res = await refresh(demo);
    expect([res.status, await res.json()]).toEqual([400, { error: 'invalid_request', message: 'This book has no source to refresh from (it was imported or added by hand)' }]);
    res = await refresh('no-such-book');
    expect([res.status, await res.json()]).toEqual([404, { error: 'not_found', message: 'No such book' }]);
  });
});
