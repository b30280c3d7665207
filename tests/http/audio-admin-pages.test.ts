import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { sql } from 'kysely';
import { audioKey } from '../../src/features/audio/keys.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { DEBUG_TOKEN, loginAs, TEST_ORIGIN, type Session } from '../support/auth.ts';

/** /admin/audio: who may see it, what it shows, paging, and deleting with and without JavaScript. */
let app: TestApp;
let admin: Session;
let user: Session;
beforeAll(async () => {
  app = await startTestApp({ env: { DEBUG_LOGIN_TOKEN: DEBUG_TOKEN } });
  admin = await loginAs(app, 'acp-admin', { role: 'admin' });
  user = await loginAs(app, 'acp-user');
});
afterAll(() => app.close());

const db = () => app.platform.db;
const get = (path: string, session?: Session | null, extra: Record<string, string> = {}) =>
  app.fetch(path, { headers: { accept: 'text/html', ...(session ? { cookie: session.cookie } : {}), ...extra }, redirect: 'manual' });
async function page(path: string, session: Session = admin, extra: Record<string, string> = {}): Promise<string> {
  const res = await get(path, session, extra);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('text/html');
  return res.text();
}
function form(session: Session | null, fields: Record<string, string>, htmx = false) {
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded', origin: TEST_ORIGIN, accept: 'text/html' };
  if (session) headers.cookie = session.cookie;
  if (htmx) headers['hx-request'] = 'true';
  return app.fetch('/admin/audio/delete', { method: 'POST', headers, body: new URLSearchParams(fields).toString(), redirect: 'manual' });
}
const rowKeys = (html: string) => [...html.matchAll(/<tr class="audio-cache__row" data-slug="([^"]+)" data-chapter="(\d+)" data-voice="([^"]+)">/g)].map((m) => `${m[1]}/${m[2]}/${m[3]}`);
const hasAudio = async (slug: string) => (await db().selectFrom('books').select('has_audio').where('slug', '=', slug).executeTakeFirstOrThrow()).has_audio;

async function store(slug: string, chapter: number, voice: string, size: number, duration: number, created: string): Promise<void> {
  const format = voice.startsWith('flite-') ? 'wav' : 'mp3';
  const key = audioKey(slug, chapter, voice, format);
  await app.platform.objects.put(key, new Uint8Array(size).fill(1), { contentType: format === 'mp3' ? 'audio/mpeg' : 'audio/wav' });
  await db().insertInto('audio_files').values({ slug, chapter, voice, object_key: key, format, size_bytes: size, duration_seconds: duration, created_at: sql`${created}::timestamptz` }).execute();
}
const clear = async () => {
  await db().deleteFrom('audio_files').execute();
};

describe('who may see /admin/audio', () => {
  test('anonymous visitors and readers get the 403 page (every /admin path is admins only); htmx gets a toast', async () => {
    for (const session of [null, user]) {
      const res = await get('/admin/audio', session);
      expect(res.status).toBe(403);
      const html = await res.text();
      expect(html).toContain('<p class="message-page__code" aria-hidden="true">403</p>');
      expect(html).toContain('Administrators only');
      expect(html).not.toContain('audio-cache');
    }
    const htmx = await get('/admin/audio', user, { 'hx-request': 'true' });
    expect(htmx.status).toBe(403);
    expect(JSON.parse(htmx.headers.get('hx-trigger')!)).toEqual({ 'app:toast': { level: 'error', message: 'Administrators only' } });
  });

  test('the account page links admins to it, and nobody else', async () => {
    const adminAccount = await page('/account', admin);
    expect(adminAccount).toContain('<a href="/admin/audio" id="account-admin-audio">Audio cache</a>');
    const userAccount = await page('/account', user);
    expect(userAccount).not.toContain('/admin/audio');
    expect(userAccount).not.toContain('account-admin');
  });
});

