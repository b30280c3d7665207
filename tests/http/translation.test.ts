import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { translateChapterKind } from '../../src/features/translation/kinds.ts';
import { jobKind, type JobRunner } from '../../src/platform/queue/index.ts';
import { startAiServer, type AiServer } from '../support/ai-server/server.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { PAYMENTS_CONFIGURED_ENV } from '../support/payments.ts';
import { DEBUG_TOKEN, loginAs, TEST_ORIGIN, type Session } from '../support/auth.ts';
import { testClock, type TestClock } from '../support/clock.ts';
import { startTestRunner } from '../support/runner.ts';

const SLUG = 'salt-and-lanterns';
const LONG = 'the-long-tide';
const CHAPTER_ONE = [
  'Mara lifted the lantern. *Nobody* had come down the stairs in years.',
  'Vell waited at the door, **silent**, as Mara read the letter.',
  '***',
  'At dawn, Mara and Vell left the harbour.',
].join('\n\n');

let ai: AiServer;
let app: TestApp;
let clock: TestClock;
let runner: JobRunner;
let dir: string;
let admin: Session;
let reader: Session;
let pro: Session;

const aiEnv = () => ({ AI_BASE_URL: ai.url, AI_API_KEY: 'k', AI_TEXT_MODEL: 'test-text-model', AI_TIMEOUT_SECONDS: '2', AI_MAX_RETRIES: '0' });

function headers(session?: Session | { anon: string }, extra: Record<string, string> = {}): Record<string, string> {
  const h: Record<string, string> = { accept: 'application/json', 'content-type': 'application/json', origin: TEST_ORIGIN, ...extra };
  if (session && 'cookie' in session) h.cookie = session.cookie;
  if (session && 'anon' in session) h['x-session-id'] = session.anon;
  return h;
}

async function call(method: string, path: string, session?: Session | { anon: string }, body?: unknown): Promise<{ status: number; body: any }> {
  const res = await app.fetch(path, { method, headers: headers(session), body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body) });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

const translate = (session: Session | { anon: string } | undefined, body: unknown) => call('POST', '/api/translate', session, body);
const statusOf = (slug: string, n: number, locale: string) => call('GET', `/api/translate/status/${slug}/${n}?locale=${locale}`);

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 20_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await Bun.sleep(50);
  }
}

const settled = (slug: string, n: number, locale: string) => waitFor(() => statusOf(slug, n, locale), (r) => r.body?.status === 'done' || r.body?.status === 'failed');

/** The chats the stand-in received for translation, their inputs parsed. */
function translationInputs(): { locale: string; title: string; text: string; glossary: { source: string; target: string }[]; piece: number; pieces: number }[] {
  return ai.requests
    .filter((r) => (r.body.response_format as { json_schema?: { name?: string } } | undefined)?.json_schema?.name === 'chapter_translation')
    .map((r) => JSON.parse((r.body.messages as { role: string; content: string }[]).findLast((m) => m.role === 'user')!.content));
}

async function addBook(slug: string, title: string, chapters: { title: string; text: string }[]): Promise<void> {
  await app.platform.db.insertInto('books').values({ slug, title, author: 'R. Quill', description: 'Test.' }).execute();
  await app.platform.db.insertInto('chapters').values(chapters.map((c, i) => ({ book_slug: slug, number: i + 1, ...c }))).execute();
}

