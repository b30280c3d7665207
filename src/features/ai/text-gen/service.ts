import type { Kysely } from 'kysely';
import type { Database } from '../../../platform/db/schema.ts';
import type { Cache } from '../../../platform/cache/port.ts';
import { badRequest, notFound } from '../../../platform/http/errors.ts';
import type { AiCall, AiClient } from '../../../integrations/ai/index.ts';
import { setBookGenres } from '../../catalogue/writes/service.ts';
import { announceChapterChange } from '../../catalogue/writes/announce.ts';
import { openingOf } from '../chapter-names/prompt.ts';
import { GenresAnswer, PronunciationAnswer, QualityAnswer, SEVERITIES, TaglineAnswer, WarningsAnswer } from './model.ts';
import { genreMessages, pronunciationMessages, qualityMessages, taglineMessages, warningMessages, type BookSample } from './prompts.ts';
import { properNames } from './names.ts';
import * as q from './queries.ts';
import { jsonColumn } from '../../../platform/db/json.ts';

type Db = Kysely<Database>;
type Warning = { label: string; severity: string; reason: string };

const SAMPLE_CHAPTERS = 3;

async function requireBook(db: Db, slug: string | undefined) {
  if (!slug) throw badRequest('slug is required');
  const book = await q.bookFacts(db, slug);
  if (!book) throw notFound('No such book');
  return book;
}

async function sampleOf(db: Db, book: NonNullable<Awaited<ReturnType<typeof q.bookFacts>>>): Promise<BookSample> {
  const chapters = await q.openingChapters(db, book.slug, SAMPLE_CHAPTERS);
  return {
    title: book.title,
    author: book.author,
    description: book.description.slice(0, 4000),
    genres: book.genres ?? [],
    chapters: chapters.map((c) => ({ number: c.number, title: c.title, opening: openingOf(c.text) })),
  };
}


/** One generation each: nothing is stored until an admin applies it. */
export async function generateTagline(db: Db, client: AiClient, slug: string | undefined, call: AiCall) {
  const book = await requireBook(db, slug);
  const answer = await client.json({ name: 'book_tagline', schema: TaglineAnswer, messages: taglineMessages(await sampleOf(db, book)) }, call);
  return { slug: book.slug, tagline: answer.tagline.replace(/\s+/g, ' ').trim().replace(/^["“]|["”]$/g, ''), current: book.tagline };
}

export async function generateGenres(db: Db, client: AiClient, slug: string | undefined, call: AiCall) {
  const book = await requireBook(db, slug);
  const known = (await q.knownGenres(db, 200)).map((g) => g.name);
  const answer = await client.json({ name: 'book_genres', schema: GenresAnswer, messages: genreMessages(await sampleOf(db, book), known) }, call);
  // The catalogue's own spelling of a genre it already has.
  const byLower = new Map(known.map((name) => [name.toLowerCase(), name]));
  const genres = [...new Set(answer.genres.map((g) => byLower.get(g.trim().toLowerCase()) ?? g.trim()))].filter(Boolean);
  return { slug: book.slug, genres, current: book.genres ?? [] };
}

export async function generateWarnings(db: Db, client: AiClient, slug: string | undefined, call: AiCall) {
  const book = await requireBook(db, slug);
  const answer = await client.json({ name: 'content_warnings', schema: WarningsAnswer, messages: warningMessages(await sampleOf(db, book)) }, call);
  return { slug: book.slug, warnings: answer.warnings, current: jsonColumn<Warning[]>(book.content_warnings, []) };
}

export async function generateQuality(db: Db, client: AiClient, slug: string | undefined, call: AiCall) {
  const book = await requireBook(db, slug);
  const answer = await client.json({ name: 'quality_score', schema: QualityAnswer, messages: qualityMessages(await sampleOf(db, book)) }, call);
  return { slug: book.slug, score: answer.score, reasons: answer.reasons, current: { score: book.quality_score, reasons: jsonColumn<string[]>(book.quality_reasons, []) } };
}

