import { PHONEME_MNEMONICS } from '../../../integrations/tts/index.ts';
import type { Cache } from '../../../platform/cache/port.ts';
import type { Db } from '../../../platform/db/index.ts';
import { badRequest, notFound } from '../../../platform/http/errors.ts';
import type { ObjectStore } from '../../../platform/objects/port.ts';
import { bumpCatalogueVersion } from '../../catalogue/version.ts';
import { changedWords, mergeLists, pronouncer, type PronouncerOptions, type Pronunciation } from './apply.ts';
import { MAX_PHONEMES, MAX_SAY, MAX_WORD, type PronunciationListBody } from './model.ts';
import { bookExists, chaptersSaying, forgetNarrations, listOf, listsFor, replaceList } from './queries.ts';
import { settleReports } from './reports.ts';

export interface PronunciationDeps {
  db: Db;
  objects: ObjectStore;
  cache: Cache;
}

const CONTROL = /[\u0000-\u001f\u007f]/;

/** An entry's phonemes (trimmed; none when empty), or a 400 saying what is wrong with them. */
function checkedPhonemes(raw: string | undefined, at: string): string | undefined {
  const phonemes = (raw ?? '').trim();
  if (phonemes === '') return undefined;
  if (CONTROL.test(phonemes)) throw badRequest(`${at} must be on one line`);
  if (/[[\]]/.test(phonemes)) throw badRequest(`${at}.phonemes must not hold [ or ]: write the mnemonics alone, the brackets are added when spoken`);
  if (phonemes.length > MAX_PHONEMES) throw badRequest(`${at}.phonemes must be at most ${MAX_PHONEMES} characters`);
  if (!PHONEME_MNEMONICS.test(phonemes)) throw badRequest(`${at}.phonemes must be eSpeak phoneme mnemonics: ASCII letters, digits, spaces and ' , : @ & ? ! _ - = | ^ * ; # / . < >`);
  return phonemes;
}

/** The body of a PUT as a clean list, or a 400 naming the first entry that is wrong. */
export function checkedList(body: PronunciationListBody): Pronunciation[] {
  const seen = new Set<string>();
  return body.entries.map((raw, i) => {
    const word = (raw.word ?? '').trim();
    const say = (raw.say ?? '').trim();
    const at = `entries[${i}]`;
    if (word === '') throw badRequest(`${at}.word must not be empty`);
    if (say === '') throw badRequest(`${at}.say must not be empty`);
    if ([...word].length > MAX_WORD) throw badRequest(`${at}.word must be at most ${MAX_WORD} characters`);
    if ([...say].length > MAX_SAY) throw badRequest(`${at}.say must be at most ${MAX_SAY} characters`);
    if (CONTROL.test(word) || CONTROL.test(say)) throw badRequest(`${at} must be on one line`);
    const caseSensitive = raw.case_sensitive ?? false;
    const key = caseSensitive ? `=${word}` : `~${word.toLowerCase()}`;
    if (seen.has(key)) throw badRequest(`${at}.word "${word}" is listed twice`);
    seen.add(key);
    const phonemes = checkedPhonemes(raw.phonemes, at);
    return phonemes === undefined ? { word, say, case_sensitive: caseSensitive } : { word, say, case_sensitive: caseSensitive, phonemes };
  });
}

export async function pronunciationList(db: Db, slug: string | null): Promise<{ entries: Pronunciation[] }> {
  if (slug !== null && !(await bookExists(db, slug))) throw notFound('Book not found');
  return { entries: await listOf(db, slug) };
}

/**
 * Replaces a book's list (or the site's, slug null). Stored narrations of chapters that hold a
 * word whose saying changed are removed in the same transaction (their objects too, so that a
 * store that fails leaves everything as it was), and are made again when next asked for. Listeners'
 * reports of a word now in the list are answered by it, and cleared.
 */
export async function savePronunciationList(deps: PronunciationDeps, slug: string | null, body: PronunciationListBody) {
  const entries = checkedList(body);
  const result = await deps.db.transaction().execute(async (trx) => {
    if (slug !== null && !(await bookExists(trx, slug))) throw notFound('Book not found');
    const before = await listOf(trx, slug);
    await replaceList(trx, slug, entries);
    await settleReports(trx, slug, entries.map((entry) => entry.word));
    const chapters = await chaptersSaying(trx, slug, changedWords(before, entries));
    const keys = await forgetNarrations(trx, chapters);
    for (const key of keys) await deps.objects.delete(key);
    return { outdated_audio: keys.length, outdated_chapters: chapters.length };
  });
  if (result.outdated_audio > 0) await bumpCatalogueVersion(deps.cache); // has_audio may have changed
  return { entries, ...result };
}

/**
 * What the engines are given for a book's narration: each text with the site's and the book's
 * respellings in place, or their phonemes for an engine that takes them (options.phonemes).
 */
export async function narrationPronouncer(db: Db, slug: string, options: PronouncerOptions = {}): Promise<(text: string) => string> {
  const { site, book } = await listsFor(db, slug);
  return pronouncer(mergeLists(site, book), options);
}
