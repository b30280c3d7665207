import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { sql } from 'kysely';
import { audioKey } from '../../src/features/audio/keys.ts';
import { audioCall, ended, pollStatus, startAudioApp, type AudioTestApp, type Who } from '../support/audio-app.ts';
import { loginAs } from '../support/auth.ts';

/** The admin audio-cache API: listing with totals and keyset paging, the slug filter, errors, and deleting. */
let app: AudioTestApp;
let admin: Who;
let user: Who;
let pro: Who;
beforeAll(async () => {
  app = await startAudioApp();
  admin = { cookie: (await loginAs(app, 'ac-admin', { role: 'admin' })).cookie };
  user = { cookie: (await loginAs(app, 'ac-user')).cookie };
  pro = { cookie: (await loginAs(app, 'ac-pro', { role: 'pro' })).cookie };
}, 30_000);
afterAll(() => app.close(), 30_000);

type Item = { slug: string; title: string; chapter: number; voice: string; engine: string; format: string; size_bytes: number; duration_seconds: number; created: string };
type Page = { items: Item[]; total_bytes: number; count: number; next: string | null };

const db = () => app.platform.db;
const list = (query = '', who: Who = admin) => audioCall(app, 'GET', `/api/admin/audio-cache${query}`, who);
async function listed(query = ''): Promise<Page> {
  const res = await list(query);
  expect(res.status).toBe(200);
  return (await res.json()) as Page;
}
const remove = (slug: string, n: number | string, voice: string | null, who: Who = admin) =>
  audioCall(app, 'DELETE', `/api/admin/audio-cache/${slug}/${n}${voice === null ? '' : `?voice=${voice}`}`, who);
const keyOf = (i: { slug: string; chapter: number; voice: string }) => `${i.slug}/${i.chapter}/${i.voice}`;
const hasAudio = async (slug: string) => (await db().selectFrom('books').select('has_audio').where('slug', '=', slug).executeTakeFirstOrThrow()).has_audio;
const titleOf = async (slug: string) => (await db().selectFrom('books').select('title').where('slug', '=', slug).executeTakeFirstOrThrow()).title;

/** Stored audio as the audio job leaves it: the object and its row; `created` to the microsecond. */
async function store(slug: string, chapter: number, voice: string, size: number, duration: number, created: string): Promise<void> {
  const format = voice.startsWith('flite-') ? 'wav' : 'mp3';
  const key = audioKey(slug, chapter, voice, format);
  await app.platform.objects.put(key, new Uint8Array(size).fill(7), { contentType: format === 'mp3' ? 'audio/mpeg' : 'audio/wav', metadata: { duration: String(duration) } });
  await db()
    .insertInto('audio_files')
    .values({ slug, chapter, voice, object_key: key, format, size_bytes: size, duration_seconds: duration, created_at: sql`${created}::timestamptz` })
    .execute();
}

// Ties on purpose: three rows of one instant, and two a tenth of a millisecond apart (one JS millisecond).
const SEEDED = [
  { slug: 'letters-to-the-lighthouse', chapter: 1, voice: 'espeak-en-us', size: 1000, duration: 61.25, created: '2026-01-01T10:00:00.000000Z' },
  { slug: 'letters-to-the-lighthouse', chapter: 2, voice: 'espeak-en-us', size: 2000, duration: 62, created: '2026-01-02T10:00:00.000000Z' },
  { slug: 'letters-to-the-lighthouse', chapter: 3, voice: 'flite-kal', size: 3000, duration: 63.5, created: '2026-01-03T10:00:00.000000Z' },
  { slug: 'the-ninth-mountain-sect', chapter: 1, voice: 'espeak-en-us', size: 4000, duration: 64, created: '2026-01-03T10:00:00.000000Z' },
  { slug: 'the-ninth-mountain-sect', chapter: 1, voice: 'flite-kal', size: 5000, duration: 65, created: '2026-01-03T10:00:00.000000Z' },
  { slug: 'the-last-train-to-veld', chapter: 7, voice: 'espeak-en-us', size: 6000, duration: 66, created: '2026-01-04T10:00:00.000100Z' },
  { slug: 'the-last-train-to-veld', chapter: 8, voice: 'espeak-en-us', size: 7000, duration: 67, created: '2026-01-04T10:00:00.000200Z' },
] as const;
const SEEDED_BYTES = SEEDED.reduce((sum, s) => sum + s.size, 0);
// Newest first; ties by slug, chapter, voice, all descending.
const NEWEST_FIRST = [
  'the-last-train-to-veld/8/espeak-en-us',
  'the-last-train-to-veld/7/espeak-en-us',
  'the-ninth-mountain-sect/1/flite-kal',
  'the-ninth-mountain-sect/1/espeak-en-us',
  'letters-to-the-lighthouse/3/flite-kal',
  'letters-to-the-lighthouse/2/espeak-en-us',
  'letters-to-the-lighthouse/1/espeak-en-us',
];

