import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { audioKey } from '../../src/features/audio/keys.ts';
import { narrationScript } from '../../src/features/audio/script.ts';
import { narrate, spokenText, type SpeechEngine, type Voice } from '../../src/integrations/tts/index.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { DEBUG_TOKEN, loginAs, TEST_ORIGIN, type Session } from '../support/auth.ts';

/** Pronunciation lists: GET/PUT per book and for the site, who may change them, and what a change does to stored narrations. */
let app: TestApp;
let admin: Session;
let reader: Session;
const BOOK = 'salvage-rights';
const VOICE = 'espeak-en-us';

beforeAll(async () => {
  app = await startTestApp({ env: { DEBUG_LOGIN_TOKEN: DEBUG_TOKEN } });
  admin = await loginAs(app, 'pron-admin', { role: 'admin' });
  reader = await loginAs(app, 'pron-reader');
});
afterAll(() => app.close());

function put(path: string, who: Session | null, body: unknown) {
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json', origin: TEST_ORIGIN };
  if (who) headers.authorization = `Bearer ${who.token}`;
  return app.fetch(path, { method: 'PUT', headers, body: JSON.stringify(body) });
}
const get = (path: string) => app.fetch(path, { headers: { accept: 'application/json' } });
const db = () => app.platform.db;

async function chapterText(n: number): Promise<string> {
  const row = await db().selectFrom('chapters').select(['title', 'text']).where('book_slug', '=', BOOK).where('number', '=', n).executeTakeFirstOrThrow();
  return `${row.title}\n${row.text}`;
}
/** A word of chapter 1 that chapter 2 does not hold, in any case. */
async function wordOnlyInChapterOne(): Promise<string> {
  const [one, two] = [await chapterText(1), (await chapterText(2)).toLowerCase()];
  const word = one.match(/\p{L}{7,}/gu)!.find((w) => !two.includes(w.toLowerCase()));
  if (!word) throw new Error('the seed has no such word');
  return word;
}
async function storeNarration(chapter: number, voice: string): Promise<string> {
  const key = audioKey(BOOK, chapter, voice, 'mp3');
  await app.platform.objects.put(key, new Uint8Array(64).fill(1), { contentType: 'audio/mpeg' });
  await db().insertInto('audio_files').values({ slug: BOOK, chapter, voice, object_key: key, format: 'mp3', size_bytes: 64, duration_seconds: 2 }).onConflict((oc) => oc.doNothing()).execute();
  return key;
}
const storedChapters = async () =>
  (await db().selectFrom('audio_files').select(['chapter', 'voice']).where('slug', '=', BOOK).orderBy('chapter').orderBy('voice').execute()).map((r) => `${r.chapter}/${r.voice}`);

describe('reading a list', () => {
  test('anyone reads a book’s list; an unknown book is 404', async () => {
    const res = await get(`/api/books/${BOOK}/pronunciations`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ entries: [] });
    const missing = await get('/api/books/no-such-book/pronunciations');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: 'not_found', message: 'Book not found' });
  });
});

