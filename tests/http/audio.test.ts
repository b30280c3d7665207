import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { endOfUtcDay, dailyKey } from '../../src/features/limits/daily.ts';
import { DEFAULT_VOICE } from '../../src/features/settings/model.ts';
import { anon, audioCall, ended, pollStatus, readAll, startAudioApp, type AudioTestApp, type Who } from '../support/audio-app.ts';
import { loginAs } from '../support/auth.ts';
import { PAYMENTS_CONFIGURED_ENV } from '../support/payments.ts';

/** The audio API as a client meets it: voices, 202 jobs, status, presign, errors and the free tier. */
let app: AudioTestApp;
beforeAll(async () => {
  // The contract's daily limit holds on a site that takes payments (decisions.md).
  app = await startAudioApp({ env: PAYMENTS_CONFIGURED_ENV });
}, 30_000);
afterAll(() => app.close(), 30_000);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const post = (who: Who, body: unknown) => audioCall(app, 'POST', '/api/audio', who, body);
const status = (who: Who, slug: string, n: number | string, voice?: string) =>
  audioCall(app, 'GET', `/api/audio/status/${slug}/${n}${voice ? `?voice=${voice}` : ''}`, who);
const waitDone = (who: Who, slug: string, n: number, voice = DEFAULT_VOICE) =>
  pollStatus(app, `/api/audio/status/${slug}/${n}?voice=${voice}`, who, ended);
const pro = async (name: string): Promise<Who> => ({ cookie: (await loginAs(app, name, { role: 'pro' })).cookie });

describe('GET /api/voices', () => {
  test('lists {id, name, engine, language}; the first voice is the settings default', async () => {
    const res = await app.fetch('/api/voices');
    expect(res.status).toBe(200);
    const { voices } = (await res.json()) as { voices: Record<string, string>[] };
    expect(voices[0]).toEqual({ id: DEFAULT_VOICE, name: 'English (US)', engine: 'espeak', language: 'en-US' });
    for (const voice of voices) expect(Object.keys(voice).sort()).toEqual(['engine', 'id', 'language', 'name']);
    expect(voices.map((v) => v.engine)).toContain('flite');
  });
});

