import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import JSZip from 'jszip';
import { parseBuffer } from 'music-metadata';
import { anon, audioCall, readAll, startAudioApp, type AudioTestApp, type Who } from '../support/audio-app.ts';
import { loginAs } from '../support/auth.ts';
import { PAYMENTS_CONFIGURED_ENV } from '../support/payments.ts';

/**
 * Narrated EPUB and audiobook exports as a client meets them: POST /api/exports → 202 {job_id},
 * GET /api/exports/{job_id} until done, the file; the narration of missing chapters made first by
 * the ordinary audio jobs (fake engines in real worker threads), stored copies served again.
 */
let app: AudioTestApp;
beforeAll(async () => {
  app = await startAudioApp({ env: PAYMENTS_CONFIGURED_ENV, exports: true });
}, 30_000);
afterAll(() => app.close(), 30_000);

type ExportJob = { status: string; progress: number; message?: string; url?: string; error?: string; size?: number; format: string; slug: string; from: number; to: number; voice: string };

const pro = async (name: string): Promise<Who> => ({ cookie: (await loginAs(app, name, { role: 'pro' })).cookie });
const ask = (who: Who, body: unknown) => audioCall(app, 'POST', '/api/exports', who, body);
const look = (who: Who, id: string) => audioCall(app, 'GET', `/api/exports/${id}`, who);

async function accepted(who: Who, body: unknown): Promise<string> {
  const res = await ask(who, body);
  expect(res.status).toBe(202);
  const answer = (await res.json()) as { job_id: string };
  expect(Object.keys(answer)).toEqual(['job_id']);
  return answer.job_id;
}

/** Follows the export until it ends; answers the last body and every (status, progress) seen. */
async function untilEnded(who: Who, id: string, timeoutMs = 60_000): Promise<{ job: ExportJob; seen: { status: string; progress: number }[] }> {
  const seen: { status: string; progress: number }[] = [];
  for (const end = Date.now() + timeoutMs; ; await Bun.sleep(50)) {
    const res = await look(who, id);
    expect(res.status).toBe(200);
    const job = (await res.json()) as ExportJob;
    seen.push({ status: job.status, progress: job.progress });
    if (job.status === 'done' || job.status === 'failed') return { job, seen };
    if (Date.now() > end) throw new Error(`export stuck: ${JSON.stringify(job)}`);
  }
}

const stored = (slug: string, voice: string) =>
  app.platform.db.selectFrom('audio_files').select('chapter').where('slug', '=', slug).where('voice', '=', voice).orderBy('chapter').execute();

describe('POST /api/exports', () => {
  test('readers without Pro and anonymous callers get 403; bad input 400; an unknown book 404', async () => {
    const free = { cookie: (await loginAs(app, 'ex-free')).cookie };
    for (const who of [free, anon('ex-anon')]) {
      const res = await ask(who, { slug: 'morning-bread', from: 1, to: 2, format: 'audiobook' });
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ error: 'forbidden', message: 'This needs Chapterhouse Pro' });
    }
    const who = await pro('ex-bad');
    const refused = async (body: unknown, status: number, message: string) => {
      const res = await ask(who, body);
      expect(res.status).toBe(status);
      expect(((await res.json()) as { message: string }).message).toEqual(message);
    };
    await refused({ slug: 'morning-bread', format: 'mp4' }, 400, 'format must be epub-narrated or audiobook');
    await refused({ slug: 'morning-bread', from: 0, format: 'audiobook' }, 400, 'from must be a chapter number (a whole number of at least 1)');
    await refused({ slug: 'morning-bread', from: 3, to: 2, format: 'audiobook' }, 400, 'to (2) must not be before from (3)');
    await refused({ slug: 'morning-bread', from: 999, format: 'audiobook' }, 400, expect.stringMatching(/^from \(999\) is past the last chapter/) as unknown as string);
    await refused({ slug: 'morning-bread', format: 'audiobook', voice: 'nobody-speaks' }, 400, 'Unknown voice: nobody-speaks (GET /api/voices lists the voices)');
    await refused({ slug: 'no-such-book', format: 'audiobook' }, 404, 'Book not found');
  });
});