describe('the page', () => {
  beforeAll(async () => {
    await clear();
    await store('letters-to-the-lighthouse', 1, 'espeak-en-us', 1_234_567, 65.4, '2026-03-04T05:06:07.000000Z');
    await store('letters-to-the-lighthouse', 2, 'flite-kal', 850, 3725, '2026-03-05T05:06:07.000000Z');
    await store('the-ninth-mountain-sect', 1, 'espeak-en-us', 400_000, 0.4, '2026-03-06T05:06:07.000000Z');
  });

  test('totals on top; one row per object, newest first, with the book link, engine, sizes, durations and dates', async () => {
    const res = await get('/admin/audio', admin);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-cache');
    const html = await res.text();
    expect(html).toContain('<meta name="robots" content="noindex"/>');
    expect(html).toContain('<h1 id="audio-cache-heading" tabindex="-1">Audio cache</h1>');
    expect(html).toContain('<span class="audio-cache__figure">3 stored audio files · 1.6 MB</span>');
    expect(rowKeys(html)).toEqual(['the-ninth-mountain-sect/1/espeak-en-us', 'letters-to-the-lighthouse/2/flite-kal', 'letters-to-the-lighthouse/1/espeak-en-us']);
    const title = (await db().selectFrom('books').select('title').where('slug', '=', 'letters-to-the-lighthouse').executeTakeFirstOrThrow()).title;
    const row = html.slice(html.indexOf('data-slug="letters-to-the-lighthouse" data-chapter="1"'));
    expect(row).toContain(`<a href="/book/letters-to-the-lighthouse">${title}</a>`);
    expect(row).toContain('<code>espeak-en-us</code>');
    expect(row).toContain('>eSpeak</td>');
    expect(row).toContain('<data value="1234567">1.2 MB</data>');
    expect(row).toContain('<data value="65.4">1:05</data>');
    expect(row).toContain('<time datetime="2026-03-04T05:06:07.000Z">Mar 4, 2026, 05:06 AM UTC</time>');
    const flite = html.slice(html.indexOf('data-slug="letters-to-the-lighthouse" data-chapter="2"'));
    expect(flite).toContain('>Flite</td>');
    expect(flite).toContain('<data value="850">850 bytes</data>');
    expect(flite).toContain('<data value="3725">1:02:05</data>');
    // Each row deletes through its own form, asking first; the empty state is there but hidden.
    expect(row).toContain(`aria-label="Delete the audio of ${title}, chapter 1, voice espeak-en-us"`);
    expect(row).toContain('hx-confirm="Delete the audio of “');
    expect(html).toContain('<div id="audio-cache-empty" class="empty-state audio-cache__empty" hidden>');
    expect(html).not.toContain('id="audio-cache-load-more"');
    expect(html).toMatch(/<script src="\/assets\/js\/admin-audio\.[0-9a-f]+\.js" defer><\/script>/);
  });

  test('in the reader\'s language', async () => {
    const html = await page('/admin/audio', admin, { cookie: `${admin.cookie}; locale=pt` });
    expect(html).toContain('<h1 id="audio-cache-heading" tabindex="-1">Cache de áudio</h1>');
    expect(html).toContain('3 arquivos de áudio armazenados · 1,6 MB');
    expect(html).toContain('<data value="1234567">1,2 MB</data>');
    expect(html).toContain('>Excluir</button>');
  });

  test('"Load more" links to the next rows (appended by htmx) until the last page', async () => {
    const first = await page('/admin/audio?limit=2');
    expect(rowKeys(first)).toHaveLength(2);
    const href = /<a class="button button--quiet" id="audio-cache-load-more" href="([^"]+)" hx-get="\1" hx-target="#audio-cache-rows" hx-swap="beforeend" hx-select="#audio-cache-rows > tr" hx-select-oob="#audio-cache-more">Load more<\/a>/.exec(first)?.[1];
    expect(href).toMatch(/^\/admin\/audio\?limit=2&after=[A-Za-z0-9_-]+$/);
    const second = await page(href!);
    expect([...rowKeys(first), ...rowKeys(second)]).toEqual(rowKeys(await page('/admin/audio')));
    expect(second).not.toContain('id="audio-cache-load-more"');
    // The first button of a later page takes the focus (the next one to act on).
    expect(second).toContain('audio-cache__delete" aria-label="Delete the audio of');
    expect(second.match(/ autofocus/g)).toHaveLength(1);
    // A cursor, limit or filter that is not one shows the first page of everything rather than an error.
    expect(rowKeys(await page('/admin/audio?after=nonsense&limit=zz'))).toEqual(rowKeys(await page('/admin/audio')));
    expect(rowKeys(await page('/admin/audio?slug=%00&limit=0'))).toEqual(rowKeys(await page('/admin/audio')));
  });

  test('the slug filter narrows the rows and the totals', async () => {
    const html = await page('/admin/audio?slug=letters-to-the-lighthouse');
    expect(rowKeys(html)).toEqual(['letters-to-the-lighthouse/2/flite-kal', 'letters-to-the-lighthouse/1/espeak-en-us']);
    expect(html).toContain('2 stored audio files · 1.2 MB');
    expect(html).toContain('<span class="audio-cache__scope">Book: letters-to-the-lighthouse</span>');
    expect(html).toContain('value="letters-to-the-lighthouse"');
    const none = await page('/admin/audio?slug=no-such-book');
    expect(rowKeys(none)).toEqual([]);
    expect(none).toContain('<div id="audio-cache-empty" class="empty-state audio-cache__empty">');
    expect(none).toContain('No stored audio for this book');
  });
});