describe('POST /api/audio', () => {
  test('answers 202 {job_id, status} at once, and the job ends done', async () => {
    const who = await pro('au-post');
    const res = await post(who, { slug: 'morning-bread', chapter: 1, voice: 'espeak-en-us' });
    expect(res.status).toBe(202);
    const body = (await res.json()) as { job_id: string; status: string };
    expect(Object.keys(body).sort()).toEqual(['job_id', 'status']);
    expect(body.job_id).toMatch(UUID);
    expect(['pending', 'generating']).toContain(body.status);
    const { body: final } = await waitDone(who, 'morning-bread', 1);
    expect(final).toEqual({ job_id: body.job_id, status: 'done', error: null });
  });

  test('the voice defaults to the first voice; numeric strings are accepted', async () => {
    const who = await pro('au-default');
    const res = await post(who, { slug: 'morning-bread', chapter: '2' });
    expect(res.status).toBe(202);
    const { job_id } = (await res.json()) as { job_id: string };
    const row = await app.platform.db.selectFrom('audio_jobs').selectAll().where('id', '=', job_id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ slug: 'morning-bread', chapter: 2, voice: DEFAULT_VOICE });
    await waitDone(who, 'morning-bread', 2);
  });

  test('a duplicate POST, also a concurrent one, returns the same job: one queue job, one row', async () => {
    const who = await pro('au-dup');
    const target = { slug: 'salvage-rights', chapter: 1, voice: 'espeak-slow' };
    const responses = await Promise.all(Array.from({ length: 5 }, () => post(who, target)));
    const bodies = (await Promise.all(responses.map((r) => (expect(r.status).toBe(202), r.json())))) as { job_id: string }[];
    const ids = new Set(bodies.map((b) => b.job_id));
    expect(ids.size).toBe(1);
    const again = (await (await post(who, target)).json()) as { job_id: string };
    expect(again.job_id).toBe(bodies[0]!.job_id);
    const rows = await app.platform.db.selectFrom('audio_jobs').select('id').where('slug', '=', 'salvage-rights').where('chapter', '=', 1).where('voice', '=', 'espeak-slow').execute();
    expect(rows.map((r) => r.id)).toEqual([again.job_id]);
    const queued = await app.platform.db.selectFrom('jobs').select('id').where('kind', '=', 'audio.generate').where('dedupe_key', '=', 'salvage-rights/1/espeak-slow').execute();
    expect(queued.map((r) => r.id)).toEqual([again.job_id]);
    await waitDone(who, 'salvage-rights', 1, 'espeak-slow');
    // Once done, asking again returns the done job: stored audio is not generated twice.
    const later = await post(who, target);
    expect(await later.json()).toEqual({ job_id: again.job_id, status: 'done' });
  });

  test('unknown voice 400 naming it; unknown book or chapter 404; bad chapter 400', async () => {
    const who = { sessionId: 'audio-post-errors-0123456789' };
    let res = await post(who, { slug: 'morning-bread', chapter: 1, voice: 'nobody-speaks' });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: 'invalid_request', message: 'Unknown voice: nobody-speaks (GET /api/voices lists the voices)' });
    res = await post(who, { slug: 'morning-bread', chapter: 1, voice: 'Bad Voice!' });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toContain('voice must be a voice id');
    res = await post(who, { slug: 'no-such-book', chapter: 1 });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: 'not_found', message: 'Book not found' });
    res = await post(who, { slug: 'morning-bread', chapter: 999 });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: 'not_found', message: 'Chapter not found' });
    for (const chapter of [0, -1, 1.5, 'one']) {
      res = await post(who, { slug: 'morning-bread', chapter });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { message: string }).message).toContain('chapter must be a chapter number');
    }
    res = await post(who, { chapter: 1 });
    expect(res.status).toBe(400);
    // Nothing above was counted against the free tier.
    expect(await app.platform.cache.setMembers(dailyKey('audio', `anon:${who.sessionId}`, new Date()))).toEqual([]);
  });

  test('a cookie-authenticated POST from another site is refused (CSRF)', async () => {
    const { cookie } = await loginAs(app, 'au-csrf');
    const res = await audioCall(app, 'POST', '/api/audio', { cookie }, { slug: 'morning-bread', chapter: 1 }, { origin: 'https://evil.example' });
    expect(res.status).toBe(403);
  });
});

describe('GET /api/audio/status/{slug}/{n}', () => {
  test('404 before any request; 400 unknown voice; 404 unknown book or chapter; 400 bad n', async () => {
    const who = anon('status-errors');
    let res = await status(who, 'ink-and-alibis', 3);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: 'not_found', message: 'No audio has been requested for this chapter and voice' });
    res = await status(who, 'ink-and-alibis', 3, 'nobody-speaks');
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe('Unknown voice: nobody-speaks (GET /api/voices lists the voices)');
    res = await status(who, 'no-such-book', 1);
    expect(await res.json()).toEqual({ error: 'not_found', message: 'Book not found' });
    res = await status(who, 'ink-and-alibis', 999);
    expect(await res.json()).toEqual({ error: 'not_found', message: 'Chapter not found' });
    for (const n of ['0', 'abc', '1.5', '-2']) {
      res = await status(who, 'ink-and-alibis', n);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error: 'invalid_request', message: 'n must be a chapter number (a whole number of at least 1)' });
    }
  });

  test('is per voice: another voice of the same chapter has no job', async () => {
    const who = await pro('au-status-voice');
    await post(who, { slug: 'ink-and-alibis', chapter: 1 });
    await waitDone(who, 'ink-and-alibis', 1);
    expect((await status(who, 'ink-and-alibis', 1, 'flite-kal')).status).toBe(404);
  });
});

