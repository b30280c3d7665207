import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { randomBytes } from 'node:crypto';
import { startCluster, type Cluster } from '../support/cluster.ts';
import { PAYMENTS_CONFIGURED_ENV } from '../support/payments.ts';
import { BOOK, insertShortBook } from './catalogue.ts';
import { call, login, until } from './client.ts';

/**
 * Two ROLE=web and two ROLE=worker processes on one PostgreSQL, Redis and S3: what one web process
 * decides about a reader (signed in, signed out, chapters counted today) holds on the other at once,
 * and a chapter's narration started through one is followed live from the other.
 */
const LONG = 'cluster-long';
let cluster: Cluster;

beforeAll(async () => {
  cluster = await startCluster({
    prepare: async (db) => {
      await insertShortBook(db);
      // One chapter long enough that its narration is still being made when the other process asks.
      await db.db.insertInto('books').values({ slug: LONG, title: 'A Long Watch', cover_key: null, source_url: null, source_key: null, last_checked_at: null }).execute();
      const text = Array.from({ length: 40 }, (_, i) => `The watch counted lamp ${i + 1} along the harbour wall, and wrote down its colour before moving on.`).join(' ');
      await db.db.insertInto('chapters').values({ book_slug: LONG, number: 1, title: 'The Long Watch', text, word_count: 700, source_key: null }).execute();
    },
    // A site that takes payments: the contract's free tier (3 chapters a day) is what is shared.
    env: { ...PAYMENTS_CONFIGURED_ENV },
  });
}, 90_000);

afterAll(() => cluster?.stop(), 30_000);

describe('sessions across web processes', () => {
  test('a login on one web process is valid on the other', async () => {
    const [a, b] = cluster.webs as [NonNullable<Cluster['webs'][0]>, NonNullable<Cluster['webs'][0]>];
    const { token, user } = await login(a, 'cluster-reader');
    const me = await call(b, 'GET', '/api/auth/me', { token });
    expect(me.status).toBe(200);
    expect(me.body.user).toMatchObject({ id: user.id, username: 'cluster-reader' });
    const sessions = await call(b, 'GET', '/api/sessions', { token });
    expect(sessions.body.sessions.filter((s: { current: boolean }) => s.current).length).toBe(1);
  });

  test('a session revoked on one is refused on the other at once, even while it is in use there', async () => {
    const [a, b] = cluster.webs as [NonNullable<Cluster['webs'][0]>, NonNullable<Cluster['webs'][0]>];
    const phone = await login(a, 'cluster-revoker', { userAgent: 'phone/1.0' });
    const laptop = await login(b, 'cluster-revoker', { userAgent: 'laptop/1.0' });
    // Both web processes have checked (and cached) the phone's session.
    for (const web of [a, b]) expect((await call(web, 'GET', '/api/auth/me', { token: phone.token })).status).toBe(200);
    const phoneId = (await call(a, 'GET', '/api/sessions', { token: phone.token })).body.sessions.find((s: { current: boolean }) => s.current).id;

    // The phone keeps calling the other process while the laptop signs it out through this one.
    let revoked = false;
    const during: Promise<number>[] = [];
    const busy = (async () => {
      while (!revoked) {
        during.push(call(b, 'GET', '/api/auth/me', { token: phone.token }).then((r) => r.status));
        await Bun.sleep(2);
      }
    })();
    await Bun.sleep(50);
    expect((await call(a, 'DELETE', `/api/sessions/${phoneId}`, { token: laptop.token })).status).toBe(204);
    revoked = true;
    await busy;
    expect((await Promise.all(during)).every((s) => s === 200 || s === 401)).toBe(true);
    const after = await Promise.all(Array.from({ length: 20 }, (_, i) => call(cluster.webs[i % 2]!, 'GET', '/api/auth/me', { token: phone.token }).then((r) => r.status)));
    expect(after).toEqual(Array(20).fill(401));
    // The laptop is untouched.
    expect((await call(b, 'GET', '/api/auth/me', { token: laptop.token })).status).toBe(200);
  });

  test('a logout on one is refused on the other at once', async () => {
    const [a, b] = cluster.webs as [NonNullable<Cluster['webs'][0]>, NonNullable<Cluster['webs'][0]>];
    for (let round = 0; round < 5; round++) {
      const { token } = await login(a, `cluster-leaver-${round}`);
      expect((await call(b, 'GET', '/api/auth/me', { token })).status).toBe(200);
      expect((await call(a, 'GET', '/api/auth/me', { token })).status).toBe(200);
      const [out, there] = round % 2 ? [b, a] : [a, b];
      expect((await call(out, 'POST', '/api/auth/logout', { token })).status).toBe(204);
      expect((await call(there, 'GET', '/api/auth/me', { token })).status).toBe(401);
      expect((await call(out, 'GET', '/api/auth/me', { token })).status).toBe(401);
    }
  });
});

