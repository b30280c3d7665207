import { afterAll, beforeAll, expect, test } from 'bun:test';
import { startAiApp, sseFrames, type AiTestApp } from '../support/ai-app.ts';
import { TEST_ORIGIN } from '../support/auth.ts';
import { lastUserInput } from '../support/ai-server/answers.ts';
import { executableMarkup, htmlFields, visibleText } from './support/markup.ts';
import { jsonOf } from './support/requests.ts';

/**
 * AI output is text from outside like a scraped page: the local AI stand-in answers every task
 * with hostile markup, and the admin's suggestion boxes, the chapter-name review, and (once
 * applied) the book, chapter and listing pages must show it as text, never as markup.
 */
const BOOK = 'morning-bread';
const HOSTILE = [
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  "'><svg onload=alert(1)>",
  '</textarea><script>alert(1)</script>',
  '[x](javascript:alert(1))',
  '<a href="javascript:alert(1)">x</a>',
  '&lt;img src=x onerror=alert(1)&gt;',
  '\u202E<iframe src=javascript:alert(1)>',
];

let app: AiTestApp;
beforeAll(async () => {
  app = await startAiApp();
  app.ai.answer('book_tagline', () => ({ tagline: HOSTILE[1] }));
  app.ai.answer('book_genres', () => ({ genres: [HOSTILE[2], HOSTILE[0], 'Fantasy'] }));
  app.ai.answer('content_warnings', () => ({ warnings: HOSTILE.slice(0, 3).map((text) => ({ label: text, severity: 'moderate', reason: text })) }));
  app.ai.answer('quality_score', () => ({ score: 7, reasons: HOSTILE.slice(3, 6) }));
  app.ai.answer('chapter_names', (request) => {
    const input = lastUserInput(request) as { chapters?: { number: number }[] };
    return { titles: (input.chapters ?? []).map((c) => ({ number: c.number, title: `${HOSTILE[c.number % HOSTILE.length]} ${c.number}` })) };
  });
}, 60_000);
afterAll(() => app.close());

const headers = (extra: Record<string, string> = {}) => ({ cookie: app.admin.cookie, origin: TEST_ORIGIN, ...extra });

async function page(path: string, init: RequestInit = {}): Promise<string> {
  const res = await app.fetch(path, { ...init, headers: headers((init.headers as Record<string, string>) ?? {}) });
  if (res.status >= 400) throw new Error(`${path}: ${res.status} ${(await res.text()).slice(0, 200)}`);
  return res.text();
}

test('the admin suggestion boxes show each AI answer as text, with htmx and without', async () => {
  const findings: string[] = [];
  for (const kind of ['tagline', 'genres', 'warnings', 'quality']) {
    for (const hx of [true, false]) {
      const html = await page(`/admin/books/${BOOK}/ai/${kind}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', ...(hx ? { 'hx-request': 'true' } : {}) }, body: '' });
      for (const found of executableMarkup(html)) findings.push(`${kind}${hx ? ' (htmx)' : ''}: ${found}`);
      if (!html.includes('alert(1)')) findings.push(`${kind}${hx ? ' (htmx)' : ''}: the answer is not shown`);
    }
  }
  expect(findings).toEqual([]);
});

test('applied AI text (tagline, genres, warnings, chapter names) renders as text on every page that shows it', async () => {
  const json = { accept: 'application/json', 'content-type': 'application/json' };
  const tagline = (await (await app.post('/api/admin/text-gen/tagline', { slug: BOOK })).json()) as { tagline: string };
  const genres = (await (await app.post('/api/admin/text-gen/genres', { slug: BOOK })).json()) as { genres: string[] };
  const warnings = (await (await app.post('/api/admin/text-gen/content-warnings', { slug: BOOK })).json()) as { warnings: unknown[] };
  // The app trims quotes around a tagline; the markup itself arrives.
  expect(tagline.tagline).toContain('<img src=x onerror=alert(1)>');
  for (const [path, body] of [['tagline/apply', { slug: BOOK, tagline: tagline.tagline }], ['genres/apply', { slug: BOOK, genres: genres.genres }], ['content-warnings/apply', { slug: BOOK, warnings: warnings.warnings }]] as const) {
    const res = await app.fetch(`/api/admin/text-gen/${path}`, { method: 'POST', headers: headers(json), body: JSON.stringify(body) });
    expect({ path, status: res.status }).toEqual({ path, status: 200 });
  }
  const frames = await sseFrames(await app.post('/api/admin/text-gen/chapter-names', { slug: BOOK, from: 1, to: 3 }));
  const proposals = frames.filter((f) => f.event === 'batch').flatMap((f) => (f.data as { proposals: { number: number; title: string }[] }).proposals);
  expect(proposals.length).toBe(3);
  const applied = await app.post('/api/admin/text-gen/chapter-names/apply', { slug: BOOK, titles: proposals.map(({ number, title }) => ({ number, title })) });
  expect(applied.status).toBe(200);

  const findings: string[] = [];
  for (const path of [`/book/${BOOK}`, `/book/${BOOK}/1`, `/book/${BOOK}/2`, '/', '/browse', `/admin/books/${BOOK}`, '/api/genres']) {
    const text = await page(path);
    const checked = path.startsWith('/api/') ? htmlFields(jsonOf(text)).map(([, html]) => html) : [text];
    for (const html of checked) for (const found of executableMarkup(html)) findings.push(`${path}: ${found}`);
  }
  for (const path of [`/api/book/${BOOK}`, `/api/chapter/${BOOK}/1`]) for (const [where, html] of htmlFields(jsonOf(await page(path)))) for (const found of executableMarkup(html)) findings.push(`${path} ${where}: ${found}`);
  expect(findings).toEqual([]);
  // Shown, not dropped.
  expect(visibleText(await page(`/book/${BOOK}`))).toContain(tagline.tagline);
  expect(visibleText(await page(`/book/${BOOK}/1`))).toContain('<img src=x onerror=alert(1)> 1');
});

test('the chapter-name review page of an AI job shows the proposals as text', async () => {
  const started = await app.post('/api/admin/text-gen/chapter-names/async', { slug: BOOK, from: 1, to: 8 });
  expect(started.status).toBe(202);
  const { job_id } = (await started.json()) as { job_id: string };
  for (const end = Date.now() + 20_000; Date.now() < end; await Bun.sleep(100)) {
    const job = (await (await app.get(`/api/admin/ai-jobs/${job_id}`)).json()) as { status: string };
    if (!['queued', 'running', 'pending'].includes(job.status)) break;
  }
  const findings: string[] = [];
  for (const path of [`/admin/ai-jobs/${job_id}`, `/admin/ai-jobs/${job_id}/progress`, '/admin/ai-jobs', '/admin/ai-jobs/list']) for (const found of executableMarkup(await page(path))) findings.push(`${path}: ${found}`);
  expect(findings).toEqual([]);
  expect(await page(`/admin/ai-jobs/${job_id}`)).toContain('alert(1)');
}, 30_000);
