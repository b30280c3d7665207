import { countWords, hasWords, headingRepeatsTitle, plain } from '../text.ts';
import type { ParsedChapter } from '../types.ts';
import type { Mark } from './headings.ts';
import { markdownOf } from './markdown.ts';
import type { Paragraph } from './paragraph.ts';

/**
 * Paragraphs → chapters: from marks (bookmarks or headings), each chapter starting at the paragraph
 * where its mark's heading stands and without that heading; or by groups of pages.
 */
const FRONT_WORDS = 150;

export function byMarks(paragraphs: readonly Paragraph[], marks: readonly Mark[], warnings: string[]): ParsedChapter[] {
  const starts: { index: number; title: string }[] = [];
  for (const mark of marks) {
    let index = paragraphs.findIndex((p) => p.page > mark.page || (p.page === mark.page && (mark.y === null || p.y <= mark.y + 2)));
    if (index < 0) continue;
    // A destination a little above or below its heading: the heading, when it is near, decides.
    const near = paragraphs.slice(index, index + 4).findIndex((p) => p.page === paragraphs[index]!.page && plain(p.text).startsWith(plain(mark.title).split(' ').slice(0, 3).join(' ')));
    if (near > 0) index += near;
    if (starts.length && starts.at(-1)!.index >= index) {
      if (starts.at(-1)!.index === index) starts.at(-1)!.title = mark.title;
      continue;
    }
    starts.push({ index, title: mark.title });
  }
  const chapters: ParsedChapter[] = [];
  const front = paragraphs.slice(0, starts[0]?.index ?? paragraphs.length);
  const frontWords = countWords(front.map((p) => p.text).join(' '));
  if (frontWords >= FRONT_WORDS) chapters.push({ title: 'Front matter', markdown: markdownOf(front) });
  if (frontWords > 0) warnings.push(frontWords >= FRONT_WORDS ? `The ${frontWords} words before the first chapter were kept as "Front matter".` : `The ${frontWords} words before the first chapter (a title page, most likely) were left out.`);
  starts.forEach((start, i) => chapters.push(chapterOf(start.title, paragraphs.slice(start.index, starts[i + 1]?.index ?? paragraphs.length))));
  return chapters.filter((c) => hasWords(c.markdown));
}

export function byPages(paragraphs: readonly Paragraph[], pageCount: number, perChapter: number): ParsedChapter[] {
  const chapters: ParsedChapter[] = [];
  for (let first = 1; first <= pageCount; first += perChapter) {
    const last = Math.min(pageCount, first + perChapter - 1);
    const text = paragraphs.filter((p) => p.page >= first && p.page <= last);
    if (text.some((p) => hasWords(p.text))) chapters.push({ title: first === last ? `Page ${first}` : `Pages ${first}–${last}`, markdown: markdownOf(text) });
  }
  return chapters;
}

/** The heading that says the title, on one paragraph or two, is not kept in the text. */
function chapterOf(title: string, paragraphs: readonly Paragraph[]): ParsedChapter {
  let rest = paragraphs;
  const [first, second] = paragraphs;
  if (first && (headingRepeatsTitle(first.text, title) || (first.heading && plain(first.text).startsWith(plain(title))))) rest = paragraphs.slice(1);
  else if (first && second && plain(`${first.text} ${second.text}`) === plain(title)) rest = paragraphs.slice(2);
  else if (first && !first.heading && plain(first.text).startsWith(`${plain(title)} `)) rest = [{ ...first, text: afterTitle(first.text, title) }, ...paragraphs.slice(1)];
  return { title, markdown: markdownOf(rest) };
}

/** The paragraph's text after the words of the title (a heading run into the text below it). */
function afterTitle(text: string, title: string): string {
  const words = plain(title).split(' ').length;
  const match = new RegExp(String.raw`^(?:[^\p{L}\p{N}]*[\p{L}\p{N}]+){${words}}[^\p{L}\p{N}]*`, 'u').exec(text);
  return match ? text.slice(match[0].length) : text;
}