describe('GET /api/presign/audio', () => {
  test('404 before the audio exists, 200 {url} after; the link serves the stored audio', async () => {
    const who = await pro('au-presign');
    const path = '/api/presign/audio?slug=the-clockwork-heir&chapter=2&voice=espeak-en-us';
    let res = await audioCall(app, 'GET', path, who);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: 'not_found', message: 'Audio not found: it has not been generated yet' });
    await post(who, { slug: 'the-clockwork-heir', chapter: 2 });
    await waitDone(who, 'the-clockwork-heir', 2);
    res = await audioCall(app, 'GET', path, who);
    expect(res.status).toBe(200);
    const { url } = (await res.json()) as { url: string };
    // The public object-store address: the app's own /objects/ links, or the S3 public URL.
    const publicBase = (app.objectStore as { config?: { publicUrl: string } }).config?.publicUrl ?? app.platform.config.baseUrl;
    expect(url.startsWith(publicBase)).toBe(true);
    expect(url).toContain('audio/the-clockwork-heir/2/espeak-en-us.mp3');
    const object = await app.objectStore.fetch(url);
    expect(object.status).toBe(200);
    expect(object.headers.get('content-type')).toBe('audio/mpeg');
    const stream = await audioCall(app, 'GET', '/api/audio-stream/the-clockwork-heir/2', who);
    expect(new Uint8Array(await object.arrayBuffer())).toEqual((await readAll(stream)).bytes);
  });

  test('voice defaults to the first one; unknown voice 400; unknown chapter 404; missing slug 400', async () => {
    const who = anon('presign-errors');
    let res = await audioCall(app, 'GET', '/api/presign/audio?slug=morning-bread&chapter=1&voice=nobody-speaks', who);
    expect(res.status).toBe(400);
    res = await audioCall(app, 'GET', '/api/presign/audio?slug=morning-bread&chapter=999', who);
    expect(await res.json()).toEqual({ error: 'not_found', message: 'Chapter not found' });
    res = await audioCall(app, 'GET', '/api/presign/audio?chapter=1', who);
    expect(res.status).toBe(400);
    // morning-bread 1 was generated with the default voice by an earlier test.
    res = await audioCall(app, 'GET', '/api/presign/audio?slug=morning-bread&chapter=1', who);
    expect(res.status).toBe(200);
  });
});