describe('the free tier across web processes', () => {
  async function burst(who: { token?: string; anon?: string }, chapters: number) {
    return Promise.all(
      Array.from({ length: chapters }, (_, i) => call(cluster.webs[i % 2]!, 'POST', '/api/audio', who, { slug: BOOK, chapter: 20 + i }).then((r) => ({ chapter: 20 + i, status: r.status, body: r.body }))),
    );
  }

  for (const kind of ['anonymous', 'signed-in free'] as const) {
    test(`a reader (${kind}) firing 16 chapters at once through both gets exactly 3; the rest are 402`, async () => {
      const who = kind === 'anonymous' ? { anon: `cluster-anon-${randomBytes(8).toString('hex')}` } : { token: (await login(cluster.webs[1]!, `cluster-free-${randomBytes(4).toString('hex')}`)).token };
      const answers = await burst(who, 16);
      const allowed = answers.filter((a) => a.status === 202);
      expect(allowed.length).toBe(3);
      expect(answers.filter((a) => a.status === 402).length).toBe(13);
      expect(answers.find((a) => a.status === 402)?.body).toEqual({ error: 'pro_required', message: 'Free listening is 3 chapters a day; Chapterhouse Pro makes it unlimited' });
      // Counted chapters stay free on either process; a refused one stays refused on both.
      const refused = answers.find((a) => a.status === 402)!.chapter;
      for (const web of cluster.webs) {
        for (const { chapter } of allowed) expect((await call(web, 'POST', '/api/audio', who, { slug: BOOK, chapter })).status).toBe(202);
        expect((await call(web, 'POST', '/api/audio', who, { slug: BOOK, chapter: refused })).status).toBe(402);
        expect((await call(web, 'HEAD', `/api/audio-stream/${BOOK}/${refused}`, who)).status).toBe(402);
      }
    }, 30_000);
  }
});

describe('live progress across web processes', () => {
  test("a narration started through one web process streams live from the other, and is the stored file", async () => {
    const [a, b] = cluster.webs as [NonNullable<Cluster['webs'][0]>, NonNullable<Cluster['webs'][0]>];
    const admin = { token: (await login(a, 'cluster-listener', { role: 'admin' })).token };
    const started = await call(a, 'POST', '/api/audio', admin, { slug: LONG, chapter: 1 });
    expect(started.status).toBe(202);
    const res = await fetch(`${b.base}/api/audio-stream/${LONG}/1`, { headers: { authorization: `Bearer ${admin.token}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-audio-source')).toBe('live');
    expect(res.headers.get('x-audio-job')).toBe(started.body.job_id);
    // The bytes arrive in pieces as the worker process makes them.
    const pieces: number[] = [];
    const chunks: Uint8Array[] = [];
    const reader = res.body!.getReader();
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      pieces.push(performance.now());
      chunks.push(read.value);
    }
    expect(pieces.length).toBeGreaterThan(1);
    const streamed = Buffer.concat(chunks);
    // The status seen through the first web process follows, and the stored file is what was streamed.
    await until(() => call(a, 'GET', `/api/audio/status/${LONG}/1`, admin), (r) => r.body?.status === 'done', 20_000, 'the narration to be stored');
    const { body } = await call(a, 'GET', `/api/presign/audio?slug=${LONG}&chapter=1`, admin);
    const stored = Buffer.from(await (await fetch(body.url)).arrayBuffer());
    expect(stored.length).toBe(streamed.length);
    expect(stored.equals(streamed)).toBe(true);
  }, 40_000);
});
