import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { startAiApp, type AiTestApp } from '../support/ai-app.ts';
import { TEST_ORIGIN } from '../support/auth.ts';
import { properNames } from '../../src/features/ai/text-gen/names.ts';

/** Respellings for a book's names proposed by the AI service (the local stand-in), kept by the admin into the book's list. */
let app: AiTestApp;
const SLUG = 'morning-bread';
beforeAll(async () => {
  app = await startAiApp();
});
afterAll(() => app.close());

async function namesOfBook(): Promise<string[]> {
  const chapters = await app.platform.db.selectFrom('chapters').select(['title', 'text']).where('book_slug', '=', SLUG).orderBy('number').limit(20).execute();
  return properNames(chapters.map((c) => `${c.title}\n\n${c.text}`)).map((n) => n.word);
}
const form = (path: string, fields: Record<string, string>, htmx = false) =>
  app.fetch(path, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html', origin: TEST_ORIGIN, cookie: app.admin.cookie, ...(htmx ? { 'hx-request': 'true' } : {}) },
    body: new URLSearchParams(fields).toString(),
  });

describe('POST /api/admin/text-gen/pronunciations', () => {
  test('the names found in the book go to the model; what it proposes for names not given, or said as written, is dropped', async () => {
    const names = await namesOfBook();
    expect(names.length).toBeGreaterThanOrEqual(5);
    const res = await app.post('/api/admin/text-gen/pronunciations', { slug: SLUG });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { slug: string; suggestions: { word: string; say: string; count: number }[] };
    expect(body.suggestions.map((s) => s.word)).toEqual(names.slice(0, 4));
    expect(body.suggestions[0]).toMatchObject({ say: `${names[0]!.toLowerCase()}-respelled` });
    expect(body.suggestions.every((s) => s.count >= 2)).toBe(true);
    const sent = app.ai.requests.at(-1)!.body as { response_format: { json_schema: { name: string } }; messages: { content: string }[] };
    expect(sent.response_format.json_schema.name).toBe('pronunciations');
    expect(JSON.parse(sent.messages.at(-1)!.content)).toMatchObject({ names, language: 'en' });
  });

  test('names already in the book’s or the site’s list are not asked about again; an unknown book is 404', async () => {
    const names = await namesOfBook();
    await app.fetch(`/api/books/${SLUG}/pronunciations`, { method: 'PUT', headers: { 'content-type': 'application/json', origin: TEST_ORIGIN, cookie: app.admin.cookie }, body: JSON.stringify({ entries: [{ word: names[0], say: 'x' }] }) });
    const body = (await (await app.post('/api/admin/text-gen/pronunciations', { slug: SLUG })).json()) as { suggestions: { word: string }[] };
    expect(body.suggestions.map((s) => s.word)).not.toContain(names[0]);
    await app.fetch(`/api/books/${SLUG}/pronunciations`, { method: 'PUT', headers: { 'content-type': 'application/json', origin: TEST_ORIGIN, cookie: app.admin.cookie }, body: JSON.stringify({ entries: [] }) });
    expect((await app.post('/api/admin/text-gen/pronunciations', { slug: 'no-such-book' })).status).toBe(404);
  });
});

describe('on the admin page', () => {
  test('the page offers suggestions; the kept and edited ones are added to the list, the unticked ones are not', async () => {
    const page = await (await app.get(`/admin/books/${SLUG}/pronunciations`)).text();
    expect(page).toContain(`hx-post="/admin/books/${SLUG}/pronunciations/suggest"`);
    const fragment = await (await form(`/admin/books/${SLUG}/pronunciations/suggest`, {}, true)).text();
    const words = [...fragment.matchAll(/name="word_(\d+)" value="([^"]+)"/g)].map((m) => m[2]!);
    expect(words).toHaveLength(4);
    expect(fragment).toContain('4 names to look at: keep, edit or untick each.');
    const added = await form(`/admin/books/${SLUG}/pronunciations/add`, {
      word_0: words[0]!, say_0: 'Edited saying', keep_0: '1',
      word_1: words[1]!, say_1: 'not kept',
      word_2: words[2]!, say_2: `${words[2]!.toLowerCase()}-respelled`, keep_2: '1',
    });
    expect(added.status).toBe(303);
    const list = (await (await app.get(`/api/books/${SLUG}/pronunciations`)).json()) as { entries: { word: string; say: string }[] };
    expect(list.entries.map((e) => [e.word, e.say])).toEqual([[words[0]!, 'Edited saying'], [words[2]!, `${words[2]!.toLowerCase()}-respelled`]]);
  });
});
