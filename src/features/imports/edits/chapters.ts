import type { ParsedBook, ParsedChapter } from '../parse/index.ts';
import type { ChapterBoundary } from '../model.ts';
import { cutsOf, type Cut } from './cuts.ts';
import { EditsRefused, refuse, type Problem } from './problems.ts';

/**
 * The edited split as a list of chapter beginnings over the parsed book (model.ts ChapterBoundary):
 * chapter k runs from its beginning to the next one's. The same list over the same parsed book
 * always gives the same chapters, on the review page and at publishing.
 */
export interface Place {
  chapter: number;
  at: number;
}

export const MAX_CHAPTER_TITLE = 500;
const cutsCache = new WeakMap<ParsedChapter, Cut[]>();

export function cutsOfChapter(book: ParsedBook, index: number): Cut[] {
  const chapter = book.chapters[index]!;
  let cuts = cutsCache.get(chapter);
  if (!cuts) cutsCache.set(chapter, (cuts = cutsOf(chapter.markdown)));
  return cuts;
}

export const comparePlaces = (a: Place, b: Place) => a.chapter - b.chapter || a.at - b.at;

/** The split as the parser found it: every parsed chapter from its start, under its own title. */
export function detectedSplit(book: ParsedBook): ChapterBoundary[] {
  return book.chapters.map((_, chapter) => ({ chapter, at: 0 }));
}

/** The title a beginning has unless the admin gives another: the parsed chapter's, or the heading (paragraph) it is cut at. */
export function defaultTitle(book: ParsedBook, place: Place): string {
  return place.at === 0 ? book.chapters[place.chapter]!.title : cutsOfChapter(book, place.chapter)[place.at - 1]!.label;
}

/** Every beginning exists, they follow the book's order from its very start, titles are usable: else 400 with each problem. */
export function checkBoundaries(book: ParsedBook, boundaries: readonly ChapterBoundary[]): void {
  const problems: Problem[] = [];
  const first = boundaries[0];
  if (!first || first.chapter !== 0 || first.at !== 0) problems.push({ key: 'firstNotStart', params: {} });
  boundaries.forEach((boundary, index) => {
    const n = String(index + 1);
    if (!Number.isInteger(boundary.chapter) || !Number.isInteger(boundary.at) || boundary.chapter < 0 || boundary.chapter >= book.chapters.length || boundary.at < 0 || boundary.at > cutsOfChapter(book, boundary.chapter).length) {
      problems.push({ key: 'placeMissing', params: { n } });
      return;
    }
    const previous = boundaries[index - 1];
    if (previous && comparePlaces(previous, boundary) >= 0) problems.push({ key: 'orderWrong', params: { n } });
    if (boundary.title !== undefined && boundary.title.trim() === '') problems.push({ key: 'chapterTitleBlank', params: { n } });
    if (boundary.title !== undefined && boundary.title.trim().length > MAX_CHAPTER_TITLE) problems.push({ key: 'chapterTitleLong', params: { n } });
  });
  if (problems.length) throw new EditsRefused(problems.slice(0, 10));
}

/** The chapters the boundaries make: numbered 1…N in order, a merged chapter's texts joined by a blank line. */
export function editedChapters(book: ParsedBook, boundaries: readonly ChapterBoundary[]): ParsedChapter[] {
  checkBoundaries(book, boundaries);
  return boundaries.map((from, index) => {
    const to = boundaries[index + 1];
    const last = to ? to.chapter : book.chapters.length - 1;
    const pieces: string[] = [];
    for (let chapter = from.chapter; chapter <= last; chapter++) {
      const markdown = book.chapters[chapter]!.markdown;
      const start = chapter === from.chapter ? offsetOf(book, from) : 0;
      const end = to && chapter === to.chapter ? offsetOf(book, to) : markdown.length;
      const piece = markdown.slice(start, end).trim();
      if (piece) pieces.push(piece);
    }
    return { title: from.title?.trim() || defaultTitle(book, from), markdown: pieces.join('\n\n') };
  });
}

function offsetOf(book: ParsedBook, place: Place): number {
  return place.at === 0 ? 0 : cutsOfChapter(book, place.chapter)[place.at - 1]!.offset;
}

/** New titles for chapters 1…N (by number); a title equal to the default is stored as none. */
export function retitled(book: ParsedBook, boundaries: readonly ChapterBoundary[], titles: ReadonlyMap<number, string>): ChapterBoundary[] {
  const problems: Problem[] = [];
  const next = boundaries.map((boundary) => ({ ...boundary }));
  for (const [n, raw] of titles) {
    const boundary = next[n - 1];
    if (!Number.isInteger(n) || !boundary) {
      problems.push({ key: 'noChapter', params: { n: String(n) } });
      continue;
    }
    const title = raw.replace(/\s+/g, ' ').trim();
    if (!title) problems.push({ key: 'chapterTitleBlank', params: { n: String(n) } });
    else if (title.length > MAX_CHAPTER_TITLE) problems.push({ key: 'chapterTitleLong', params: { n: String(n) } });
    else if (title === defaultTitle(book, boundary)) delete boundary.title;
    else boundary.title = title;
  }
  if (problems.length) throw new EditsRefused(problems.slice(0, 10));
  return next;
}

/** Chapter n joins the one before it: its text is appended there, and the earlier title stays. */
export function merged(boundaries: readonly ChapterBoundary[], n: number): ChapterBoundary[] {
  if (!Number.isInteger(n) || n < 1 || n > boundaries.length) refuse('noChapter', { n: String(n) });
  if (n === 1) refuse('mergeFirst');
  return boundaries.filter((_, index) => index !== n - 1);
}

/** The places chapter n may be split at, in order: each heading (or paragraph) inside it and each parsed chapter merged into it. */
export function splitPlaces(book: ParsedBook, boundaries: readonly ChapterBoundary[], n: number): Array<Place & { label: string; heading: boolean }> {
  const from = boundaries[n - 1];
  if (!Number.isInteger(n) || !from) return refuse('noChapter', { n: String(n) });
  const to = boundaries[n];
  const last = to ? to.chapter : book.chapters.length - 1;
  const places: Array<Place & { label: string; heading: boolean }> = [];
  for (let chapter = from.chapter; chapter <= last; chapter++) {
    const cuts = cutsOfChapter(book, chapter);
    for (let at = 0; at <= cuts.length; at++) {
      const place = { chapter, at };
      if (comparePlaces(place, from) <= 0 || (to && comparePlaces(place, to) >= 0)) continue;
      places.push({ ...place, label: defaultTitle(book, place), heading: at === 0 || cuts[at - 1]!.heading });
    }
  }
  return places;
}

/** Chapter n becomes two at `place`, the second titled by the heading (or paragraph) it begins with. */
export function splitAt(book: ParsedBook, boundaries: readonly ChapterBoundary[], n: number, place: Place): ChapterBoundary[] {
  const inside = splitPlaces(book, boundaries, n).some((p) => p.chapter === place.chapter && p.at === place.at);
  if (!inside) refuse('splitOutside', { n: String(n) });
  return [...boundaries.slice(0, n), { chapter: place.chapter, at: place.at }, ...boundaries.slice(n)];
}