describe('GET /api/admin/audio-cache', () => {
  beforeAll(async () => {
    for (const s of SEEDED) await store(s.slug, s.chapter, s.voice, s.size, s.duration, s.created);
  });

  test('every stored audio newest first, with its book title, engine and the totals of all of it', async () => {
    const res = await list();
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const page = (await res.json()) as Page;
    expect(Object.keys(page).sort()).toEqual(['count', 'items', 'next', 'total_bytes']);
    expect(page.items.map(keyOf)).toEqual(NEWEST_FIRST);
    expect(page).toMatchObject({ count: 7, total_bytes: SEEDED_BYTES, next: null });
    expect(page.items[0]).toEqual({
      slug: 'the-last-train-to-veld', title: await titleOf('the-last-train-to-veld'), chapter: 8, voice: 'espeak-en-us', engine: 'espeak',
      format: 'mp3', size_bytes: 7000, duration_seconds: 67, created: '2026-01-04T10:00:00.000Z',
    });
    const flite = page.items.find((i) => i.voice === 'flite-kal' && i.slug === 'letters-to-the-lighthouse')!;
    expect(flite).toMatchObject({ engine: 'flite', format: 'wav', size_bytes: 3000, duration_seconds: 63.5, created: '2026-01-03T10:00:00.000Z' });
    for (const item of page.items) expect(Object.keys(item).sort()).toEqual(['chapter', 'created', 'duration_seconds', 'engine', 'format', 'size_bytes', 'slug', 'title', 'voice']);
  });

  test('keyset paging walks every row exactly once, through ties and sub-millisecond times', async () => {
    for (const limit of [1, 2, 3]) {
      const seen: string[] = [];
      let after: string | null = null;
      let pages = 0;
      do {
        const page: Page = await listed(`?limit=${limit}${after ? `&after=${after}` : ''}`);
        expect(page.items.length).toBeLessThanOrEqual(limit);
        expect(page).toMatchObject({ count: 7, total_bytes: SEEDED_BYTES }); // the totals are of everything, on every page
        seen.push(...page.items.map(keyOf));
        after = page.next;
        pages++;
        expect(pages).toBeLessThan(20);
      } while (after);
      expect(seen).toEqual(NEWEST_FIRST);
      expect(pages).toBe(Math.ceil(7 / limit));
    }
  });

  test('a row stored after a page was read appears on no later page (the cursor is a position, not an offset)', async () => {
    const first = await listed('?limit=3');
    await store('the-house-on-wren-street', 1, 'espeak-en-us', 100, 10, '2026-01-05T00:00:00.000000Z');
    const second = await listed(`?limit=10&after=${first.next}`);
    expect([...first.items, ...second.items].map(keyOf)).toEqual(NEWEST_FIRST);
    expect(second.count).toBe(8);
    await db().deleteFrom('audio_files').where('slug', '=', 'the-house-on-wren-street').execute();
  });

  test('slug filters the items and the totals to one book', async () => {
    const page = await listed('?slug=letters-to-the-lighthouse&limit=2');
    expect(page.items.map(keyOf)).toEqual(NEWEST_FIRST.filter((k) => k.startsWith('letters-to-the-lighthouse/')).slice(0, 2));
    expect(page).toMatchObject({ count: 3, total_bytes: 6000 });
    const rest = await listed(`?slug=letters-to-the-lighthouse&limit=2&after=${page.next}`);
    expect(rest.items.map(keyOf)).toEqual(['letters-to-the-lighthouse/1/espeak-en-us']);
    expect(rest.next).toBeNull();
    expect(await listed('?slug=no-such-book')).toEqual({ items: [], total_bytes: 0, count: 0, next: null });
  });

  test('a bad limit, cursor or slug is 400 with the error body', async () => {
    const limitMessage = 'limit must be a whole number from 1 to 200';
    const cursorMessage = 'after must be the `next` cursor of an earlier page';
    const forged = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const cases: Array<[string, string]> = [
      ['?limit=0', limitMessage],
      ['?limit=201', limitMessage],
      ['?limit=1.5', limitMessage],
      ['?limit=ten', limitMessage],
      ['?after=not-a-cursor', cursorMessage],
      ['?after=%25%25%25', cursorMessage],
      [`?after=${forged(['2026-01-01', 'x', 1, 'v'])}`, cursorMessage],
      [`?after=${forged(['2026-13-01T00:00:00.000000Z', 'x', 1, 'v'])}`, cursorMessage],
      [`?after=${forged(['2026-01-01T00:00:00.000000Z', 'x', 0, 'v'])}`, cursorMessage],
      [`?after=${forged({ created: '2026-01-01T00:00:00.000000Z' })}`, cursorMessage],
      [`?after=${'A'.repeat(1001)}`, cursorMessage],
      // Values the database itself would refuse must be 400, never a 500.
      [`?after=${forged(['0000-01-01T00:00:00.000000Z', 'x', 1, 'v'])}`, cursorMessage],
      [`?after=${forged(['2026-02-30T00:00:00.000000Z', 'x', 1, 'v'])}`, cursorMessage],
      [`?after=${forged(['2026-01-01T00:00:00.000000Z', 'x', 2 ** 40, 'v'])}`, cursorMessage],
      [`?after=${forged(['2026-01-01T00:00:00.000000Z', 'x\u0000', 1, 'v'])}`, cursorMessage],
      [`?after=${forged(['2026-01-01T00:00:00.000000Z', 'x', 1, 'Not A Voice'])}`, cursorMessage],
      ['?slug=%00', 'slug must be a book slug'],
    ];
    for (const [query, message] of cases) {
      const res = await list(query);
      if (res.status !== 400) throw new Error(`${query} answered ${res.status}`);
      expect(res.headers.get('content-type')).toContain('application/json');
      expect(await res.json()).toEqual({ error: 'invalid_request', message });
    }
    const empty = await list('?slug=');
    expect(empty.status).toBe(400);
    expect(((await empty.json()) as { error: string }).error).toBe('invalid_request');
  });

  test('admins only: 403 for anonymous, user and pro callers', async () => {
    for (const who of [{ sessionId: 'audio-admin-anon-0123456789abcdef' }, user, pro]) {
      const res = await list('', who);
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ error: 'forbidden', message: 'Administrators only' });
    }
  });
});

