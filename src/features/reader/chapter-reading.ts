import { constants, inflateRawSync } from 'node:zlib';
import type { Cache } from '../../platform/cache/port.ts';
import type { Db } from '../../platform/db/index.ts';
import { createBatcher, type Batcher } from '../../platform/db/batch.ts';
import { notFound } from '../../platform/http/errors.ts';
import { deflatePiece, GzipJoiner, type DeflatedPiece } from '../../platform/http/gzip-parts.ts';
import type { Locale } from '../../platform/i18n/locale.ts';
import { coverPath } from '../catalogue/book.ts';
import { isTranslationLocale } from '../translation/model.ts';
import { translatedChapter, translationInProgress } from '../translation/service.ts';
import { createChapterCache, type ChapterCache, type ChapterEntry } from './chapter-cache.ts';
import type { ChapterHtmlCache } from './html-cache.ts';
import type { ChapterJson } from './model.ts';
import { chapterText, findChaptersForReading, type ChapterKey, type ReadingFor, type ReadingRow } from './queries.ts';
import { jsonMembers, storedPiece, storedRendering, storeRendering } from '../catalogue/writes/stored-html.ts';

/**
 * Reading a chapter: its page and its JSON. Each is one query, shared with the reads that arrive
 * at the same time (platform/db/batch.ts), that returns the facts around the text and the text's
 * stored compressed form for that answer (catalogue/writes/stored-html.ts): the page's rendering, or the text and
 * rendering as JSON members. So neither the text nor its rendering is read, rendered or
 * compressed per request; what is missing is made once and stored.
 */

const readingBatchers = new WeakMap<Db, Record<ReadingFor, Batcher<ChapterKey, ReadingRow | undefined>>>();

/** Chapter reads of this process, batched per database, for pages and for JSON. */
function readingBatcher(db: Db, purpose: ReadingFor): Batcher<ChapterKey, ReadingRow | undefined> {
  let batchers = readingBatchers.get(db);
  if (!batchers) {
    // Pages wait for one query at a time: under load the batches grow (a dozen reads a query on
    // a 2-core machine) and each query's client-side cost, mostly the socket write, is shared.
    batchers = {
      page: createBatcher((keys: ChapterKey[]) => findChaptersForReading(db, keys, 'page'), { maxInFlight: 1 }),
      json: createBatcher((keys: ChapterKey[]) => findChaptersForReading(db, keys, 'json')),
    };
    readingBatchers.set(db, batchers);
  }
  return batchers[purpose];
}

type FoundRow = ReadingRow & { number: number; text_hash: string };

async function readingRow(db: Db, slug: string, n: number, purpose: ReadingFor): Promise<FoundRow> {
  const row = await readingBatcher(db, purpose).load({ slug, n });
  if (!row) throw notFound('Book not found');
  if (row.number === null || row.text_hash === null) throw notFound('Chapter not found');
  return row as FoundRow;
}

/**
 * The chapter's rendering: the stored one when it is current (no cache, no renderer), else the
 * html cache's, which is then stored in the row with its compressed forms, so that this chapter is
 * never rendered again. Storing is an optimisation: when it fails, the next reader renders once
 * more. The compressed rendering comes back only when it was made here.
 */
async function renderingOf(db: Db, htmlCache: ChapterHtmlCache, row: FoundRow, loadText: () => Promise<string>): Promise<{ html: string; piece: DeflatedPiece | null }> {
  if (row.html !== null && row.forms_stored) return { html: row.html, piece: null };
  const text = await loadText();
  const html = row.html ?? (await htmlCache.html(row.text_hash, async () => text));
  const piece = deflatePiece(html);
  await storeRendering(db, row.slug, row.number, row.text_hash, text, html, piece).catch(() => {});
  return { html, piece };
}

/** The text and rendering of a JSON read: from the stored members, or from the row (rendered and stored when missing). */
async function textAndHtml(db: Db, htmlCache: ChapterHtmlCache, row: FoundRow): Promise<{ text: string; html: string }> {
  const piece = storedPiece(row.deflated, row.crc, row.bytes);
  if (piece) return JSON.parse(`{${inflateRawSync(piece.deflated, { finishFlush: constants.Z_SYNC_FLUSH }).toString('utf8')}}`) as { text: string; html: string };
  const text = row.text ?? '';
  return { text, html: (await renderingOf(db, htmlCache, row, async () => text)).html };
}