beforeAll(async () => {
  ai = await startAiServer();
  // Noon of the real UTC day: a day's count then lives for hours in the cache, whenever the test runs.
  const today = new Date();
  clock = testClock(new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate(), 12)));
  // The contract's free limit (3 a day) is the default of a site that takes payments (decisions.md).
  app = await startTestApp({ clock: clock.now, env: { DEBUG_LOGIN_TOKEN: DEBUG_TOKEN, ...aiEnv(), ...PAYMENTS_CONFIGURED_ENV } });
  dir = mkdtempSync(join(tmpdir(), 'chapterhouse-translation-'));
  const workerFile = join(dir, 'translation.worker.ts');
  const url = (path: string) => JSON.stringify(new URL(path, import.meta.url).pathname);
  writeFileSync(
    workerFile,
    [
      `import { defineJob } from ${url('../../src/platform/queue/runtime.ts')};`,
      `import { createTranslationJob } from ${url('../../src/features/translation/job.ts')};`,
      `import { translationJobDeps } from ${url('../../src/features/translation/worker-deps.ts')};`,
      `defineJob(createTranslationJob(translationJobDeps(${JSON.stringify(aiEnv())})));`,
    ].join('\n'),
  );
  runner = startTestRunner(app, [jobKind({ ...translateChapterKind, workerFile })]);
  admin = await loginAs(app, 'tr-admin', { role: 'admin' });
  reader = await loginAs(app, 'tr-reader');
  pro = await loginAs(app, 'tr-pro', { role: 'pro' });
  await addBook(SLUG, 'Salt and Lanterns', [
    { title: 'The Letter', text: CHAPTER_ONE },
    ...Array.from({ length: 7 }, (_, i) => ({ title: `Tide ${i + 2}`, text: `Mara counted the waves, ${i + 2} of them.\n\nVell slept.` })),
  ]);
  // About 15,000 characters in 30 numbered paragraphs: more than two pieces of 6,000.
  const paragraphs = Array.from({ length: 30 }, (_, i) => `Paragraph ${String(i + 1).padStart(2, '0')}. ${'The tide rose against the old harbour wall and fell again. '.repeat(8).trim()}`);
  await addBook(LONG, 'The Long Tide', [{ title: 'Flood', text: paragraphs.join('\n\n') }]);
});