describe('DELETE /api/admin/audio-cache/{slug}/{n}?voice=', () => {
  test('removes the object and the row; has_audio stays while the book has other audio and goes with the last', async () => {
    const slug = 'the-cartographers-daughter';
    await store(slug, 1, 'espeak-en-us', 500, 30, '2026-02-01T00:00:00.000000Z');
    await store(slug, 2, 'flite-kal', 600, 31, '2026-02-01T00:00:01.000000Z');
    expect(await hasAudio(slug)).toBe(true);
    const before = await listed();

    let res = await remove(slug, 2, 'flite-kal');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ removed: true });
    expect(await app.platform.objects.head(audioKey(slug, 2, 'flite-kal', 'wav'))).toBeNull();
    expect(await app.platform.objects.head(audioKey(slug, 1, 'espeak-en-us', 'mp3'))).not.toBeNull();
    expect(await hasAudio(slug)).toBe(true);
    const after = await listed();
    expect(after.items.map(keyOf)).not.toContain(`${slug}/2/flite-kal`);
    expect(after).toMatchObject({ count: before.count - 1, total_bytes: before.total_bytes - 600 });

    res = await remove(slug, 1, 'espeak-en-us');
    expect(res.status).toBe(200);
    expect(await app.platform.objects.head(audioKey(slug, 1, 'espeak-en-us', 'mp3'))).toBeNull();
    expect(await hasAudio(slug)).toBe(false);
    const slugs = (await (await audioCall(app, 'GET', '/api/audio/slugs', admin)).json()) as { slugs: string[] };
    expect(slugs.slugs).not.toContain(slug);
  });

  test('404 when there is no such stored audio; 400 without a voice or with a bad chapter', async () => {
    await store('ink-and-alibis', 4, 'espeak-en-us', 100, 5, '2026-02-02T00:00:00.000000Z');
    for (const [slug, n, voice] of [['ink-and-alibis', 4, 'flite-kal'], ['ink-and-alibis', 5, 'espeak-en-us'], ['no-such-book', 1, 'espeak-en-us']] as const) {
      const res = await remove(slug, n, voice);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ error: 'not_found', message: 'No stored audio for this chapter and voice' });
    }
    let res = await remove('ink-and-alibis', 4, null);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: 'invalid_request', message: 'voice is required: the voice of the stored audio to delete' });
    for (const n of ['0', 'x', '1.5']) {
      res = await remove('ink-and-alibis', n, 'espeak-en-us');
      expect(res.status).toBe(400);
    }
    res = await remove('ink-and-alibis', 4, 'Bad Voice!');
    expect(res.status).toBe(400);
    res = await remove('ink%00', 4, 'espeak-en-us');
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: 'invalid_request', message: 'slug must be a book slug' });
    // Nothing above touched the stored audio; deleting twice is 404 the second time.
    expect((await remove('ink-and-alibis', 4, 'espeak-en-us')).status).toBe(200);
    expect((await remove('ink-and-alibis', 4, 'espeak-en-us')).status).toBe(404);
  });

  test('admins only: 403 for anonymous, user and pro callers, and nothing is deleted', async () => {
    await store('second-chance-academy', 1, 'espeak-en-us', 100, 5, '2026-02-03T00:00:00.000000Z');
    for (const who of [{ sessionId: 'audio-admin-anon-0123456789abcdef' }, user, pro]) {
      const res = await remove('second-chance-academy', 1, 'espeak-en-us', who);
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ error: 'forbidden', message: 'Administrators only' });
    }
    expect(await app.platform.objects.head(audioKey('second-chance-academy', 1, 'espeak-en-us', 'mp3'))).not.toBeNull();
    expect(await hasAudio('second-chance-academy')).toBe(true);
  });

  test('after a delete: presign and status are 404, and asking for the audio starts a fresh job that stores it again', async () => {
    const target = { slug: 'morning-bread', chapter: 3, voice: 'espeak-en-us' };
    const statusPath = `/api/audio/status/${target.slug}/${target.chapter}?voice=${target.voice}`;
    const presignPath = `/api/presign/audio?slug=${target.slug}&chapter=${target.chapter}&voice=${target.voice}`;
    const first = (await (await audioCall(app, 'POST', '/api/audio', admin, target)).json()) as { job_id: string };
    expect((await pollStatus(app, statusPath, admin, ended)).body.status).toBe('done');

    const stored = (await listed('?slug=morning-bread')).items.find((i) => keyOf(i) === keyOf(target))!;
    const object = await app.platform.objects.head(audioKey(target.slug, target.chapter, target.voice, 'mp3'));
    expect(object).not.toBeNull();
    expect(stored).toMatchObject({ engine: 'espeak', format: 'mp3', size_bytes: object!.size });
    expect(stored.duration_seconds).toBeGreaterThan(0);
    expect((await audioCall(app, 'GET', presignPath, admin)).status).toBe(200);

    expect((await remove(target.slug, target.chapter, target.voice)).status).toBe(200);
    const presign = await audioCall(app, 'GET', presignPath, admin);
    expect(presign.status).toBe(404);
    expect(await presign.json()).toEqual({ error: 'not_found', message: 'Audio not found: it has not been generated yet' });
    expect((await audioCall(app, 'GET', statusPath, admin)).status).toBe(404);

    const again = await audioCall(app, 'POST', '/api/audio', admin, target);
    expect(again.status).toBe(202);
    const fresh = (await again.json()) as { job_id: string; status: string };
    expect(fresh.job_id).not.toBe(first.job_id);
    expect(['pending', 'generating']).toContain(fresh.status);
    const { body } = await pollStatus(app, statusPath, admin, ended);
    expect(body).toEqual({ job_id: fresh.job_id, status: 'done', error: null });
    expect(await app.platform.objects.head(audioKey(target.slug, target.chapter, target.voice, 'mp3'))).not.toBeNull();
    expect((await listed('?slug=morning-bread')).items.map(keyOf)).toContain(keyOf(target));
  }, 30_000);
});