describe('changing a list', () => {
  test('only admins: 403 "Administrators only" for anyone else, signed in or not, and the list stays as it was', async () => {
    const body = { entries: [{ word: 'Lin', say: 'Lean', case_sensitive: false }] };
    for (const who of [null, reader]) {
      for (const path of [`/api/books/${BOOK}/pronunciations`, '/api/pronunciations']) {
        const refused = await put(path, who, body);
        expect(refused.status).toBe(403);
        expect(await refused.json()).toEqual({ error: 'forbidden', message: 'Administrators only' });
      }
    }
    // Before anything about the body.
    expect((await put(`/api/books/${BOOK}/pronunciations`, reader, { entries: [{ word: '' }] })).status).toBe(403);
    expect(await (await get(`/api/books/${BOOK}/pronunciations`)).json()).toEqual({ entries: [] });
  });

  test('400 for an empty word or say, a repeated word or a missing list; nothing is saved', async () => {
    for (const [entries, message] of [
      [[{ word: '  ', say: 'x' }], 'entries[0].word must not be empty'],
      [[{ word: 'Lin', say: 'Lean' }, { word: 'Qi', say: ' ' }], 'entries[1].say must not be empty'],
      [[{ word: 'Lin', say: 'Lean' }, { word: 'LIN', say: 'Lynn' }], 'entries[1].word "LIN" is listed twice'],
    ] as const) {
      const res = await put(`/api/books/${BOOK}/pronunciations`, admin, { entries });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error: 'invalid_request', message });
    }
    expect((await put(`/api/books/${BOOK}/pronunciations`, admin, { words: [] })).status).toBe(400);
    expect((await put('/api/books/no-such-book/pronunciations', admin, { entries: [] })).status).toBe(404);
    expect(await (await get(`/api/books/${BOOK}/pronunciations`)).json()).toEqual({ entries: [] });
  });

  test('an admin saves a list (trimmed, case rule defaulting to any case); GET gives it back in order', async () => {
    const res = await put(`/api/books/${BOOK}/pronunciations`, admin, { entries: [{ word: ' Zhao ', say: 'Jow' }, { word: 'Mei', say: 'May', case_sensitive: true }] });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ entries: [{ word: 'Zhao', say: 'Jow', case_sensitive: false }, { word: 'Mei', say: 'May', case_sensitive: true }], outdated_audio: 0, outdated_chapters: 0 });
    expect(await (await get(`/api/books/${BOOK}/pronunciations`)).json()).toEqual({ entries: [{ word: 'Zhao', say: 'Jow', case_sensitive: false }, { word: 'Mei', say: 'May', case_sensitive: true }] });
    expect(await (await put(`/api/books/${BOOK}/pronunciations`, admin, { entries: [] })).json()).toMatchObject({ entries: [] });
  });

  test('phonemes (eSpeak) are kept trimmed and given back only on the entries that have them, in both lists', async () => {
    for (const path of [`/api/books/${BOOK}/pronunciations`, '/api/pronunciations']) {
      const res = await put(path, admin, { entries: [{ word: 'Shu Ching', say: 'Shoo Ching', phonemes: " S'u: tS'IN " }, { word: 'Lin', say: 'Lean', phonemes: '' }, { word: 'Qi', say: 'Chee' }] });
      expect(res.status).toBe(200);
      const expected = [{ word: 'Shu Ching', say: 'Shoo Ching', case_sensitive: false, phonemes: "S'u: tS'IN" }, { word: 'Lin', say: 'Lean', case_sensitive: false }, { word: 'Qi', say: 'Chee', case_sensitive: false }];
      expect(((await res.json()) as { entries: unknown }).entries).toEqual(expected);
      const { entries } = (await (await get(path)).json()) as { entries: Record<string, unknown>[] };
      expect(entries).toEqual(expected);
      expect(entries.map((e) => 'phonemes' in e)).toEqual([true, false, false]);
      expect((await put(path, admin, { entries: [] })).status).toBe(200);
    }
  });

  test('400 for phonemes with brackets, too long or with characters eSpeak mnemonics do not use; nothing is saved', async () => {
    for (const [phonemes, message] of [
      ["[[S'u: tS'IN]]", 'entries[1].phonemes must not hold [ or ]: write the mnemonics alone, the brackets are added when spoken'],
      ['S'.repeat(201), 'entries[1].phonemes must be at most 200 characters'],
      ['Ʃuː', "entries[1].phonemes must be eSpeak phoneme mnemonics: ASCII letters, digits, spaces and ' , : @ & ? ! _ - = | ^ * ; # / . < >"],
      ['S"u:', "entries[1].phonemes must be eSpeak phoneme mnemonics: ASCII letters, digits, spaces and ' , : @ & ? ! _ - = | ^ * ; # / . < >"],
    ] as const) {
      const res = await put(`/api/books/${BOOK}/pronunciations`, admin, { entries: [{ word: 'Lin', say: 'Lean' }, { word: 'Shu Ching', say: 'Shoo Ching', phonemes }] });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error: 'invalid_request', message });
    }
    expect(await (await get(`/api/books/${BOOK}/pronunciations`)).json()).toEqual({ entries: [] });
  });
});

