import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { startAiApp, type AiTestApp } from '../support/ai-app.ts';

let app: AiTestApp;
const SLUG = 'the-lamplighters-daughter';

beforeAll(async () => {
  app = await startAiApp();
  const some = await app.platform.db.selectFrom('books').select('slug').orderBy('slug').executeTakeFirstOrThrow();
  await app.platform.db.updateTable('books').set({ slug: SLUG }).where('slug', '=', some.slug).execute();
});
afterAll(() => app.close());

describe('one generation each, nothing stored until applied', () => {
  test('tagline: the proposal and what the book has now', async () => {
    const res = await app.post('/api/admin/text-gen/tagline', { slug: SLUG });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { tagline: string; current: string };
    expect(body.tagline).toMatch(/^A tale of .+ you will not put down\.$/);
    expect(body.current).toBe('');
    // The model was given the book and its first chapters, asked for by schema name.
    const sent = app.ai.requests.at(-1)!.body as { response_format: { json_schema: { name: string } }; messages: { content: string }[] };
    expect(sent.response_format.json_schema.name).toBe('book_tagline');
    const input = JSON.parse(sent.messages.at(-1)!.content) as { book: { chapters: unknown[] } };
    expect(input.book.chapters.length).toBeGreaterThan(0);
  });

  test('genres, content warnings and a quality score', async () => {
    const genres = (await (await app.post('/api/admin/text-gen/genres', { slug: SLUG })).json()) as { genres: string[]; current: string[] };
    expect(genres.genres).toEqual(['Fantasy', 'Adventure', 'Mystery']);
    expect(Array.isArray(genres.current)).toBe(true);
    const warnings = (await (await app.post('/api/admin/text-gen/content-warnings', { slug: SLUG })).json()) as { warnings: unknown[] };
    expect(warnings.warnings).toEqual([{ label: 'Violence', severity: 'moderate', reason: 'Fights are described in some detail.' }]);
    const quality = (await (await app.post('/api/admin/text-gen/quality-score', { slug: SLUG })).json()) as { score: number; reasons: string[]; current: unknown };
    expect([quality.score, quality.reasons.length, quality.current]).toEqual([7, 2, { score: null, reasons: [] }]);
  });
});

