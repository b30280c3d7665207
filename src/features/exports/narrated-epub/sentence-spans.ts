import { load } from 'cheerio';
import type { Element } from 'domhandler';
import { flatten } from './flat-page.ts';
import { letters } from './letters.ts';
import { wrapRange } from './wrap-range.ts';

export interface WrappedSentences {
  /** The same XHTML with each sentence found inside `<span id="…">`. */
  xhtml: string;
  /** For each sentence given, in order: the id of its span, or null when it was not found. */
  ids: (string | null)[];
}

/** Punctuation a sentence's span takes in before its first letter and after its last one. */
const OPENING = /[\p{Ps}\p{Pi}¿¡]/u;
const CLOSING = /[\p{Pe}\p{Pf}\p{Po}]/u;
const STRAIGHT_QUOTE = /["']/;
/** What an XML id may start with (ASCII is enough for a prefix of our own). */
const NAME = /^[A-Za-z_][A-Za-z0-9_.-]*$/;
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/** A straight quote (code, or text the typographer left alone) opens when no letter comes just before it. */
function opens(text: string, at: number, inRun: (at: number) => boolean): boolean {
  if (STRAIGHT_QUOTE.test(text[at]!)) return !inRun(at - 1) || !LETTER_OR_DIGIT.test(text[at - 1]!);
  return OPENING.test(text[at]!);
}

/** …and closes when no letter comes just after it. */
function closes(text: string, at: number, inRun: (at: number) => boolean): boolean {
  if (STRAIGHT_QUOTE.test(text[at]!)) return !inRun(at + 1) || !LETTER_OR_DIGIT.test(text[at + 1]!);
  return CLOSING.test(text[at]!) && !OPENING.test(text[at]!);
}

/**
 * Finds each spoken sentence, in order, in the text of a chapter's XHTML body (its `<h1>` title
 * included) and wraps it in `<span id="{idPrefix}{index}">`. Speech and page are compared on
 * letters and digits only (letters.ts); each search starts where the previous sentence ended,
 * so a repeated sentence is found at its own place. A sentence runs through inline markup, which
 * is split at its ends where needed, but never out of its block: what lies past the first block
 * stays outside the span. A sentence that is not in the page gets null.
 */
export function wrapSentences(xhtmlBody: string, sentences: readonly string[], idPrefix: string): WrappedSentences {
  if (!NAME.test(idPrefix)) throw new Error(`"${idPrefix}" cannot begin an XML id`);
  const $ = load(xhtmlBody, { xml: true });
  const existing = new Set($('[id]').map((_, element) => $(element).attr('id')).get());
  const page = flatten($.root()[0]!.children);
  const pageLetters = letters(page.text);
  const keys = sentences.map((sentence) => letters(sentence).key);
  const ranges: { id: string; from: number; to: number }[] = [];
  const ids: (string | null)[] = [];
  let cursor = 0; // in pageLetters.key
  let claimed = 0; // in page.text: where the last span ended
  keys.forEach((key, index) => {
    const at = key ? pageLetters.key.indexOf(key, cursor) : -1;
    if (at < 0 || foundLaterThanNext(pageLetters.key, keys[index + 1], cursor, at)) {
      ids.push(null);
      return;
    }
    let from = pageLetters.from[at]!;
    let to = Math.min(pageLetters.to[at + key.length - 1]!, page.runEnd(from));
    const run = page.run(from);
    const inRun = (position: number) => position >= 0 && position < page.text.length && page.run(position) === run;
    while (from > claimed && inRun(from - 1) && opens(page.text, from - 1, inRun)) from--;
    while (inRun(to) && closes(page.text, to, inRun)) to++;
    const id = `${idPrefix}${index}`;
    if (existing.has(id)) throw new Error(`the page already has an element with the id ${id}`);
    ranges.push({ id, from, to });
    ids.push(id);
    cursor = at + key.length;
    claimed = to;
  });
  for (const range of ranges.reverse()) {
    const span = $('<span/>').attr('id', range.id)[0] as Element;
    wrapRange(page.point(range.from), page.point(range.to - 1, true), span);
  }
  return { xhtml: unescapeCharacters($.xml()), ids };
}

/**
 * A sentence found only past where the next one is has been matched somewhere it was not spoken
 * (a short "Yes." far ahead); taking it would make every sentence between unfindable.
 */
function foundLaterThanNext(pageKey: string, nextKey: string | undefined, cursor: number, at: number): boolean {
  if (at === cursor || !nextKey) return false;
  const next = pageKey.indexOf(nextKey, cursor);
  return next >= 0 && next + nextKey.length <= at;
}

/**
 * The serialiser writes every non-ASCII character as a character reference (&#x4f60;): valid, but
 * eight bytes for each CJK character. They are written as themselves again; the five XML
 * escapes it uses (&amp; &lt; &gt; &quot; &apos;) are left as they are.
 */
function unescapeCharacters(xml: string): string {
  return xml.replace(/&#x([0-9a-fA-F]+);/g, (whole, hex: string) => {
    const codePoint = parseInt(hex, 16);
    return codePoint >= 0xa0 ? String.fromCodePoint(codePoint) : whole;
  });
}