describe('what a change does to stored narrations', () => {
  test('the narrations of chapters saying a changed word are removed (every voice, objects too) and counted; others stay', async () => {
    const word = await wordOnlyInChapterOne();
    const keys = [await storeNarration(1, VOICE), await storeNarration(1, 'flite-slt'), await storeNarration(2, VOICE)];
    await db().insertInto('audio_jobs').values({ slug: BOOK, chapter: 1, voice: VOICE, status: 'done', error: null, requested_by: null, jump_to: null }).execute();
    const res = await put(`/api/books/${BOOK}/pronunciations`, admin, { entries: [{ word: word.toUpperCase(), say: 'Respelled' }] });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ outdated_audio: 2, outdated_chapters: 1 });
    expect(await storedChapters()).toEqual([`2/${VOICE}`]);
    expect(await app.platform.objects.head(keys[0]!)).toBeNull();
    expect(await app.platform.objects.head(keys[1]!)).toBeNull();
    expect(await app.platform.objects.head(keys[2]!)).not.toBeNull();
    expect(await db().selectFrom('audio_jobs').select('id').where('slug', '=', BOOK).where('chapter', '=', 1).where('status', '=', 'done').execute()).toEqual([]);

    // Saving the same list again changes no saying: nothing more is removed.
    await storeNarration(1, VOICE);
    expect(await (await put(`/api/books/${BOOK}/pronunciations`, admin, { entries: [{ word: word.toUpperCase(), say: 'Respelled' }] })).json()).toMatchObject({ outdated_audio: 0, outdated_chapters: 0 });
    // Removing the entry changes it back: chapter 1 is made again.
    expect(await (await put(`/api/books/${BOOK}/pronunciations`, admin, { entries: [] })).json()).toMatchObject({ outdated_audio: 1, outdated_chapters: 1 });
    await db().deleteFrom('audio_files').where('slug', '=', BOOK).execute();
  });

  test('changing only the phonemes of an entry outdates the narrations of the chapters saying it', async () => {
    const word = await wordOnlyInChapterOne();
    const path = `/api/books/${BOOK}/pronunciations`;
    expect(await (await put(path, admin, { entries: [{ word, say: 'Respelled' }] })).json()).toMatchObject({ outdated_chapters: 1 });
    await storeNarration(1, VOICE);
    await storeNarration(2, VOICE);
    expect(await (await put(path, admin, { entries: [{ word, say: 'Respelled', phonemes: "r'i:" }] })).json()).toMatchObject({ outdated_audio: 1, outdated_chapters: 1 });
    expect(await storedChapters()).toEqual([`2/${VOICE}`]);
    await storeNarration(1, VOICE);
    expect(await (await put(path, admin, { entries: [{ word, say: 'Respelled', phonemes: "r'i:" }] })).json()).toMatchObject({ outdated_audio: 0 });
    expect(await (await put(path, admin, { entries: [{ word, say: 'Respelled', phonemes: "r'eI" }] })).json()).toMatchObject({ outdated_audio: 1 });
    await storeNarration(1, VOICE);
    expect(await (await put(path, admin, { entries: [{ word, say: 'Respelled' }] })).json()).toMatchObject({ outdated_audio: 1 });
    await put(path, admin, { entries: [] });
    await db().deleteFrom('audio_files').where('slug', '=', BOOK).execute();
  });

  test('the site list reaches every book’s narrations', async () => {
    const word = await wordOnlyInChapterOne();
    await storeNarration(1, VOICE);
    const res = await put('/api/pronunciations', admin, { entries: [{ word, say: 'Sitewide' }] });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ entries: [{ word, say: 'Sitewide', case_sensitive: false }], outdated_audio: 1 });
    expect(await (await get('/api/pronunciations')).json()).toEqual({ entries: [{ word, say: 'Sitewide', case_sensitive: false }] });
    expect(await (await put('/api/pronunciations', admin, { entries: [] })).json()).toMatchObject({ entries: [] });
  });
});

