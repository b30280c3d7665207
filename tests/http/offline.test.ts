import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createBook, writeChapter } from '../../src/features/catalogue/writes/service.ts';
import { loadAssets } from '../../src/platform/http/assets.ts';
import { startTestApp, type TestApp } from '../support/app.ts';

// Offline reading (features/offline): the service worker script, the web app manifest, the
// storage page and the list of what a device downloads to keep a run of chapters.
let app: TestApp;
let slug: string;
let voice: string;
// The same files, so the same fingerprints, as the app's.
const assets = loadAssets();

beforeAll(async () => {
  app = await startTestApp({ seed: false });
  await app.platform.db.transaction().execute(async (trx) => {
    slug = await createBook(trx, { title: 'Kept Lanterns', author: 'O. Fline', description: '', status: 'ongoing', genres: ['Fantasy'], sourceUrl: null, sourceKey: null, coverKey: null });
    for (let n = 1; n <= 14; n++) await writeChapter(trx, slug, { number: n, title: `Lantern ${n}`, text: `Chapter ${n} text.` });
  });
  voice = ((await (await app.fetch('/api/voices')).json()) as { voices: { id: string }[] }).voices[0]!.id;
  // Stored audio of chapters 2 and 3 in the default voice, and of chapter 4 in another voice only.
  await app.platform.db
    .insertInto('audio_files')
    .values([
      { slug, chapter: 2, voice, object_key: `audio/${slug}/2/a.mp3`, format: 'mp3', size_bytes: 120_000, duration_seconds: 31.5 },
      { slug, chapter: 3, voice, object_key: `audio/${slug}/3/a.mp3`, format: 'mp3', size_bytes: 90_000, duration_seconds: 22 },
      { slug, chapter: 4, voice: 'some-other-voice', object_key: `audio/${slug}/4/b.mp3`, format: 'mp3', size_bytes: 1, duration_seconds: 1 },
    ])
    .execute();
});
afterAll(() => app.close());

describe('GET /api/offline/books/:slug', () => {
  test('ten chapters from the first by default, each with the page address, and the stored audio in the default voice', async () => {
    const response = await app.fetch(`/api/offline/books/${slug}`);
    expect(response.status).toBe(200);
    const list = (await response.json()) as { book: Record<string, unknown>; chapters: { number: number; url: string; title: string }[]; audio: Record<string, unknown>[] };
    expect(list.book).toEqual({ slug, title: 'Kept Lanterns', author: 'O. Fline', cover_url: null, url: `/book/${slug}`, chapter_count: 14 });
    expect(list.chapters.map((c) => c.number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(list.chapters[0]).toEqual({ number: 1, title: 'Lantern 1', url: `/book/${slug}/1` });
    const q = `?voice=${encodeURIComponent(voice)}`;
    expect(list.audio).toEqual([
      { chapter: 2, voice, format: 'mp3', bytes: 120_000, duration: 31.5, url: `/api/audio-stream/${slug}/2${q}`, timings_url: `/api/audio/timings/${slug}/2${q}` },
      { chapter: 3, voice, format: 'mp3', bytes: 90_000, duration: 22, url: `/api/audio-stream/${slug}/3${q}`, timings_url: `/api/audio/timings/${slug}/3${q}` },
    ]);
  });

  test('from and count choose the run; the addresses in the list answer', async () => {
    const list = (await (await app.fetch(`/api/offline/books/${slug}?from=3&count=20`)).json()) as { chapters: { number: number; url: string }[]; audio: { chapter: number }[] };
    expect(list.chapters.map((c) => c.number)).toEqual([3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14]);
    expect(list.audio.map((a) => a.chapter)).toEqual([3]);
    const page = await app.fetch(list.chapters[0]!.url, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Lantern 3');
  });

  test('a voice the server does not offer is refused, like everywhere in the audio API', async () => {
    const list = (await (await app.fetch(`/api/offline/books/${slug}?voice=some-other-voice`)).json()) as unknown;
    // An unknown voice is refused like everywhere else in the audio API.
    expect(list).toMatchObject({ error: 'invalid_request' });
  });

  test('bad input: 404 for a book that does not exist, 400 with the reason for a bad count or chapter', async () => {
    const missing = await app.fetch('/api/offline/books/no-such-book');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: 'not_found', message: 'Book not found' });
    for (const [query, message] of [
      ['count=0', 'count must be a whole number from 1 to 5000'],
      ['count=5001', 'count must be a whole number from 1 to 5000'],
      ['count=abc', 'count must be a whole number from 1 to 5000'],
      ['from=0', 'from must be a chapter number of at least 1'],
    ]) {
      const response = await app.fetch(`/api/offline/books/${slug}?${query}`);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: 'invalid_request', message });
    }
  });
});