/** The JSON members of a row: stored, or made from its text and rendering. */
async function jsonPieceOf(db: Db, htmlCache: ChapterHtmlCache, row: FoundRow): Promise<DeflatedPiece> {
  const stored = storedPiece(row.deflated, row.crc, row.bytes);
  if (stored) return stored;
  const { text, html } = await textAndHtml(db, htmlCache, row);
  return deflatePiece(jsonMembers(text, html));
}

/**
 * `GET /api/chapter/{slug}/{n}` with `?locale=`: with a stored translation of the chapter as it is
 * now, the translation is served and `chapter.locale` names it; otherwise the original, unchanged.
 */
export async function chapterJson(db: Db, htmlCache: ChapterHtmlCache, slug: string, n: number, locale?: string): Promise<ChapterJson> {
  const row = await readingRow(db, slug, n, 'json');
  const translated = isTranslationLocale(locale) ? await translatedChapter(db, { slug, chapter: n, locale }) : null;
  const book = { slug: row.slug, title: row.title };
  if (translated) {
    const { title, text, html } = translated;
    return { book, chapter: { number: row.number, title, text, html, locale: translated.locale }, prev: row.prev, next: row.next };
  }
  return { book, chapter: { number: row.number, title: row.chapter_title ?? '', ...(await textAndHtml(db, htmlCache, row)) }, prev: row.prev, next: row.next };
}

export interface ChapterPageData {
  book: { slug: string; title: string; author: string; cover_url: string | null; status: 'ongoing' | 'completed'; chapter_count: number; language: string };
  chapter: { number: number; title: string; html: string };
  prev: number | null;
  next: number | null;
  /** The locale of a machine translation shown instead of the original (`?locale=`); absent for the original. */
  locale?: Locale | null;
  /** `?locale=` names a translation still being made: the page says so and waits for it. */
  translating?: Locale | null;
}

/** The page with the stored translation of its chapter when `locale` names one (never cached: see page-cache.ts). */
export async function withTranslation(db: Db, data: ChapterPageData, locale: string | undefined): Promise<ChapterPageData> {
  if (!isTranslationLocale(locale)) return data;
  const translated = await translatedChapter(db, { slug: data.book.slug, chapter: data.chapter.number, locale });
  if (!translated) return (await translationInProgress(db, { slug: data.book.slug, chapter: data.chapter.number, locale })) ? { ...data, translating: locale } : data;
  return { ...data, chapter: { ...data.chapter, title: translated.title || data.chapter.title, html: translated.html }, locale: translated.locale };
}

/**
 * What a chapter page or JSON shows besides the text, and the text's compressed forms as far as a
 * read brought them (about 1 kB each): small, so a process keeps tens of thousands. `fingerprint`
 * names all of it (and the text, by its hash): rendered answers are kept under it, so a reload
 * after the cache's TTL that finds the same data finds the same answers.
 */
export interface ChapterFacts extends Omit<ChapterPageData, 'chapter' | 'locale' | 'translating'> {
  chapter: { number: number; title: string };
  textHash: string;
  fingerprint: string;
  /** The rendering as stored compressed (gzip-parts.ts), once a page read brought it. */
  piece: DeflatedPiece | null;
  /** The text and rendering as JSON members, compressed, once a JSON read brought them. */
  jsonPiece: DeflatedPiece | null;
}

/** What a row shows besides the text, and the fingerprint that names all of it. */
function factsOf(row: FoundRow): ChapterFacts {
  const book = { slug: row.slug, title: row.title, author: row.author, cover_url: coverPath(row.cover_key), status: row.status, chapter_count: row.chapter_count, language: row.language };
  const chapter = { number: row.number, title: row.chapter_title ?? '' };
  const fingerprint = JSON.stringify([book, chapter, row.prev, row.next, row.text_hash]);
  return { book, chapter, prev: row.prev, next: row.next, textHash: row.text_hash, fingerprint, piece: null, jsonPiece: null };
}