describe('what the engines are given', () => {
  test('the respelling, from the book’s list over the site’s; the words read along stay as written', async () => {
    const word = await wordOnlyInChapterOne();
    expect((await put('/api/pronunciations', admin, { entries: [{ word, say: 'SiteSaying' }] })).status).toBe(200);
    const voice = { id: VOICE, name: 'English (US)', engine: 'espeak' as const, language: 'en-US' };
    const spoken = async () => {
      const made = await narrationScript(db(), { slug: BOOK, chapter: 1, voice: VOICE }, voice as never);
      if ('missing' in made) throw new Error(made.missing);
      return { spoken: made.script.chunks.map(spokenText).join(' '), read: made.script.chunks.map((c) => c.text).join(' ') };
    };
    let said = await spoken();
    expect(said.spoken).toContain('SiteSaying');
    expect(said.spoken).not.toMatch(new RegExp(`(?<![\\p{L}])${word}(?![\\p{L}])`, 'iu'));
    expect(said.read).toContain(word);
    expect((await put(`/api/books/${BOOK}/pronunciations`, admin, { entries: [{ word, say: 'BookSaying' }] })).status).toBe(200);
    said = await spoken();
    expect(said.spoken).toContain('BookSaying');
    expect(said.spoken).not.toContain('SiteSaying');
    await put('/api/pronunciations', admin, { entries: [] });
    await put(`/api/books/${BOOK}/pronunciations`, admin, { entries: [] });
  });
});

describe('phonemes reach the engines that take them', () => {
  const voices: Record<string, Voice> = {
    espeak: { id: VOICE, name: 'English (US)', engine: 'espeak', language: 'en-US' },
    flite: { id: 'flite-slt', name: 'SLT', engine: 'flite', language: 'en-US' },
    openai: { id: 'openai-alloy', name: 'Alloy', engine: 'openai', language: 'en-US' },
  };
  /** What an engine of the voice's kind is given for chapter 1, through the narration path. */
  async function heardBy(voice: Voice): Promise<string> {
    const made = await narrationScript(db(), { slug: BOOK, chapter: 1, voice: voice.id }, voice);
    if ('missing' in made) throw new Error(made.missing);
    const heard: string[] = [];
    const engine: SpeechEngine = {
      id: voice.engine,
      format: 'wav',
      backend: 'recording',
      available: async () => true,
      voices: async () => [voice],
      synthesize: async (text) => {
        heard.push(text);
        return { sampleRate: 8000, samples: new Int16Array(80) };
      },
    };
    for await (const _ of narrate(engine, voice.id, made.script)) void _;
    return heard.join(' ');
  }

  test('eSpeak voices are given [[phonemes]]; Flite and OpenAI-compatible voices the respelling; an entry without phonemes is respelled for all', async () => {
    const word = await wordOnlyInChapterOne();
    await put('/api/pronunciations', admin, { entries: [{ word: 'the', say: 'thee' }] });
    expect((await put(`/api/books/${BOOK}/pronunciations`, admin, { entries: [{ word, say: 'Shoo Ching', phonemes: "S'u: tS'IN" }] })).status).toBe(200);
    const espeak = await heardBy(voices.espeak!);
    expect(espeak).toContain("[[ S'u: tS'IN]]");
    expect(espeak).not.toContain('Shoo Ching');
    expect(espeak).not.toMatch(/\bthe\b/i);
    for (const other of [voices.flite!, voices.openai!]) {
      const said = await heardBy(other);
      expect(said).toContain('Shoo Ching');
      expect(said).not.toContain('[[');
      expect(said).not.toMatch(/\bthe\b/i);
    }
    await put('/api/pronunciations', admin, { entries: [] });
    await put(`/api/books/${BOOK}/pronunciations`, admin, { entries: [] });
  });
});