describe('the free tier: 3 distinct chapters a day', () => {
  const stream = (who: Who, slug: string, n: number, method = 'GET') => audioCall(app, method, `/api/audio-stream/${slug}/${n}`, who);
  const PRO_REQUIRED = { error: 'pro_required', message: 'Free listening is 3 chapters a day; Chapterhouse Pro makes it unlimited' };

  test('the 4th distinct chapter is 402 on generation and stream; replays stay free', async () => {
    const { cookie, user } = await loginAs(app, 'au-free');
    const who = { cookie };
    for (const n of [1, 2, 3]) expect((await post(who, { slug: 'the-last-train-to-veld', chapter: n })).status).toBe(202);
    let res = await post(who, { slug: 'the-last-train-to-veld', chapter: 4 });
    expect(res.status).toBe(402);
    expect(await res.json()).toEqual(PRO_REQUIRED);
    res = await stream(who, 'the-last-train-to-veld', 5);
    expect(res.status).toBe(402);
    expect(await res.json()).toEqual(PRO_REQUIRED);
    // A counted chapter again: free, on POST and on the stream, in another voice too.
    expect((await post(who, { slug: 'the-last-train-to-veld', chapter: 2 })).status).toBe(202);
    expect((await post(who, { slug: 'the-last-train-to-veld', chapter: 2, voice: 'flite-kal' })).status).toBe(202);
    await waitDone(who, 'the-last-train-to-veld', 1);
    res = await stream(who, 'the-last-train-to-veld', 1);
    expect(res.status).toBe(200);
    await readAll(res);
    const key = dailyKey('audio', `user:${user.id}`, new Date());
    expect(await app.platform.cache.setMembers(key)).toEqual(['the-last-train-to-veld:1', 'the-last-train-to-veld:2', 'the-last-train-to-veld:3']);
    // The set ends with the UTC day.
    const ttl = await app.platform.cache.ttl(key);
    expect(Math.abs(ttl - (endOfUtcDay(new Date()).getTime() - Date.now()) / 1000)).toBeLessThan(5);
  });

  test('HEAD answers 200 or 402 and counts nothing', async () => {
    const who = anon('head');
    for (let i = 0; i < 5; i++) {
      const res = await stream(who, 'salvage-rights', 20 + i, 'HEAD');
      expect(res.status).toBe(200);
      expect(await res.text()).toBe('');
    }
    // HEAD started nothing either.
    const jobs = await app.platform.db.selectFrom('audio_jobs').select('id').where('slug', '=', 'salvage-rights').where('chapter', '>=', 20).execute();
    expect(jobs).toEqual([]);
    for (const n of [25, 26, 27]) expect((await post(who, { slug: 'salvage-rights', chapter: n })).status).toBe(202);
    expect((await stream(who, 'salvage-rights', 28, 'HEAD')).status).toBe(402);
    expect((await stream(who, 'salvage-rights', 26, 'HEAD')).status).toBe(200);
    expect((await post(who, { slug: 'salvage-rights', chapter: 28 })).status).toBe(402);
  });

  test('asked ahead ({ahead: true}) a chapter is generated but counted only when its stream is played', async () => {
    const who = anon('ahead');
    for (const n of [20, 21]) expect((await post(who, { slug: 'ashes-of-the-dragon-throne', chapter: n })).status).toBe(202);
    // Ahead of time, past what is left of the day: generated, nothing counted.
    for (const n of [22, 23]) {
      const res = await post(who, { slug: 'ashes-of-the-dragon-throne', chapter: n, ahead: true });
      expect(res.status).toBe(202);
      expect(Object.keys(await res.json()).sort()).toEqual(['job_id', 'status']);
    }
    await waitDone(who, 'ashes-of-the-dragon-throne', 23);
    expect((await stream(who, 'ashes-of-the-dragon-throne', 23, 'HEAD')).status).toBe(200);
    // Played: now it counts, and it was the day's third.
    const played = await stream(who, 'ashes-of-the-dragon-throne', 23);
    expect(played.status).toBe(200);
    await readAll(played);
    let res = await post(who, { slug: 'ashes-of-the-dragon-throne', chapter: 22, ahead: true });
    expect(res.status).toBe(402);
    expect(await res.json()).toEqual(PRO_REQUIRED);
    expect((await stream(who, 'ashes-of-the-dragon-throne', 22)).status).toBe(402);
    // A chapter already counted today may still be asked ahead.
    res = await post(who, { slug: 'ashes-of-the-dragon-throne', chapter: 20, ahead: true });
    expect(res.status).toBe(202);
    expect((await post(who, { slug: 'ashes-of-the-dragon-throne', chapter: 24, ahead: 'yes' })).status).toBe(400);
  });

  test('a refused chapter is not counted: it stays refused, and concurrent newcomers never exceed 3', async () => {
    const who = anon('race');
    const results = await Promise.all([10, 11, 12, 13, 14, 15].map((n) => post(who, { slug: 'ashes-of-the-dragon-throne', chapter: n })));
    expect(results.map((r) => r.status).sort()).toEqual([202, 202, 202, 402, 402, 402]);
    const refused = results.map((r, i) => (r.status === 402 ? 10 + i : 0)).filter(Boolean);
    for (const n of refused) expect((await post(who, { slug: 'ashes-of-the-dragon-throne', chapter: n })).status).toBe(402);
  });

  test('pro and admin are unlimited; anonymous readers are counted per session', async () => {
    for (const role of ['pro', 'admin'] as const) {
      const { cookie } = await loginAs(app, `au-${role}`, { role });
      for (let n = 1; n <= 5; n++) expect((await post({ cookie }, { slug: 'the-ninth-mountain-sect', chapter: n })).status).toBe(202);
      expect((await stream({ cookie }, 'the-ninth-mountain-sect', 6, 'HEAD')).status).toBe(200);
    }
    const a = anon('session-a');
    const b = anon('session-b');
    for (const n of [7, 8, 9]) expect((await post(a, { slug: 'the-ninth-mountain-sect', chapter: n })).status).toBe(202);
    expect((await post(a, { slug: 'the-ninth-mountain-sect', chapter: 10 })).status).toBe(402);
    expect((await post(b, { slug: 'the-ninth-mountain-sect', chapter: 10 })).status).toBe(202);
  });

  test('presign counts only delivered audio', async () => {
    const who = anon('presign-count');
    const path = (n: number) => `/api/presign/audio?slug=ashes-of-the-dragon-throne&chapter=${n}`;
    for (const n of [1, 2, 3, 4]) expect((await audioCall(app, 'GET', path(n), who)).status).toBe(404);
    expect((await post(who, { slug: 'ashes-of-the-dragon-throne', chapter: 1 })).status).toBe(202);
    await waitDone(who, 'ashes-of-the-dragon-throne', 1);
    expect((await audioCall(app, 'GET', path(1), who)).status).toBe(200);
  });
});