/**
 * A chapter's facts and what `purpose` needs of its text: one query (the text is read only when
 * no current rendering is stored). Nothing here depends on who reads: public/js/reader.js asks
 * /api/progress for the reader's place, so answers can be cached.
 */
async function loadChapter(db: Db, htmlCache: ChapterHtmlCache, slug: string, n: number, purpose: ReadingFor): Promise<{ facts: ChapterFacts; html: string | null }> {
  const row = await readingRow(db, slug, n, purpose);
  const facts = factsOf(row);
  if (purpose === 'json') return { facts: { ...facts, jsonPiece: await jsonPieceOf(db, htmlCache, row) }, html: null };
  // A stored compressed rendering is all the page needs; without one the HTML is made (and stored).
  const stored = storedPiece(row.deflated, row.crc, row.bytes);
  if (stored) return { facts: { ...facts, piece: stored }, html: null };
  const { html, piece } = await renderingOf(db, htmlCache, row, async () => (await chapterText(db, slug, n)) ?? '');
  return { facts: { ...facts, piece }, html };
}

export type ChapterFactsCache = ChapterCache<ChapterFacts>;

/** Chapter facts of this process (chapter-cache.ts); the text itself lives in the row. */
export function createChapterFactsCache(cache: Cache, onError?: (error: unknown) => void): ChapterFactsCache {
  return createChapterCache<ChapterFacts>(cache, {
    weigh: (facts) => facts.fingerprint.length * 2 + (facts.piece?.deflated.byteLength ?? 0) + (facts.jsonPiece?.deflated.byteLength ?? 0) + 300,
    // Each kept chapter is a handful of objects the garbage collector walks: a few tens of thousands at most.
    maxEntries: 20_000,
    maxWeight: 40_000_000,
    ttlSeconds: 60,
    // Like the pages made from them: a chapter opened once is not kept.
    admitAfter: 200_000,
    onError,
  });
}

/** The page's data without its rendering (the stored compressed one, `facts.piece`, goes in its place). */
export function pageDataWithoutText(facts: ChapterFacts): ChapterPageData {
  const { textHash: _, piece: __, jsonPiece: ___, fingerprint: ____, ...rest } = facts;
  return { ...rest, chapter: { ...rest.chapter, html: '' } };
}

export interface Chapter {
  entry: ChapterEntry<ChapterFacts>;
  /** The page's data with the chapter's rendering (from the load when this request made it). */
  data(): Promise<ChapterPageData>;
  /** The chapter's JSON (the original) as a gzip body, byte for byte what JSON.stringify makes of chapterJson's answer. */
  json(): Promise<{ gzip: Uint8Array }>;
}

/** A chapter's facts, from this process's cache when they are there (no database round trip). */
export async function cachedChapter(db: Db, htmlCache: ChapterHtmlCache, chapters: ChapterFactsCache, slug: string, n: number, purpose: ReadingFor): Promise<Chapter> {
  let loaded: string | null = null;
  const entry = await chapters.get(slug, n, async () => {
    const { facts, html } = await loadChapter(db, htmlCache, slug, n, purpose);
    loaded = html;
    return facts;
  });
  const facts = entry.value;
  return {
    entry,
    async data() {
      const html = loaded ?? (await htmlCache.html(facts.textHash, async () => (await chapterText(db, slug, n)) ?? '', () => storedRendering(db, slug, n, facts.textHash)));
      const data = pageDataWithoutText(facts);
      return { ...data, chapter: { ...data.chapter, html } };
    },
    async json() {
      // Facts a page read brought lack the JSON members: one read for them (kept facts are not changed).
      const piece = facts.jsonPiece ?? (await jsonPieceOf(db, htmlCache, await readingRow(db, slug, n, 'json')));
      const head = `{"book":${JSON.stringify({ slug: facts.book.slug, title: facts.book.title })},"chapter":{"number":${facts.chapter.number},"title":${JSON.stringify(facts.chapter.title)},`;
      const tail = `},"prev":${JSON.stringify(facts.prev)},"next":${JSON.stringify(facts.next)}}`;
      return { gzip: new GzipJoiner(piece.deflated.byteLength + 512).text(head).piece(piece).text(tail).finish() };
    },
  };
}