/** What an admin kept (maybe edited) from a generation, stored on the book. */
export const applyText = {
  async genres(db: Db, cache: Pick<Cache, 'publish'>, slug: string | undefined, genres: string[] | undefined) {
    const book = await requireBook(db, slug);
    if (!genres) throw badRequest('genres are required');
    const stored = await setBookGenres(db, book.slug, genres);
    await announceChapterChange(cache, book.slug);
    return { slug: book.slug, genres: stored };
  },
  async tagline(db: Db, cache: Pick<Cache, 'publish'>, slug: string | undefined, tagline: string | undefined) {
    const book = await requireBook(db, slug);
    if (tagline === undefined) throw badRequest('tagline is required');
    const clean = tagline.replace(/\s+/g, ' ').trim().slice(0, 300);
    await q.setBookFields(db, book.slug, { tagline: clean });
    await announceChapterChange(cache, book.slug);
    return { slug: book.slug, tagline: clean };
  },
  async warnings(db: Db, cache: Pick<Cache, 'publish'>, slug: string | undefined, warnings: { label: string; severity?: string; reason?: string }[] | undefined) {
    const book = await requireBook(db, slug);
    if (!warnings) throw badRequest('warnings are required');
    const clean = warnings
      .map((w) => ({ label: w.label.trim(), severity: (SEVERITIES as readonly string[]).includes(w.severity ?? '') ? w.severity! : 'moderate', reason: (w.reason ?? '').trim() }))
      .filter((w) => w.label);
    await q.setBookFields(db, book.slug, { content_warnings: clean });
    await announceChapterChange(cache, book.slug);
    return { slug: book.slug, warnings: clean };
  },
  async quality(db: Db, slug: string | undefined, score: number | undefined, reasons: string[] | undefined) {
    const book = await requireBook(db, slug);
    if (score === undefined || !Number.isInteger(score) || score < 1 || score > 10) throw badRequest('score must be a whole number from 1 to 10');
    const clean = (reasons ?? []).map((r) => r.trim()).filter(Boolean);
    await q.setBookFields(db, book.slug, { quality_score: score, quality_reasons: clean });
    return { slug: book.slug, score, reasons: clean };
  },
};

/** Chapters read for names: enough to meet the main cast, few enough to read in one go. */
const NAME_CHAPTERS = 20;

/**
 * Respellings for the names of a book that the speech engines are likely to say wrong: the names
 * are found in the first chapters (names.ts), those already in the book's or the site's list are
 * left out, and the model proposes a respelling for the ones it expects to be said wrong. Nothing is
 * stored: the admin keeps, edits or rejects each one.
 */
export async function suggestPronunciations(db: Db, client: AiClient, slug: string | undefined, call: AiCall) {
  const book = await requireBook(db, slug);
  const [chapters, listedWords, language] = await Promise.all([
    q.chapterTexts(db, book.slug, NAME_CHAPTERS),
    q.pronouncedWords(db, book.slug),
    q.bookLanguage(db, book.slug),
  ]);
  const listed = new Set(listedWords.map((word) => word.toLowerCase()));
  const names = properNames(chapters.map((c) => `${c.title}\n\n${c.text}`)).filter((n) => !listed.has(n.word.toLowerCase()));
  if (names.length === 0) return { slug: book.slug, suggestions: [] };
  const counts = new Map(names.map((n) => [n.word, n.count]));
  const answer = await client.json({ name: 'pronunciations', schema: PronunciationAnswer, messages: pronunciationMessages({ title: book.title, language }, names.map((n) => n.word)) }, call);
  const seen = new Set<string>();
  const suggestions = answer.suggestions
    .map((s) => ({ word: s.word.trim(), say: s.say.replace(/\s+/g, ' ').trim() }))
    .filter((s) => counts.has(s.word) && s.say && s.say !== s.word && !seen.has(s.word) && seen.add(s.word))
    .map((s) => ({ ...s, count: counts.get(s.word)! }));
  return { slug: book.slug, suggestions };
}