describe('listeners report a word said wrong', () => {
  const report = (who: Record<string, string>, body: unknown) =>
    app.fetch(`/api/books/${BOOK}/pronunciations/reports`, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json', origin: TEST_ORIGIN, ...who }, body: JSON.stringify(body) });
  const listener = (name: string) => ({ 'x-session-id': `${name}-0123456789abcdef` });
  const reports = async (who: Session) =>
    app.fetch('/api/admin/pronunciation-reports', { headers: { accept: 'application/json', authorization: `Bearer ${who.token}` } });

  test('a report is kept once per listener, word and voice; admins see them grouped per word; a list entry answers them', async () => {
    const word = await wordOnlyInChapterOne();
    const first = await report(listener('rep-a'), { chapter: 1, word: `${word},`, voice: VOICE });
    expect(first.status).toBe(201);
    expect(await first.json()).toEqual({ reported: true });
    expect((await report(listener('rep-a'), { chapter: 1, word, voice: VOICE })).status).toBe(201);
    expect((await report(listener('rep-b'), { chapter: 1, word: word.toLowerCase(), voice: 'flite-slt' })).status).toBe(201);
    expect((await report({ authorization: `Bearer ${reader.token}` }, { chapter: 1, word, voice: VOICE })).status).toBe(201);

    const seen = await reports(admin);
    expect(seen.status).toBe(200);
    const { words } = (await seen.json()) as { words: { slug: string; word: string; listeners: number; voices: string[]; chapters: number[]; book_title: string }[] };
    expect(words).toHaveLength(1);
    expect(words[0]).toMatchObject({ slug: BOOK, listeners: 3, voices: ['espeak-en-us', 'flite-slt'], chapters: [1] });
    expect(words[0]!.word.toLowerCase()).toBe(word.toLowerCase());
    expect((await reports(reader)).status).toBe(403);

    // An entry for the word answers the reports.
    await put(`/api/books/${BOOK}/pronunciations`, admin, { entries: [{ word, say: 'Fixed' }] });
    expect(((await (await reports(admin)).json()) as { words: unknown[] }).words).toEqual([]);
    await put(`/api/books/${BOOK}/pronunciations`, admin, { entries: [] });
  });

  test('a word that is not in the chapter is 400, an unknown chapter 404, a bad voice 400; an admin can dismiss reports', async () => {
    const wrong = await report(listener('rep-c'), { chapter: 1, word: 'Zyxwvutsrq', voice: VOICE });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toEqual({ error: 'invalid_request', message: 'word must be one word of the chapter' });
    expect((await report(listener('rep-c'), { chapter: 1, word: 'two words', voice: VOICE })).status).toBe(400);
    expect((await report(listener('rep-c'), { chapter: 9999, word: 'the', voice: VOICE })).status).toBe(404);
    expect((await report(listener('rep-c'), { chapter: 1, word: 'the', voice: 'Bad Voice!' })).status).toBe(400);

    const word = await wordOnlyInChapterOne();
    await report(listener('rep-d'), { chapter: 1, word, voice: VOICE });
    const dismissed = await app.fetch(`/api/admin/pronunciation-reports/${BOOK}/${encodeURIComponent(word.toLowerCase())}`, { method: 'DELETE', headers: { accept: 'application/json', origin: TEST_ORIGIN, authorization: `Bearer ${admin.token}` } });
    expect(dismissed.status).toBe(200);
    expect(await dismissed.json()).toEqual({ dismissed: 1 });
    expect(((await (await reports(admin)).json()) as { words: unknown[] }).words).toEqual([]);
  });
});

describe('the admin pages', () => {
  const page = (path: string, who: Session) => app.fetch(path, { headers: { accept: 'text/html', cookie: who.cookie } });
  /** The list's text as the page's textarea holds it, entities decoded. */
  const textareaOf = (html: string) =>
    (/<textarea id="pronunciation-entries"[^>]*>([^<]*)<\/textarea>/.exec(html)?.[1] ?? '').replace(/&(#x27|#39|quot|lt|gt|amp);/g, (_, e: string) => ({ '#x27': "'", '#39': "'", quot: '"', lt: '<', gt: '>', amp: '&' })[e]!);
  const post = (path: string, who: Session, fields: Record<string, string>) =>
    app.fetch(path, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html', origin: TEST_ORIGIN, cookie: who.cookie }, body: new URLSearchParams(fields).toString() });

  test('admins only; the book page links to it', async () => {
    expect((await page(`/admin/books/${BOOK}/pronunciations`, reader)).status).toBe(403);
    expect((await page('/admin/pronunciations', reader)).status).toBe(403);
    expect((await post(`/admin/books/${BOOK}/pronunciations`, reader, { entries: 'Lin = Lean' })).status).toBe(403);
    const book = await page(`/admin/books/${BOOK}`, admin);
    expect(await book.text()).toContain(`href="/admin/books/${BOOK}/pronunciations"`);
    // No AI service on this server: no suggestions offered.
    const own = await (await page(`/admin/books/${BOOK}/pronunciations`, admin)).text();
    expect(own).toContain('Save pronunciations');
    expect(own).not.toContain('/pronunciations/suggest');
    expect((await page('/admin/books/no-such-book/pronunciations', admin)).status).toBe(404);
  });

  test('saving the text (word = say, | exact) answers 303 with the counts; the page shows it back and says what was saved', async () => {
    const saved = await post(`/admin/books/${BOOK}/pronunciations`, admin, { entries: '# names\nXiao Yan = Shyow Yen\n\nQi = Chee | exact\n' });
    expect(saved.status).toBe(303);
    expect(saved.headers.get('location')).toBe(`/admin/books/${BOOK}/pronunciations?saved=2&outdated=0`);
    expect(await (await get(`/api/books/${BOOK}/pronunciations`)).json()).toEqual({ entries: [{ word: 'Xiao Yan', say: 'Shyow Yen', case_sensitive: false }, { word: 'Qi', say: 'Chee', case_sensitive: true }] });
    const html = await (await page(saved.headers.get('location')!, admin)).text();
    expect(html).toContain('Saved: 2 entries. 0 stored narrations will be made again when next asked for.');
    expect(html).toContain('Xiao Yan = Shyow Yen\nQi = Chee | exact</textarea>');
    await put(`/api/books/${BOOK}/pronunciations`, admin, { entries: [] });
  });

  test('a refused text answers 400 with the text as typed and the line that is wrong; nothing is saved', async () => {
    const typed = 'Lin = Lean\nMei, May\nQi = Chee';
    const refused = await post(`/admin/books/${BOOK}/pronunciations`, admin, { entries: typed });
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(html).toContain('Line 2: write it as &quot;word = how to say it&quot;');
    expect(html).toContain(`${typed}</textarea>`);
    const empty = await post(`/admin/books/${BOOK}/pronunciations`, admin, { entries: 'Lin = Lean\n\n = Chee' });
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain('Line 3: word must not be empty');
    expect(await (await get(`/api/books/${BOOK}/pronunciations`)).json()).toEqual({ entries: [] });
  });

  test('phonemes are written [[…]] after the respelling: saved, shown back, and a refused value keeps the text and says why', async () => {
    expect(await (await page(`/admin/books/${BOOK}/pronunciations`, admin)).text()).toContain('Phonemes (eSpeak), optional');
    const saved = await post(`/admin/books/${BOOK}/pronunciations`, admin, { entries: "Shu Ching = Shoo Ching [[S'u: tS'IN]]\nQi = Chee [[tS'i:]] | exact\nLin = Lean" });
    expect(saved.status).toBe(303);
    expect(await (await get(`/api/books/${BOOK}/pronunciations`)).json()).toEqual({
      entries: [
        { word: 'Shu Ching', say: 'Shoo Ching', case_sensitive: false, phonemes: "S'u: tS'IN" },
        { word: 'Qi', say: 'Chee', case_sensitive: true, phonemes: "tS'i:" },
        { word: 'Lin', say: 'Lean', case_sensitive: false },
      ],
    });
    const html = await (await page(`/admin/books/${BOOK}/pronunciations`, admin)).text();
    expect(textareaOf(html)).toBe("Shu Ching = Shoo Ching [[S'u: tS'IN]]\nQi = Chee [[tS'i:]] | exact\nLin = Lean");

    for (const [typed, message] of [
      ['Lin = Lean\nShu Ching = Shoo Ching [[S$u:]]', 'Line 2: phonemes must be eSpeak phoneme mnemonics'],
      ['Shu Ching = Shoo Ching [[S[u]]]', 'Line 1: phonemes must not hold [ or ]'],
      [`Shu Ching = Shoo Ching [[${'S'.repeat(201)}]]`, 'Line 1: phonemes must be at most 200 characters'],
    ] as const) {
      const refused = await post(`/admin/books/${BOOK}/pronunciations`, admin, { entries: typed });
      expect(refused.status).toBe(400);
      const body = await refused.text();
      expect(body).toContain(message);
      expect(textareaOf(body)).toBe(typed);
    }
    expect(((await (await get(`/api/books/${BOOK}/pronunciations`)).json()) as { entries: unknown[] }).entries).toHaveLength(3);
    await put(`/api/books/${BOOK}/pronunciations`, admin, { entries: [] });
  });

  test('the one-entry form adds an entry with its phonemes; a refused value keeps what was typed and says why', async () => {
    expect((await post(`/admin/books/${BOOK}/pronunciations`, admin, { entries: 'Lin = Lean' })).status).toBe(303);
    const form = await (await page(`/admin/books/${BOOK}/pronunciations`, admin)).text();
    expect(form).toContain('<input id="pronunciation-entry-phonemes" name="phonemes"');
    expect(form).toContain("For the eSpeak voices: the name in eSpeak phoneme mnemonics, without brackets, e.g. S&#x27;u: tS&#x27;IN");

    const added = await post(`/admin/books/${BOOK}/pronunciations`, admin, { word: 'Shu Ching', say: 'Shoo Ching', phonemes: "S'u: tS'IN", exact: '1' });
    expect(added.status).toBe(303);
    expect(added.headers.get('location')).toBe(`/admin/books/${BOOK}/pronunciations?saved=2&outdated=0`);
    expect(((await (await get(`/api/books/${BOOK}/pronunciations`)).json()) as { entries: unknown[] }).entries).toEqual([
      { word: 'Lin', say: 'Lean', case_sensitive: false },
      { word: 'Shu Ching', say: 'Shoo Ching', case_sensitive: true, phonemes: "S'u: tS'IN" },
    ]);

    const refused = await post(`/admin/books/${BOOK}/pronunciations`, admin, { word: 'Qi', say: 'Chee', phonemes: 'tʃi' });
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(html).toContain('phonemes must be eSpeak phoneme mnemonics: ASCII letters, digits, spaces and');
    expect(html).toContain('name="word" maxlength="64" required value="Qi"');
    expect(html).toContain('name="say" maxlength="200" required value="Chee"');
    expect(html).toMatch(/name="phonemes"[^>]*value="tʃi"[^>]*aria-invalid="true"/);
    expect(((await (await get(`/api/books/${BOOK}/pronunciations`)).json()) as { entries: unknown[] }).entries).toHaveLength(2);
    await put(`/api/books/${BOOK}/pronunciations`, admin, { entries: [] });
  });

  test('reported words are listed with a way to add them to the list (prefilled) or dismiss them', async () => {
    const word = await wordOnlyInChapterOne();
    await app.fetch(`/api/books/${BOOK}/pronunciations/reports`, { method: 'POST', headers: { 'content-type': 'application/json', origin: TEST_ORIGIN, 'x-session-id': 'rep-page-0123456789abcdef' }, body: JSON.stringify({ chapter: 1, word, voice: VOICE }) });
    const html = await (await page(`/admin/books/${BOOK}/pronunciations`, admin)).text();
    expect(html).toContain(`<th scope="row">${word}</th>`);
    expect(html).toContain(`?add=${encodeURIComponent(word)}#pronunciation-entries`);
    const site = await (await page('/admin/pronunciations', admin)).text();
    expect(site).toContain(`<th scope="row">${word}</th>`);
    const prefilled = await (await page(`/admin/books/${BOOK}/pronunciations?add=${encodeURIComponent(word)}`, admin)).text();
    expect(prefilled).toContain(`${word} = </textarea>`);
    const dismissed = await post(`/admin/books/${BOOK}/pronunciations/dismiss`, admin, { word });
    expect(dismissed.status).toBe(303);
    expect(await (await page(dismissed.headers.get('location')!, admin)).text()).toContain(`Reports of “${word}” dismissed.`);
    expect(await (await page(`/admin/books/${BOOK}/pronunciations`, admin)).text()).toContain('No word has been reported said wrong.');
  });
});