describe('narrated EPUB', () => {
  let who: Who;
  let id: string;
  let file: Uint8Array;

  test('the chapters without narration are narrated first, with progress; the finished EPUB downloads', async () => {
    who = await pro('ex-epub');
    expect(await stored('salvage-rights', 'espeak-en-us')).toEqual([]);
    id = await accepted(who, { slug: 'salvage-rights', from: 1, to: 3, format: 'epub-narrated', voice: 'espeak-en-us' });
    const { job, seen } = await untilEnded(who, id);
    expect(job).toMatchObject({ status: 'done', progress: 1, format: 'epub-narrated', slug: 'salvage-rights', from: 1, to: 3, voice: 'espeak-en-us', url: `/api/exports/${id}/file` });
    expect(job.size).toBeGreaterThan(10_000);
    // The ordinary audio jobs made the narration: it is stored for listening too.
    expect((await stored('salvage-rights', 'espeak-en-us')).map((r) => r.chapter)).toEqual([1, 2, 3]);
    const progress = seen.map((s) => s.progress);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(seen.some((s) => s.status === 'running' && s.progress > 0 && s.progress < 1)).toBe(true);

    const res = await audioCall(app, 'GET', job.url!, who);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/epub+zip');
    expect(res.headers.get('content-disposition')).toContain('chapters 1-3 (narrated).epub');
    file = (await readAll(res)).bytes;
    expect(Number(res.headers.get('content-length'))).toBe(file.length);
  }, 90_000);

  test('every chapter reads along: each sentence a fragment, its clip within its audio, in order', async () => {
    const zip = await JSZip.loadAsync(file);
    expect(await zip.file('mimetype')!.async('string')).toBe('application/epub+zip');
    const opf = await zip.file('OEBPS/content.opf')!.async('string');
    expect(opf).toContain('version="3.0"');
    for (const n of [1, 2, 3]) {
      const smil = await zip.file(`OEBPS/overlays/c${n}.smil`)!.async('string');
      const page = await zip.file(`OEBPS/chapters/c${n}.xhtml`)!.async('string');
      const audio = await zip.file(`OEBPS/audio/c${n}.mp3`)!.async('uint8array');
      expect(audio.length).toBeGreaterThan(1000);
      expect(opf).toContain(`media-overlay="smil-c${n}"`);
      const pars = [...smil.matchAll(/<text src="[^"#]*#([^"]+)"\/>\s*<audio src="[^"]+" clipBegin="([\d.]+)s" clipEnd="([\d.]+)s"\/>/g)].map((m) => ({ id: m[1]!, begin: Number(m[2]), end: Number(m[3]) }));
      const spans = [...page.matchAll(/<span id="(s\d+)"/g)].map((m) => m[1]!);
      expect(pars.length).toBeGreaterThan(3);
      // Every sentence the narration spoke is a fragment of the page: the clips cover the text.
      const spoken = await app.platform.db.selectFrom('audio_files').select('sentences').where('slug', '=', 'salvage-rights').where('chapter', '=', n).where('voice', '=', 'espeak-en-us').executeTakeFirstOrThrow();
      expect(pars.length).toBe(spoken.sentences!.length);
      // Every sentence span of the page has its clip, and every clip its span.
      expect(pars.map((p) => p.id)).toEqual(spans);
      // The audio's own length, read from the MP3 by an independent parser.
      const duration = (await parseBuffer(audio, { mimeType: 'audio/mpeg' }, { duration: true })).format.duration!;
      expect(duration).toBeGreaterThan(1);
      let previous = 0;
      for (const par of pars) {
        expect(par.begin).toBeGreaterThanOrEqual(previous);
        expect(par.end).toBeGreaterThan(par.begin);
        previous = par.end;
      }
      expect(previous).toBeLessThanOrEqual(duration + 0.001);
    }
  });

  test('asked again while nothing changed, the stored file is served at once; another reader cannot see it', async () => {
    const again = await accepted(who, { slug: 'salvage-rights', from: 1, to: 3, format: 'epub-narrated', voice: 'espeak-en-us' });
    expect(again).not.toBe(id);
    const first = await look(who, again);
    expect(((await first.json()) as ExportJob).status).toBe('done');
    const same = await readAll(await audioCall(app, 'GET', `/api/exports/${again}/file`, who));
    expect(Buffer.compare(Buffer.from(same.bytes), Buffer.from(file))).toBe(0);

    const other = await pro('ex-other');
    for (const path of [`/api/exports/${id}`, `/api/exports/${id}/file`, '/api/exports/not-a-uuid']) {
      const res = await audioCall(app, 'GET', path, other);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ error: 'not_found', message: 'Export not found' });
    }
    const res = await audioCall(app, 'GET', `/api/exports/${id}`, anon('ex-anon-look'));
    expect(res.status).toBe(401);
  });

  test('a changed pronunciation makes a new file', async () => {
    const admin = { cookie: (await loginAs(app, 'ex-admin', { role: 'admin' })).cookie };
    const put = await audioCall(app, 'PUT', '/api/books/salvage-rights/pronunciations', admin, { entries: [{ word: 'Salvage', say: 'Sal vedge', case_sensitive: false }] });
    expect(put.status).toBe(200);
    const next = await accepted(who, { slug: 'salvage-rights', from: 1, to: 3, format: 'epub-narrated', voice: 'espeak-en-us' });
    const { job } = await untilEnded(who, next);
    expect(job.status).toBe('done');
    const keyOf = async (request: string) => (await app.platform.db.selectFrom('export_requests').select('object_key').where('id', '=', request).executeTakeFirstOrThrow()).object_key;
    const [before, after] = [await keyOf(id), await keyOf(next)];
    expect(after).not.toBe(before);
    // The outdated copy of the range is gone from the store; the new one is kept.
    expect(await app.platform.objects.head(before)).toBeNull();
    expect(await app.platform.objects.head(after)).not.toBeNull();
  }, 90_000);
});

