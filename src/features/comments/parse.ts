import { MAX_TEXT, type CommentSort } from './model.ts';
import { commentErrors } from './errors.ts';
import type { Cursor } from './queries.ts';

const INT4_MAX = 2147483647;

/** `?chapter=`: absent or empty is the book's own thread; otherwise a chapter number. */
export function parseChapter(value: string | number | null | undefined): number | null {
  if (value === undefined || value === null || value === '') return null;
  const text = String(value).trim();
  if (!/^[1-9][0-9]{0,9}$/.test(text) || Number(text) > INT4_MAX) throw commentErrors.badChapter();
  return Number(text);
}

export function parseSort(value: unknown): CommentSort {
  return value === 'new' ? 'new' : 'top';
}

/** `next` of a page is `<hot>_<id>`: the position of its last top-level comment in both orders. */
export function formatCursor(cursor: Cursor): string {
  return `${cursor.hot}_${cursor.id}`;
}

export function parseCursor(value: string | undefined): Cursor | null {
  if (value === undefined || value === '') return null;
  const match = /^(-?[0-9]+(?:\.[0-9]+)?(?:e[+-]?[0-9]+)?)_([1-9][0-9]{0,15})$/i.exec(value);
  const hot = match ? Number(match[1]) : NaN;
  if (!match || !Number.isFinite(hot)) throw commentErrors.badCursor();
  return { hot, id: Number(match[2]) };
}

/** Invisible characters that would make a comment look empty. */
const INVISIBLE = /[\s\u200b-\u200d\u2060\ufeff]/g;

/**
 * The text as stored: line ends as \n (forms send \r\n), NUL removed (PostgreSQL text cannot
 * hold it), leading blank lines and trailing whitespace dropped. Length is counted in code points,
 * as char_length counts them, so an emoji is one character here and in the database.
 */
export function normaliseText(raw: string): string {
  // Far past any possible 10,000 characters: refused before any work is spent on it.
  if (raw.length > MAX_TEXT * 4) throw commentErrors.tooLong();
  const text = raw.replace(/\r\n?/g, '\n').replace(/\u0000/g, '').replace(/^(?:[ \t]*\n)+/, '').trimEnd();
  if (text.replace(INVISIBLE, '') === '') throw commentErrors.empty();
  if ([...text].length > MAX_TEXT) throw commentErrors.tooLong();
  return text;
}

/** A form's optional id or number field: empty means none, anything else must be a whole number. */
export function parseOptionalId(value: string | undefined): number | null {
  if (value === undefined || value.trim() === '') return null;
  if (!/^[1-9][0-9]{0,15}$/.test(value.trim())) throw commentErrors.unknownParent();
  return Number(value.trim());
}