describe('the service worker and the manifest', () => {
  test('/sw.js is served from the root, never cached without asking, with the files it keeps', async () => {
    const response = await app.fetch('/sw.js');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(response.headers.get('service-worker-allowed')).toBe('/');
    expect(response.headers.get('set-cookie')).toBeNull();
    const body = await response.text();
    const settings = JSON.parse(/^self\.CHAPTERHOUSE = (.*);$/m.exec(body)![1]!) as { version: string; shell: string[]; storeScript: string; fallback: string };
    expect(settings.fallback).toBe('/offline');
    expect(settings.shell).toContain(assets.url('css/app.css'));
    expect(settings.shell).toContain(assets.url('js/reader.js'));
    expect(settings.shell.some((url) => url.includes('service-worker'))).toBe(false);
    expect(settings.storeScript).toBe(assets.url('js/offline/store.js'));
    // Every file it keeps at install answers (a missing one would fail the whole install).
    for (const url of settings.shell) expect((await app.fetch(url)).status).toBe(200);
    const again = await app.fetch('/sw.js', { headers: { 'if-none-match': response.headers.get('etag')! } });
    expect(again.status).toBe(304);
  });

  test('the manifest makes the site installable, in the visitor’s language, with PNG icons that exist', async () => {
    const response = await app.fetch('/manifest.webmanifest', { headers: { 'accept-language': 'fr' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/manifest+json');
    const manifest = (await response.json()) as { name: string; lang: string; start_url: string; display: string; icons: { src: string; sizes: string; type: string; purpose: string }[] };
    expect(manifest).toMatchObject({ name: 'Chapterhouse', lang: 'fr', start_url: '/', display: 'standalone' });
    const png = manifest.icons.filter((icon) => icon.type === 'image/png');
    expect(png.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
    for (const icon of png) {
      const file = await app.fetch(icon.src);
      expect(file.status).toBe(200);
      expect(file.headers.get('content-type')).toBe('image/png');
    }
  });

  test('every page links the manifest and starts the worker; the offline page is there in every language', async () => {
    const home = await (await app.fetch('/', { headers: { accept: 'text/html' } })).text();
    expect(home).toContain('<link rel="manifest" href="/manifest.webmanifest"');
    expect(home).toContain(assets.url('js/offline/register.js'));
    expect(home).toContain('data-offline-banner');
    for (const [locale, title] of [['en', 'Offline reading'], ['pt', 'Leitura offline'], ['es', 'Lectura sin conexión'], ['fr', 'Lecture hors ligne'], ['id', 'Membaca luring']]) {
      const page = await app.fetch('/offline', { headers: { accept: 'text/html', cookie: `locale=${locale}` } });
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain(`<h1>${title}</h1>`);
      // The messages for the script are data in an attribute; every script element has a src (CSP).
      expect(html).toContain('<div id="offline-messages" hidden data-messages="{&#34;offline.usage&#34;:');
      expect(html.match(/<script(?![^>]*\ssrc=)[^>]*>/g)).toBeNull();
    }
  });

  test('the book page offers to keep the book from the reader’s place; the chapter page the next ten chapters', async () => {
    const book = await (await app.fetch(`/book/${slug}`, { headers: { accept: 'text/html' } })).text();
    expect(book).toMatch(new RegExp(`data-offline-keep data-slug="${slug}" data-from="1"`));
    expect(book).toContain('The whole book (14 chapters)');
    const chapter = await (await app.fetch(`/book/${slug}/5`, { headers: { accept: 'text/html' } })).text();
    expect(chapter).toContain('Keep the next 10 chapters offline');
    expect(chapter).toMatch(/data-offline-keep data-slug="[^"]+" data-from="5"/);
    // The last chapter has nothing after it to keep.
    expect(await (await app.fetch(`/book/${slug}/14`, { headers: { accept: 'text/html' } })).text()).not.toContain('data-offline-keep');
  });
});