describe('audiobook', () => {
  test('a WAV voice\'s chapters become one MP3 with a chapter mark each, the cover and the book\'s names', async () => {
    const who = await pro('ex-audiobook');
    const id = await accepted(who, { slug: 'letters-to-the-lighthouse', from: 1, to: 3, format: 'audiobook', voice: 'flite-kal' });
    const { job } = await untilEnded(who, id);
    expect(job.status).toBe('done');
    const res = await audioCall(app, 'GET', job.url!, who);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('audio/mpeg');
    expect(res.headers.get('content-disposition')).toContain('chapters 1-3 (audiobook).mp3');
    const { bytes } = await readAll(res);
    const titles = await app.platform.db.selectFrom('chapters').select(['number', 'title']).where('book_slug', '=', 'letters-to-the-lighthouse').where('number', '<=', 3).orderBy('number').execute();
    const book = await app.platform.db.selectFrom('books').select(['title', 'author']).where('slug', '=', 'letters-to-the-lighthouse').executeTakeFirstOrThrow();
    const meta = await parseBuffer(bytes, { mimeType: 'audio/mpeg' }, { includeChapters: true, duration: true });
    expect(meta.common.album).toBe(book.title);
    expect(meta.common.artist).toBe(book.author);
    expect(meta.common.picture?.[0]?.format).toMatch(/^image\/(png|jpeg)$/);
    const chapters = meta.format.chapters ?? [];
    expect(chapters.map((c) => c.title)).toEqual(titles.map((t) => t.title));
    expect(chapters[0]!.start).toBe(0);
    for (let i = 1; i < chapters.length; i++) expect(chapters[i]!.start).toBeGreaterThan(chapters[i - 1]!.start);
    expect(meta.format.duration).toBeGreaterThan(5);

    // A player resuming a download: a Range is answered 206.
    const part = await audioCall(app, 'GET', job.url!, who, undefined, { range: 'bytes=0-99' });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 0-99/${bytes.length}`);
    expect((await readAll(part)).bytes.length).toBe(100);
  }, 90_000);

  test('the reader is told when it is ready, with a link to their exports', async () => {
    const session = await loginAs(app, 'ex-notified', { role: 'pro' });
    const id = await accepted({ cookie: session.cookie }, { slug: 'letters-to-the-lighthouse', from: 1, to: 2, format: 'audiobook', voice: 'flite-kal' });
    expect((await untilEnded({ cookie: session.cookie }, id)).job.status).toBe('done');
    const res = await audioCall(app, 'GET', `/api/notifications?user_id=${session.user.id}`, { cookie: session.cookie });
    const { notifications } = (await res.json()) as { notifications: { title: string; link: string }[] };
    const book = await app.platform.db.selectFrom('books').select('title').where('slug', '=', 'letters-to-the-lighthouse').executeTakeFirstOrThrow();
    expect(notifications.map((n) => [n.title, n.link])).toEqual([[`Audiobook ready: ${book.title}, chapters 1–2`, '/exports']]);
  }, 90_000);

  test('a chapter that cannot be narrated ends the export, saying which', async () => {
    const who = await pro('ex-broken');
    const id = await accepted(who, { slug: 'morning-bread', from: 1, to: 2, format: 'audiobook', voice: 'espeak-broken' });
    const { job } = await untilEnded(who, id);
    expect(job.status).toBe('failed');
    expect(job.error).toMatch(/^Chapter [12] could not be narrated: speech engine espeak: /);
    const file = await audioCall(app, 'GET', `/api/exports/${id}/file`, who);
    expect(file.status).toBe(409);
  }, 90_000);
});

describe('a build whose worker was lost', () => {
  test('is told as failed to every reader who waited for it, in plain words', async () => {
    const who = await pro('ex-lost');
    await app.stopRunner();
    try {
      const id = await accepted(who, { slug: 'morning-bread', from: 4, to: 4, format: 'audiobook', voice: 'espeak-en-us' });
      const row = await app.platform.db.selectFrom('export_requests').select(['job_id', 'status']).where('id', '=', id).executeTakeFirstOrThrow();
      expect(row.status).toBe('pending');
      // Its last attempt died with its worker: the queue ended the job, the requests never heard.
      await app.platform.db.updateTable('jobs').set({ status: 'failed', error: 'lease expired: worker lost on attempt 3', finished_at: new Date() }).where('id', '=', row.job_id!).execute();
      const res = await look(who, id);
      expect(await res.json()).toMatchObject({ status: 'failed', progress: 0, error: 'The export could not be made. Try again later.' });
    } finally {
      app.startRunner();
    }
  });
});

describe('dialogue in a second voice', () => {
  test('an export takes the dialogue voice of the body, else the reader\'s setting; one of another language is 400', async () => {
    const session = await loginAs(app, 'ex-dialogue', { role: 'pro' });
    const who = { cookie: session.cookie };
    const id = await accepted(who, { slug: 'morning-bread', from: 5, to: 5, format: 'audiobook', voice: 'espeak-en-us', dialogue_voice: 'espeak-en-gb' });
    const { job } = await untilEnded(who, id);
    expect(job).toMatchObject({ status: 'done', voice: 'espeak-en-us+espeak-en-gb' });
    expect((await stored('morning-bread', 'espeak-en-us+espeak-en-gb')).map((r) => r.chapter)).toEqual([5]);
    const refused = await ask(who, { slug: 'morning-bread', from: 5, to: 5, format: 'audiobook', voice: 'espeak-en-us', dialogue_voice: 'espeak-pt-br' });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { message: string }).message).toMatch(/^dialogue_voice must speak the language of the voice \(en\)/);
    // The setting, when the body says nothing: the same file, served again at once.
    expect((await audioCall(app, 'PUT', '/api/settings', who, { voice: 'espeak-en-us', dialogue_voice: 'espeak-en-gb' })).status).toBe(200);
    const again = await accepted(who, { slug: 'morning-bread', from: 5, to: 5, format: 'audiobook' });
    expect(((await (await look(who, again)).json()) as ExportJob)).toMatchObject({ status: 'done', voice: 'espeak-en-us+espeak-en-gb' });
  }, 90_000);
});