afterAll(async () => {
  await runner.stop();
  await app.close();
  await ai.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('POST /api/translate: bad requests', () => {
  test('400 with a clear message for each bad field', async () => {
    const cases: [unknown, string][] = [
      [{}, 'slug must be a book slug'],
      [{ slug: SLUG, locale: 'fr' }, 'chapter must be a chapter number (a whole number of at least 1)'],
      [{ slug: SLUG, chapter: 0, locale: 'fr' }, 'chapter must be a chapter number (a whole number of at least 1)'],
      [{ slug: SLUG, chapter: 1.5, locale: 'fr' }, 'chapter must be a chapter number (a whole number of at least 1)'],
      [{ slug: SLUG, chapter: 1 }, 'locale must be one of en, pt, es, fr, id'],
      [{ slug: SLUG, chapter: 1, locale: 'de' }, 'locale must be one of en, pt, es, fr, id'],
    ];
    for (const [body, message] of cases) {
      const res = await translate(admin, body);
      expect([res.status, res.body]).toEqual([400, { error: 'invalid_request', message }]);
    }
  });

  test('404 for an unknown book or chapter', async () => {
    expect(await translate(admin, { slug: 'no-such-book', chapter: 1, locale: 'fr' })).toEqual({ status: 404, body: { error: 'not_found', message: 'Book not found' } });
    expect(await translate(admin, { slug: SLUG, chapter: 99, locale: 'fr' })).toEqual({ status: 404, body: { error: 'not_found', message: 'Chapter not found' } });
  });

  test('status: 400 for a bad locale, 404 when nothing was asked for', async () => {
    expect(await call('GET', `/api/translate/status/${SLUG}/1?locale=xx`)).toEqual({ status: 400, body: { error: 'invalid_request', message: 'locale must be one of en, pt, es, fr, id' } });
    expect(await statusOf(SLUG, 1, 'id')).toEqual({ status: 404, body: { error: 'not_found', message: 'No translation of this chapter into that language has been requested' } });
  });
});

describe('the glossary (admins)', () => {
  test('403 for readers and visitors on the API and the page', async () => {
    for (const who of [undefined, reader, pro]) {
      expect(await call('GET', `/api/admin/books/${SLUG}/glossary`, who)).toEqual({ status: 403, body: { error: 'forbidden', message: 'Administrators only' } });
      expect((await call('PUT', `/api/admin/books/${SLUG}/glossary`, who, { entries: [] })).status).toBe(403);
      const page = await app.fetch(`/admin/books/${SLUG}/glossary`, { headers: { accept: 'text/html', ...(who ? { cookie: who.cookie } : {}) } });
      expect(page.status).toBe(403);
    }
  });

  test('PUT replaces it (validated), GET reads it back; 404 for an unknown book', async () => {
    expect(await call('GET', `/api/admin/books/${SLUG}/glossary`, admin)).toEqual({ status: 200, body: { slug: SLUG, entries: [] } });
    const bad: [unknown, string][] = [
      [{}, 'entries must be a list of {source, target, locale}'],
      [{ entries: [{ target: 'x' }] }, 'entry 1: source must be a name or term'],
      [{ entries: [{ source: 'Mara', target: 'M', locale: 'de' }] }, 'entry 1: locale must be one of en, pt, es, fr, id or *'],
    ];
    for (const [body, message] of bad) expect(await call('PUT', `/api/admin/books/${SLUG}/glossary`, admin, body)).toEqual({ status: 400, body: { error: 'invalid_request', message } });
    const entries = [
      { source: 'Mara', target: 'Marah', locale: 'fr' },
      { source: 'Mara', target: 'Mára', locale: 'es' },
      { source: 'Vell', target: 'Vell', locale: '*' },
      { source: 'harbour', target: 'port', locale: '*' },
      { source: 'harbour', target: 'havre', locale: 'fr' },
    ];
    const put = await call('PUT', `/api/admin/books/${SLUG}/glossary`, admin, { entries });
    expect(put).toEqual({ status: 200, body: { slug: SLUG, entries } });
    expect((await call('GET', `/api/admin/books/${SLUG}/glossary`, admin)).body.entries).toEqual(entries);
    expect((await call('GET', '/api/admin/books/no-such-book/glossary', admin)).status).toBe(404);
  });

  test('the admin page shows it and saves the form (htmx and plain)', async () => {
    const page = await app.fetch(`/admin/books/${SLUG}/glossary`, { headers: { accept: 'text/html', cookie: admin.cookie } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Glossary: Salt and Lanterns');
    expect(html).toContain('Mara = Marah | fr\nMara = Mára | es\nVell = Vell\nharbour = port\nharbour = havre | fr');
    const form = (entries: string, htmx: boolean) =>
      app.fetch(`/admin/books/${SLUG}/glossary`, {
        method: 'POST',
        headers: { cookie: admin.cookie, origin: TEST_ORIGIN, 'content-type': 'application/x-www-form-urlencoded', ...(htmx ? { 'hx-request': 'true' } : {}) },
        body: new URLSearchParams({ entries }).toString(),
      });
    const wrong = await form('no equals sign here', true);
    expect(await wrong.text()).toContain('Line 1: write &quot;source = target&quot; (optionally &quot;| fr&quot;)');
    const text = 'Mara = Marah | fr\nMara = Mára | es\n# names kept\nVell = Vell\nharbour = port\nharbour = havre | fr';
    const saved = await form(text, true);
    expect(saved.status).toBe(200);
    expect(await saved.text()).toContain('Glossary saved: 5 entries.');
    const plain = await form(text, false);
    expect([plain.status, plain.headers.get('location')]).toEqual([303, `/admin/books/${SLUG}/glossary?saved=1`]);
    expect((await call('GET', `/api/admin/books/${SLUG}/glossary`, admin)).body.entries).toHaveLength(5);
  });
});

describe('a translation, start to end', () => {
  test('202 pending; a repeat while it runs is the same job; then done, stored, served and notified', async () => {
    let release!: () => void;
    ai.hold(new Promise<void>((r) => (release = r)));
    ai.requests.length = 0;
    const first = await translate(reader, { slug: SLUG, chapter: 1, locale: 'fr' });
    expect(first.status).toBe(202);
    expect(first.body.status).toBe('pending');
    expect(first.body.job_id).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(async () => ai.requests.length, (n) => n === 1);
    const again = await translate(reader, { slug: SLUG, chapter: 1, locale: 'fr' });
    expect(again).toEqual({ status: 202, body: { job_id: first.body.job_id, status: 'running' } });
    expect(await statusOf(SLUG, 1, 'fr')).toEqual({ status: 200, body: { job_id: first.body.job_id, status: 'running', error: null } });
    ai.hold(null);
    release();
    expect((await settled(SLUG, 1, 'fr')).body).toEqual({ job_id: first.body.job_id, status: 'done', error: null });

    // What the AI service was sent: the title, the text, and the glossary entries of French.
    const [input] = translationInputs();
    expect(input!.locale).toBe('fr');
    expect(input!.title).toBe('The Letter');
    expect(input!.text).toBe(CHAPTER_ONE);
    expect(input!.glossary).toEqual([
      { source: 'Mara', target: 'Marah' },
      { source: 'harbour', target: 'havre' },
      { source: 'Vell', target: 'Vell' },
    ]);

    // ?locale=fr serves it, markdown and all; the original is unchanged without it.
    const { body } = await call('GET', `/api/chapter/${SLUG}/1?locale=fr`);
    expect(body.chapter.locale).toBe('fr');
    expect(body.chapter.title).toBe('[fr] The Letter');
    expect(body.chapter.text).toBe(
      ['[fr] Marah lifted the lantern. *Nobody* had come down the stairs in years.', '[fr] Vell waited at the door, **silent**, as Marah read the letter.', '***', '[fr] At dawn, Marah and Vell left the havre.'].join('\n\n'),
    );
    expect(body.chapter.html).toContain('<em>Nobody</em>');
    expect(body.chapter.html).toContain('<strong>silent</strong>');
    expect(body.chapter.html).toContain('<hr />');
    expect([body.prev, body.next, body.book.slug]).toEqual([null, 2, SLUG]);
    const original = (await call('GET', `/api/chapter/${SLUG}/1`)).body;
    expect(original.chapter.text).toBe(CHAPTER_ONE);
    expect(Object.keys(original.chapter).sort()).toEqual(['html', 'number', 'text', 'title']);
    // A locale with no translation serves the original, as before.
    expect((await call('GET', `/api/chapter/${SLUG}/1?locale=es`)).body).toEqual(original);

    // Asked again: done at once, nothing sent to the AI service.
    const count = ai.requests.length;
    expect(await translate(pro, { slug: SLUG, chapter: 1, locale: 'fr' })).toEqual({ status: 202, body: { job_id: first.body.job_id, status: 'done' } });
    expect(ai.requests.length).toBe(count);

    // The reader who asked is told, with a link to the translated chapter.
    const notes = await call('GET', `/api/notifications?user_id=${reader.user.id}`, reader);
    const note = notes.body.notifications.find((n: { title: string }) => n.title.includes('translated'));
    expect(note).toMatchObject({ title: 'Chapter 1 of Salt and Lanterns is translated into Français', body: 'Your translation is ready to read.', link: `/book/${SLUG}/1?locale=fr` });

    // The chapter page with ?locale=fr shows it, the switch on Français; the plain page is the original.
    const page = await (await app.fetch(`/book/${SLUG}/1?locale=fr`, { headers: { accept: 'text/html' } })).text();
    expect(page).toContain('[fr] The Letter');
    expect(page).toContain('[fr] Marah lifted the lantern.');
    expect(page).toMatch(/<option value="fr" lang="fr" selected>Français<\/option>/);
    const plain = await (await app.fetch(`/book/${SLUG}/1`, { headers: { accept: 'text/html' } })).text();
    expect(plain).toContain('Mara lifted the lantern.');
    expect(plain).not.toContain('[fr]');
    expect(plain).toContain('Bahasa Indonesia');
  });

  test('a long chapter is split at paragraphs into pieces of at most 6,000 characters and joined in order', async () => {
    ai.requests.length = 0;
    const job = await translate(admin, { slug: LONG, chapter: 1, locale: 'pt' });
    expect(job.status).toBe(202);
    expect((await settled(LONG, 1, 'pt')).body.status).toBe('done');
    const inputs = translationInputs();
    expect(inputs.length).toBe(3);
    expect(inputs.map((i) => [i.piece, i.pieces])).toEqual([[1, 3], [2, 3], [3, 3]]);
    for (const input of inputs) expect(input.text.length).toBeLessThanOrEqual(6000);
    // Only the first piece carries the title; every piece ends at a paragraph's end.
    expect(inputs.map((i) => i.title)).toEqual(['Flood', '', '']);
    for (const input of inputs) expect(input.text).toMatch(/wall and fell again\.$/);
    const { body } = await call('GET', `/api/chapter/${LONG}/1?locale=pt`);
    const paragraphs = body.chapter.text.split('\n\n');
    expect(paragraphs).toHaveLength(30);
    expect(paragraphs.map((p: string) => p.slice(0, 18))).toEqual(Array.from({ length: 30 }, (_, i) => `[pt] Paragraph ${String(i + 1).padStart(2, '0')}.`));
    expect(body.chapter.title).toBe('[pt] Flood');
  });
});

describe('the free limit', () => {
  test('a reader gets 3 distinct chapters a day, then 402 pro_required; the same chapter again and stored translations are free; the next day counts anew', async () => {
    const anon = { anon: 'tr-anon-session-1' };
    for (const n of [2, 3, 4]) expect((await translate(anon, { slug: SLUG, chapter: n, locale: 'es' })).status).toBe(202);
    expect(await translate(anon, { slug: SLUG, chapter: 5, locale: 'es' })).toEqual({
      status: 402,
      body: { error: 'pro_required', message: 'Free translation is 3 chapters a day; Chapterhouse Pro makes it unlimited' },
    });
    expect((await translate(anon, { slug: SLUG, chapter: 2, locale: 'es' })).status).toBe(202);
    // Chapter 1 in French is stored: reading it costs nothing.
    expect(await translate(anon, { slug: SLUG, chapter: 1, locale: 'fr' })).toMatchObject({ status: 202, body: { status: 'done' } });
    // Another reader has their own three.
    expect((await translate({ anon: 'tr-anon-session-2' }, { slug: SLUG, chapter: 5, locale: 'es' })).status).toBe(202);
    clock.advance(24 * 3600 * 1000);
    expect((await translate(anon, { slug: SLUG, chapter: 6, locale: 'es' })).status).toBe(202);
    for (const n of [2, 3, 4, 5, 6]) await settled(SLUG, n, 'es');
  });

  test('a signed-in reader is counted by account; pro and admin are unlimited', async () => {
    const user = await loginAs(app, 'tr-counted');
    for (const n of [2, 3, 4]) expect((await translate(user, { slug: SLUG, chapter: n, locale: 'id' })).status).toBe(202);
    expect((await translate(user, { slug: SLUG, chapter: 5, locale: 'id' })).status).toBe(402);
    for (const who of [pro, admin]) for (const n of [2, 3, 4, 5, 6, 7]) expect((await translate(who, { slug: SLUG, chapter: n, locale: 'id' })).status).toBe(202);
    for (const n of [2, 3, 4, 5, 6, 7]) expect((await settled(SLUG, n, 'id')).body.status).toBe('done');
  });
});

describe('failures', () => {
  test('the AI service failing past the retries: the job ends failed with its reason, and the reader is told', async () => {
    ai.fault({ status: 500, count: 3 });
    const user = await loginAs(app, 'tr-unlucky');
    const job = await translate(user, { slug: SLUG, chapter: 8, locale: 'fr' });
    expect(job.status).toBe(202);
    const end = await settled(SLUG, 8, 'fr');
    expect(end.body).toEqual({ job_id: job.body.job_id, status: 'failed', error: 'The AI service answered 500: The server had an error' });
    // The job records its failure for the reader, then the runner ends the queue's row: a moment later.
    const queueRow = () => app.platform.db.selectFrom('jobs').select(['status', 'attempts']).where('id', '=', job.body.job_id).executeTakeFirstOrThrow();
    let queued = await queueRow();
    for (let i = 0; i < 100 && queued.status === 'running'; i++) queued = (await Bun.sleep(50), await queueRow());
    expect(queued).toEqual({ status: 'failed', attempts: 3 });
    const notes = await call('GET', `/api/notifications?user_id=${user.user.id}`, user);
    expect(notes.body.notifications[0]).toMatchObject({ title: 'The translation of chapter 8 of Salt and Lanterns into Français failed', link: `/book/${SLUG}/8` });
    expect((await call('GET', `/api/chapter/${SLUG}/8?locale=fr`)).body.chapter.locale).toBeUndefined();
    // Asking again starts a new job, which now succeeds.
    const retry = await translate(user, { slug: SLUG, chapter: 8, locale: 'fr' });
    expect(retry.body.job_id).not.toBe(job.body.job_id);
    expect((await settled(SLUG, 8, 'fr')).body.status).toBe('done');
  });
});

describe('the reader switch (htmx fragments)', () => {
  const post = (locale: string, session?: Session | { anon: string }) =>
    app.fetch(`/translate/${SLUG}/${3}`, {
      method: 'POST',
      headers: { ...headers(session), accept: 'text/html', 'content-type': 'application/x-www-form-urlencoded', 'hx-request': 'true' },
      body: new URLSearchParams({ locale }).toString(),
    });

  test('choosing a language answers "translating…" polling every 2 s, then the text out of band; the original swaps back', async () => {
    const res = await post('pt', pro);
    const busy = await res.text();
    expect(busy).toContain('Translating into Português…');
    expect(busy).toContain(`hx-get="/translate/${SLUG}/3/status?locale=pt"`);
    expect(busy).toContain('hx-trigger="every 2s"');
    await settled(SLUG, 3, 'pt');
    const poll = await app.fetch(`/translate/${SLUG}/3/status?locale=pt`, { headers: { accept: 'text/html', 'hx-request': 'true' } });
    expect(poll.headers.get('hx-replace-url')).toBe(`/book/${SLUG}/3?locale=pt`);
    const done = await poll.text();
    expect(done).toContain('Machine translation into Português.');
    expect(done).toContain('<div class="reader__text" hx-swap-oob="outerHTML:.reader__text" lang="pt"><p>[pt] Mara counted the waves, 3 of them.</p>');
    expect(done).toContain('[pt] Tide 3</h1>');
    const original = await post('', pro);
    expect(original.headers.get('hx-replace-url')).toBe(`/book/${SLUG}/3`);
    expect(await original.text()).toContain('<p>Mara counted the waves, 3 of them.</p>');
    // Polling a language nobody asked for ends quietly (an empty status line stops the polling).
    const none = await app.fetch(`/translate/${SLUG}/7/status?locale=en`, { headers: { accept: 'text/html', 'hx-request': 'true' } });
    expect([none.status, await none.text()]).toEqual([200, '']);
  });

  test('past the free limit: the words and a link to /pro, in the reader\'s language', async () => {
    const anon = { anon: 'tr-anon-switch-0001' };
    for (const n of [2, 4, 5]) expect((await translate(anon, { slug: SLUG, chapter: n, locale: 'pt' })).status).toBe(202);
    const res = await app.fetch(`/translate/${SLUG}/8`, {
      method: 'POST',
      headers: { ...headers(anon), accept: 'text/html', 'accept-language': 'fr', 'content-type': 'application/x-www-form-urlencoded', 'hx-request': 'true' },
      body: new URLSearchParams({ locale: 'pt' }).toString(),
    });
    const html = await res.text();
    expect(html).toContain('Vous avez utilisé vos traductions gratuites du jour');
    expect(html).toContain('href="/pro"');
    for (const n of [2, 4, 5]) await settled(SLUG, n, 'pt');
  });

  test('without htmx the form starts the job and goes to the page with ?locale=, which says it is translating until it is there', async () => {
    let release!: () => void;
    ai.hold(new Promise<void>((r) => (release = r)));
    const res = await app.fetch(`/translate/${SLUG}/4`, {
      method: 'POST',
      headers: { cookie: pro.cookie, origin: TEST_ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ locale: 'fr' }).toString(),
    });
    expect([res.status, res.headers.get('location')]).toEqual([303, `/book/${SLUG}/4?locale=fr`]);
    const waiting = await (await app.fetch(`/book/${SLUG}/4?locale=fr`, { headers: { accept: 'text/html' } })).text();
    expect(waiting).toContain('<option value="fr" lang="fr" selected>Français</option>');
    expect(waiting).toContain('Translating into Français…');
    expect(waiting).toContain(`hx-get="/translate/${SLUG}/4/status?locale=fr"`);
    expect(waiting).toContain('<p>Mara counted the waves, 4 of them.</p>');
    // A locale nobody asked for shows the original, the switch on "Original".
    const unasked = await (await app.fetch(`/book/${SLUG}/4?locale=en`, { headers: { accept: 'text/html' } })).text();
    expect(unasked).toContain('<option value="" selected>Original</option>');
    expect(unasked).not.toContain('Translating into');
    ai.hold(null);
    release();
    expect((await settled(SLUG, 4, 'fr')).body.status).toBe('done');
    const done = await (await app.fetch(`/book/${SLUG}/4?locale=fr`, { headers: { accept: 'text/html' } })).text();
    expect(done).toContain('<p>[fr] Marah counted the waves, 4 of them.</p>');
    expect(done).toContain('Machine translation into Français.');
  });
});

describe('without an AI service', () => {
  test('503 ai_not_configured', async () => {
    const bare = await startTestApp({ seed: true, env: { DEBUG_LOGIN_TOKEN: DEBUG_TOKEN } });
    try {
      const res = await bare.fetch('/api/translate', { method: 'POST', headers: headers(), body: JSON.stringify({ slug: 'ink-and-alibis', chapter: 1, locale: 'fr' }) });
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({ error: 'ai_not_configured', message: 'No AI service is configured: set AI_BASE_URL (and AI_API_KEY) to use the AI tools' });
      // The reader's switch says so in words, in the reader's language.
      const fragment = await bare.fetch('/translate/ink-and-alibis/1', {
        method: 'POST',
        headers: { origin: TEST_ORIGIN, accept: 'text/html', 'accept-language': 'es', 'content-type': 'application/x-www-form-urlencoded', 'hx-request': 'true' },
        body: 'locale=fr',
      });
      expect(await fragment.text()).toContain('La traducción no está disponible en este sitio.');
    } finally {
      await bare.close();
    }
  });
});