describe('deleting from the page', () => {
  beforeAll(async () => {
    await clear();
    await store('salvage-rights', 1, 'espeak-en-us', 1000, 10, '2026-04-01T00:00:00.000000Z');
    await store('salvage-rights', 2, 'espeak-en-us', 2000, 20, '2026-04-02T00:00:00.000000Z');
    await store('morning-bread', 5, 'flite-kal', 3000, 30, '2026-04-03T00:00:00.000000Z');
  });
  const target = (slug: string, chapter: number, voice: string) => ({ slug, chapter: String(chapter), voice });

  test('without JavaScript: the form asks on a page of its own, then deletes and comes back with a notice', async () => {
    const ask = await form(admin, target('salvage-rights', 1, 'espeak-en-us'));
    expect(ask.status).toBe(200);
    const confirm = await ask.text();
    expect(confirm).toContain('<h1 id="confirm-heading">Delete this audio?</h1>');
    expect(confirm).toContain('<input type="hidden" name="confirmed" value="1"/>');
    expect(await app.platform.objects.head(audioKey('salvage-rights', 1, 'espeak-en-us', 'mp3'))).not.toBeNull();

    const done = await form(admin, { ...target('salvage-rights', 1, 'espeak-en-us'), confirmed: '1' });
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe('/admin/audio?done=deleted');
    expect(await app.platform.objects.head(audioKey('salvage-rights', 1, 'espeak-en-us', 'mp3'))).toBeNull();
    expect(await hasAudio('salvage-rights')).toBe(true); // chapter 2 is still stored
    const after = await page('/admin/audio?done=deleted');
    expect(after).toContain('Audio deleted.</p>');
    expect(rowKeys(after)).toEqual(['morning-bread/5/flite-kal', 'salvage-rights/2/espeak-en-us']);
    expect(after).toContain('2 stored audio files · 5 kB');

    // Sent again (a second tab, a double submit): nothing to delete, and the page says so.
    const again = await form(admin, { ...target('salvage-rights', 1, 'espeak-en-us'), confirmed: '1', filter: 'salvage-rights' });
    expect(again.headers.get('location')).toBe('/admin/audio?slug=salvage-rights&done=missing');
    expect(await page('/admin/audio?slug=salvage-rights&done=missing')).toContain('That audio had already been deleted.');
  });

  test('with htmx: the answer empties the row and replaces the totals and the empty state out of band', async () => {
    const res = await form(admin, { ...target('salvage-rights', 2, 'espeak-en-us'), confirmed: '1', filter: 'salvage-rights' }, true);
    expect(res.status).toBe(200);
    expect(JSON.parse(res.headers.get('hx-trigger')!)).toEqual({ 'app:toast': { level: 'info', message: 'Audio deleted.' } });
    const html = await res.text();
    // Only out-of-band parts: what htmx swaps into the row is nothing, so the row goes.
    expect(html).toBe(
      '<p id="audio-cache-totals" class="audio-cache__totals" hx-swap-oob="true"><span class="audio-cache__figure">0 stored audio files · 0 bytes</span><span class="audio-cache__scope">Book: salvage-rights</span></p>' +
        '<div id="audio-cache-empty" class="empty-state audio-cache__empty" hx-swap-oob="true"><p class="empty-state__title">No stored audio for this book</p><p>Check the slug, or show all books.</p></div>',
    );
    expect(await app.platform.objects.head(audioKey('salvage-rights', 2, 'espeak-en-us', 'mp3'))).toBeNull();
    expect(await hasAudio('salvage-rights')).toBe(false); // that was the book's last audio

    const missing = await form(admin, { ...target('salvage-rights', 2, 'espeak-en-us'), confirmed: '1' }, true);
    expect(missing.status).toBe(200);
    expect(JSON.parse(missing.headers.get('hx-trigger')!)).toEqual({ 'app:toast': { level: 'info', message: 'That audio had already been deleted.' } });
    expect(await missing.text()).toContain('1 stored audio file · 3 kB');
  });

  test('a tampered form is 400; only admins may post it, and then nothing is deleted', async () => {
    const tampered: Record<string, string>[] = [{ slug: 'morning-bread', chapter: 'five', voice: 'flite-kal' }, { slug: 'morning-bread', chapter: '5', voice: 'Not A Voice' }, { chapter: '5', voice: 'flite-kal' }];
    for (const fields of tampered) {
      const res = await form(admin, { ...fields, confirmed: '1' });
      expect(res.status).toBe(400);
    }
    for (const session of [null, user]) {
      const res = await form(session, { ...target('morning-bread', 5, 'flite-kal'), confirmed: '1' });
      expect(res.status).toBe(403);
    }
    expect(await app.platform.objects.head(audioKey('morning-bread', 5, 'flite-kal', 'wav'))).not.toBeNull();
    expect(await hasAudio('morning-bread')).toBe(true);
  });

  test('with nothing stored, the page says so', async () => {
    await clear();
    const html = await page('/admin/audio');
    expect(rowKeys(html)).toEqual([]);
    expect(html).toContain('<tbody id="audio-cache-rows"></tbody>');
    expect(html).toContain('<div id="audio-cache-empty" class="empty-state audio-cache__empty"><p class="empty-state__title">No stored audio</p>');
    expect(html).toContain('0 stored audio files · 0 bytes');
  });
});
