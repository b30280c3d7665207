import { coverHue, hslHex } from './hue.ts';
import { wrapText } from './wrap.ts';

/** What a drawn cover shows. */
export interface CoverText {
  slug: string;
  title: string;
  author: string;
}

/** Bump when the drawing changes: it is part of every ETag and cover address (paths.ts). */
export const GENERATOR_VERSION = 1;

export const COVER_WIDTH = 600;
export const COVER_HEIGHT = 900;
/** Side margin of the text: the frame is at 24 px, the text keeps clear of it. */
const MARGIN = 64;
export const TEXT_WIDTH = COVER_WIDTH - 2 * MARGIN;
/** The band the title is centred in, above the rule and the author. */
const TITLE_TOP = 150;
const TITLE_BOTTOM = 660;
const LINE_HEIGHT = 1.18;
/** Largest first: the title gets the biggest size it fits in. */
export const TITLE_SIZES = [76, 68, 60, 52, 46, 40, 36] as const;
export const AUTHOR_SIZE = 32;
const AUTHOR_LINES = 2;
const RULE_Y = 712;
// The house serif (public/css/app.css .cover), then the generic family every renderer has.
const FONT = "'Iowan Old Style', Georgia, 'DejaVu Serif', serif";

export interface TitleLayout {
  size: number;
  lines: string[];
  truncated: boolean;
}

/**
 * The biggest size at which the whole title fits without splitting a word; failing that, without
 * cutting it; failing that, the smallest size with as many lines as fit and an ellipsis.
 */
export function layoutTitle(title: string): TitleLayout {
  const attempts = TITLE_SIZES.map((size) => ({ size, ...wrapText(title, TEXT_WIDTH / size, Math.floor((TITLE_BOTTOM - TITLE_TOP) / (size * LINE_HEIGHT))) }));
  const best = attempts.find((a) => !a.truncated && !a.broken) ?? attempts.find((a) => !a.truncated) ?? attempts.at(-1)!;
  return { size: best.size, lines: best.lines, truncated: best.truncated };
}

/** The author in up to two lines, the second cut with an ellipsis when needed. */
export function layoutAuthor(author: string): string[] {
  return wrapText(author, TEXT_WIDTH / AUTHOR_SIZE, AUTHOR_LINES).lines;
}

/**
 * A cover for a book that has none, in the look of the site's drawn covers: the book's own hue
 * (the same on every page), the title large in the middle, a rule, the author below. Text only
 * and no references to anything outside it, so browsers and librsvg (PNG, EPUB) draw it alike.
 */
export function coverSvg(book: CoverText): string {
  const hue = coverHue(book.slug);
  const title = layoutTitle(clean(book.title) || book.slug);
  const author = layoutAuthor(clean(book.author));
  const step = title.size * LINE_HEIGHT;
  // Centre the block of lines in the band; the baseline sits about 0.8 em below a line's top.
  const firstBaseline = (TITLE_TOP + TITLE_BOTTOM) / 2 - (title.lines.length * step) / 2 + title.size * 0.86;
  const titleLines = title.lines.map((line, i) => textLine(line, firstBaseline + i * step, `font-size="${title.size}" font-weight="700"`)).join('');
  const authorLines = author.map((line, i) => textLine(line, RULE_Y + 66 + i * AUTHOR_SIZE * 1.25, `font-size="${AUTHOR_SIZE}" font-style="italic" fill-opacity="0.88"`)).join('');
  const label = [clean(book.title), clean(book.author)].filter(Boolean).join(' — ');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${COVER_WIDTH}" height="${COVER_HEIGHT}" viewBox="0 0 ${COVER_WIDTH} ${COVER_HEIGHT}">` +
    `<title>${escapeXml(label)}</title>` +
    `<defs><linearGradient id="bg" x1="0.33" y1="0" x2="0.67" y2="1">` +
    `<stop offset="0" stop-color="${hslHex(hue, 45, 28)}"/><stop offset="1" stop-color="${hslHex((hue + 40) % 360, 50, 16)}"/>` +
    `</linearGradient></defs>` +
    `<rect width="${COVER_WIDTH}" height="${COVER_HEIGHT}" fill="url(#bg)"/>` +
    `<rect x="24" y="24" width="${COVER_WIDTH - 48}" height="${COVER_HEIGHT - 48}" rx="6" fill="none" stroke="#ffffff" stroke-opacity="0.22" stroke-width="2"/>` +
    `<g fill="#ffffff" font-family="${FONT}" text-anchor="middle">${titleLines}` +
    `<rect x="${COVER_WIDTH / 2 - 60}" y="${RULE_Y}" width="120" height="2" fill-opacity="0.6"/>${authorLines}</g>` +
    `</svg>`
  );
}

function textLine(text: string, y: number, attributes: string): string {
  return `<text x="${COVER_WIDTH / 2}" y="${Math.round(y)}" ${attributes}>${escapeXml(text)}</text>`;
}

/**
 * One line of plain text: no control characters (XML 1.0 cannot hold them), no lone surrogates,
 * no bidi overrides that could turn the rest of the cover around, spaces collapsed.
 */
function clean(text: string): string {
  return text
    .toWellFormed()
    .replace(/[\u0000-\u001f\u007f-\u009f\ufffe\uffff\u202a-\u202e\u2066-\u2069]/gu, ' ')
    .replace(/\s+/gu, ' ')
    .trim();
}

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);
}