describe('the catalogue follows stored audio', () => {
  test('has_audio, /api/audio/slugs and the browse filter turn on after a done job', async () => {
    const slug = 'the-house-on-wren-street';
    const book = async () => ((await (await app.fetch(`/api/book/${slug}`)).json()) as { book: { has_audio: boolean } }).book.has_audio;
    const slugs = async () => ((await (await app.fetch('/api/audio/slugs')).json()) as { slugs: string[] }).slugs;
    const browse = async () => ((await (await app.fetch('/api/browse?audio=1&limit=100')).json()) as { books: { slug: string }[] }).books.map((b) => b.slug);
    expect(await book()).toBe(false);
    expect(await slugs()).not.toContain(slug);
    const who = await pro('au-catalogue');
    await post(who, { slug, chapter: 1 });
    await waitDone(who, slug, 1);
    expect(await book()).toBe(true);
    expect(await slugs()).toContain(slug);
    // Listings follow once the job's announcement, sent from its worker after the commit, is heard.
    const deadline = Date.now() + 3000;
    while (!(await browse()).includes(slug) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(await browse()).toContain(slug);
    const file = await app.platform.db.selectFrom('audio_files').selectAll().where('slug', '=', slug).executeTakeFirstOrThrow();
    expect(file).toMatchObject({ chapter: 1, voice: DEFAULT_VOICE, object_key: `audio/${slug}/1/espeak-en-us.mp3`, format: 'mp3' });
    expect(Number(file.size_bytes)).toBeGreaterThan(10_000);
    expect(file.duration_seconds).toBeGreaterThan(10);
    // The stored object carries its content type and duration.
    const info = await app.platform.objects.head(file.object_key);
    expect(info).toMatchObject({ contentType: 'audio/mpeg', size: Number(file.size_bytes) });
    expect(Number(info!.metadata.duration)).toBeCloseTo(file.duration_seconds, 2);
    // Deleting the stored audio turns the flag off again (a database trigger, whoever deletes).
    await app.platform.db.deleteFrom('audio_files').where('slug', '=', slug).execute();
    expect(await book()).toBe(false);
  });
});

describe('notifications', () => {
  type Note = { title: string; body: string; link: string | null };
  const notes = async (cookie: string, userId: string) =>
    ((await (await audioCall(app, 'GET', `/api/notifications?user_id=${userId}`, { cookie })).json()) as { notifications: Note[] }).notifications;

  test('the requesting user is told when the audio is ready, in their language', async () => {
    const session = await loginAs(app, 'au-notify', { role: 'pro' });
    await audioCall(app, 'PUT', '/api/settings', { cookie: session.cookie }, { locale: 'pt' });
    await post({ cookie: session.cookie }, { slug: 'letters-to-the-lighthouse', chapter: 2 });
    await waitDone({ cookie: session.cookie }, 'letters-to-the-lighthouse', 2);
    const [note] = await notes(session.cookie, session.user.id);
    expect(note).toMatchObject({ body: 'A narração deste capítulo está pronta para ouvir.', link: '/book/letters-to-the-lighthouse/2' });
    expect(note!.title).toMatch(/^Áudio pronto: .+, capítulo 2$/);
  });

  test('chapters asked for one after another gather in one "Audio ready" per book while it is unread', async () => {
    const session = await loginAs(app, 'au-notify-many', { role: 'pro' });
    for (const chapter of [1, 2, 3]) {
      await post({ cookie: session.cookie }, { slug: 'letters-to-the-lighthouse', chapter, voice: 'flite-kal' });
      await waitDone({ cookie: session.cookie }, 'letters-to-the-lighthouse', chapter, 'flite-kal');
    }
    const gathered = await notes(session.cookie, session.user.id);
    expect(gathered).toHaveLength(1);
    expect(gathered[0]).toMatchObject({ body: 'The narration of these chapters is ready to play.', link: '/book/letters-to-the-lighthouse/1' });
    expect(gathered[0]!.title).toMatch(/^Audio ready: .+, chapters 1–3$/);
  });

  test('no "Audio ready" for a chapter fetched ahead by the player, nor for one streamed while it was made', async () => {
    const session = await loginAs(app, 'au-notify-quiet', { role: 'pro' });
    await post({ cookie: session.cookie }, { slug: 'letters-to-the-lighthouse', chapter: 4, voice: 'flite-kal', ahead: true });
    await waitDone({ cookie: session.cookie }, 'letters-to-the-lighthouse', 4, 'flite-kal');
    const stream = await audioCall(app, 'GET', '/api/audio-stream/letters-to-the-lighthouse/5?voice=flite-kal', { cookie: session.cookie });
    expect(stream.status).toBe(200);
    await stream.arrayBuffer();
    await waitDone({ cookie: session.cookie }, 'letters-to-the-lighthouse', 5, 'flite-kal');
    expect(await notes(session.cookie, session.user.id)).toEqual([]);
  });

  test('a failure is told too; an anonymous request notifies the admins', async () => {
    const session = await loginAs(app, 'au-notify-fail', { role: 'pro' });
    await post({ cookie: session.cookie }, { slug: 'letters-to-the-lighthouse', chapter: 3, voice: 'espeak-broken' });
    const { body } = await waitDone({ cookie: session.cookie }, 'letters-to-the-lighthouse', 3, 'espeak-broken');
    expect(body.status).toBe('failed');
    const [note] = await notes(session.cookie, session.user.id);
    expect(note).toMatchObject({ body: 'This chapter could not be narrated. Try again later.', link: '/book/letters-to-the-lighthouse/3' });
    expect(note!.title).toMatch(/^Audio failed: .+, chapter 3$/);

    const admin = await loginAs(app, 'au-admin-notes', { role: 'admin' });
    const who = anon('notify-admins');
    await post(who, { slug: 'letters-to-the-lighthouse', chapter: 4 });
    await waitDone(who, 'letters-to-the-lighthouse', 4);
    const [adminNote] = await notes(admin.cookie, admin.user.id);
    expect(adminNote).toMatchObject({ link: '/book/letters-to-the-lighthouse/4' });
    expect(adminNote!.title).toMatch(/^Audio ready: .+, chapter 4$/);
  });
});
