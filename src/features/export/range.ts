import { badRequest } from '../../platform/http/errors.ts';
import type { ExportRange } from './model.ts';

const NUMBER = /^\s*\d{1,9}\s*$/;

function chapterNumber(name: 'from' | 'to', raw: string): number {
  if (!NUMBER.test(raw)) throw badRequest(`${name} must be a chapter number (a whole number of at least 1)`);
  const n = Number(raw);
  if (n < 1) throw badRequest(`${name} must be a chapter number (a whole number of at least 1)`);
  return n;
}

/**
 * The inclusive chapter range asked for: defaults are the book's first and last chapters; `to`
 * past the end is the last chapter.
 */
export function parseRange(query: { from?: string; to?: string }, first: number | null, last: number | null): ExportRange {
  const from = query.from === undefined || query.from === '' ? null : chapterNumber('from', query.from);
  const to = query.to === undefined || query.to === '' ? null : chapterNumber('to', query.to);
  if (from !== null && to !== null && to < from) throw badRequest(`to (${to}) must not be before from (${from})`);
  if (first === null || last === null) throw badRequest('This book has no chapters to export yet');
  const start = from ?? first;
  if (start > last) throw badRequest(`from (${start}) is past the last chapter (${last})`);
  const end = Math.min(to ?? last, last);
  if (end < start) throw badRequest(`to (${end}) is before the first chapter (${start})`);
  return { from: start, to: end };
}

export const rangeLabel = (range: ExportRange) => (range.from === range.to ? `Chapter ${range.from}` : `Chapters ${range.from}–${range.to}`);
