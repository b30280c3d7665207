import { plain, ROMAN } from '../text.ts';
import type { Paragraph } from './paragraph.ts';

/**
 * Chapter headings in the text: "Chapter 12", "Chapter 12: Title", "CHAPTER XII", "Part One",
 * "Prologue", "Epilogue", "Interlude"… (and their French, Spanish, Portuguese and Indonesian
 * words), on a line of their own, where headings stand: at a page's top, in larger type, or after
 * a wide gap. The label may be followed by a title, after a colon or dash or as a capitalised phrase.
 */
const NUMBER_WORDS = 'one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred';
const NUMBER = String.raw`(?:\d{1,4}|${ROMAN}|(?:${NUMBER_WORDS})(?:[- ](?:${NUMBER_WORDS}))?)`;
const NUMBERED = String.raw`(?:chapter|chap\.|chapitre|cap[ií]tulo|bab|part|partie|parte|bagian|book|livre|libro|volume|vol\.)\s+${NUMBER}`;
const NAMED = String.raw`(?:prologue|prolog|pr[óo]logo|epilogue|[ée]pilogue|epilog|ep[íi]logo|interlude|interl[úu]dio|intermezzo|afterword|foreword|preface|pr[ée]face|prefacio|pref[áa]cio|introduction|introducci[óo]n|introdu[çc][ãa]o)`;
const LABEL = new RegExp(String.raw`^(?:${NUMBERED}|${NAMED})(?![\p{L}\p{N}])`, 'iu');
const BARE_LABEL = new RegExp(String.raw`^(?:${NUMBERED}|${NAMED})[.:]?$`, 'iu');
const MAX_TITLE = 100;

export function isChapterHeading(text: string): boolean {
  const label = LABEL.exec(text);
  if (!label) return false;
  const rest = text.slice(label[0].length).trim();
  if (rest === '' || rest === '.' || rest === ':') return true;
  if (rest.length > MAX_TITLE + 2 || /\.{3,}\s*\d+$|…\s*\d+$/.test(rest) || LABEL.test(rest.replace(/^[:.\-–—]\s*/, ''))) return false;
  if (/^[:.\-–—]\s*\S/.test(rest)) return true;
  return /^[\p{Lu}\p{N}"“‘'«]/u.test(rest) && !/[,;]$/.test(rest);
}

/** "Chapter 3" over "The Return" on two lines reads "Chapter 3: The Return". */
export function headingTitle(paragraph: Paragraph): string {
  const [first, ...rest] = paragraph.lines;
  if (first && rest.length && BARE_LABEL.test(first)) return `${first.replace(/[.:]$/, '')}: ${rest.join(' ')}`;
  return paragraph.text;
}

export interface Mark {
  title: string;
  page: number;
  /** Where on the page it starts (a baseline from the bottom), when known. */
  y: number | null;
}

export function headingMarks(paragraphs: readonly Paragraph[]): Mark[] {
  const marks: Mark[] = [];
  for (const p of paragraphs) {
    if (p.text.length > MAX_TITLE + 20 || !(p.heading || p.pageTop || p.gapAbove >= 2) || !isChapterHeading(p.text)) continue;
    const title = headingTitle(p);
    // A chapter's title repeated as a running head on its following pages is no new chapter.
    if (marks.length && plain(marks.at(-1)!.title) === plain(title)) continue;
    marks.push({ title, page: p.page, y: p.y + p.size });
  }
  return marks;
}