describe('apply', () => {
  test('edited genres are stored and the genre counts follow at once', async () => {
    const res = await app.post('/api/admin/text-gen/genres/apply', { slug: SLUG, genres: ['Fantasy', ' Sea Stories ', 'fantasy', ''] });
    expect([res.status, await res.json()]).toEqual([200, { slug: SLUG, genres: ['Fantasy', 'Sea Stories'] }]);
    const book = (await (await app.get(`/api/book/${SLUG}`)).json()) as { book?: { genres: string[] }; genres?: string[] };
    expect(JSON.stringify(book)).toContain('Sea Stories');
    const browse = await (await app.fetch('/browse')).text();
    expect(browse).toContain('Sea Stories');
  });

  test('tagline, warnings and score are stored on the book', async () => {
    expect((await app.post('/api/admin/text-gen/tagline/apply', { slug: SLUG, tagline: '  A light   in the fog. ' })).status).toBe(200);
    expect((await app.post('/api/admin/text-gen/content-warnings/apply', { slug: SLUG, warnings: [{ label: 'Peril', severity: 'extreme', reason: 'Storms.' }] })).status).toBe(200);
    expect((await app.post('/api/admin/text-gen/quality-score/apply', { slug: SLUG, score: 8, reasons: ['Good.'] })).status).toBe(200);
    const row = await app.platform.db.selectFrom('books').select(['tagline', 'content_warnings', 'quality_score', 'quality_reasons']).where('slug', '=', SLUG).executeTakeFirstOrThrow();
    expect(row.tagline).toBe('A light in the fog.');
    expect(row.content_warnings).toEqual([{ label: 'Peril', severity: 'moderate', reason: 'Storms.' }]);
    expect([row.quality_score, row.quality_reasons]).toEqual([8, ['Good.']]);
    const next = (await (await app.post('/api/admin/text-gen/tagline', { slug: SLUG })).json()) as { current: string };
    expect(next.current).toBe('A light in the fog.');
    // Readers see them: the book's API and its page.
    const detail = (await (await app.get(`/api/book/${SLUG}`)).json()) as { book: { tagline: string; content_warnings: unknown[] } };
    expect([detail.book.tagline, detail.book.content_warnings]).toEqual(['A light in the fog.', [{ label: 'Peril', severity: 'moderate', reason: 'Storms.' }]]);
    const html = await (await app.fetch(`/book/${SLUG}`)).text();
    expect(html).toContain('<p class="book-hero__tagline">A light in the fog.</p>');
    expect(html).toContain('Content warning (1)');
    expect(html).toContain('<strong>Peril</strong><span class="badge badge--moderate">moderate</span><span>Storms.</span>');
  });

  test('bad applies are 400 with the reason', async () => {
    let res = await app.post('/api/admin/text-gen/quality-score/apply', { slug: SLUG, score: 11 });
    expect([res.status, await res.json()]).toEqual([400, { error: 'invalid_request', message: 'score must be a whole number from 1 to 10' }]);
    res = await app.post('/api/admin/text-gen/genres/apply', { slug: SLUG });
    expect([res.status, await res.json()]).toEqual([400, { error: 'invalid_request', message: 'genres are required' }]);
    res = await app.post('/api/admin/text-gen/tagline/apply', { slug: 'no-such-book', tagline: 'x' });
    expect([res.status, await res.json()]).toEqual([404, { error: 'not_found', message: 'No such book' }]);
  });
});

describe('the AI service failing', () => {
  test('an upstream 500 is 502 bad_gateway with what it said', async () => {
    app.ai.fault({ status: 500 });
    const res = await app.post('/api/admin/text-gen/tagline', { slug: SLUG });
    expect([res.status, await res.json()]).toEqual([502, { error: 'bad_gateway', message: 'The AI service answered 500: The server had an error' }]);
  });

  test('a time-out is 504 gateway_timeout', async () => {
    app.ai.fault({ delayMs: 1500 });
    const res = await app.post('/api/admin/text-gen/genres', { slug: SLUG });
    expect([res.status, await res.json()]).toEqual([504, { error: 'gateway_timeout', message: 'The AI service did not answer in time (1 s)' }]);
  });

  test('JSON that is wrong twice is 502 and says so', async () => {
    app.ai.fault({ invalidJson: true, count: 2 });
    const res = await app.post('/api/admin/text-gen/quality-score', { slug: SLUG });
    expect(res.status).toBe(502);
    expect(((await res.json()) as { message: string }).message).toStartWith('The AI service did not answer with the expected JSON');
  });

  test('a missing slug is 400 and an unknown book 404, before the AI is asked', async () => {
    const asked = app.ai.requests.length;
    let res = await app.post('/api/admin/text-gen/tagline', {});
    expect([res.status, await res.json()]).toEqual([400, { error: 'invalid_request', message: 'slug is required' }]);
    res = await app.post('/api/admin/text-gen/content-warnings', { slug: 'no-such-book' });
    expect(res.status).toBe(404);
    expect(app.ai.requests.length).toBe(asked);
  });
});

test('text models: the configured one first, image models left out, and the list kept 10 minutes', async () => {
  const before = app.ai.modelListings;
  const res = await app.get('/api/admin/text-gen/models');
  expect([res.status, await res.json()]).toEqual([200, { models: ['test-text-model', 'gpt-4o-mini'], default: 'test-text-model' }]);
  expect((await app.get('/api/admin/text-gen/models')).status).toBe(200);
  expect(app.ai.modelListings).toBe(before + 1);
  expect(await app.platform.cache.ttl('ai:models')).toBeGreaterThan(590);
});
