import type { ExportRequestRow } from './queries.ts';

/**
 * What a reader is told of an export: in the JSON answers in English (like every API message), on
 * the pages in their language from the same fields. A failure the job explains itself is kept as
 * `told:chapter:<n>:<detail>`; anything else was an accident, told plainly.
 */
const CHAPTER_FAILED = /^told:chapter:(\d+):(.*)$/s;

export function chapterFailure(chapter: number, detail: string | null): string {
  return `told:chapter:${chapter}:${detail ?? ''}`;
}

export function failureInWords(error: string | null): string {
  const told = error ? CHAPTER_FAILED.exec(error) : null;
  if (told) return `Chapter ${told[1]} could not be narrated${told[2] ? `: ${told[2]}` : ''}`;
  return 'The export could not be made. Try again later.';
}

/** The same, as a message of the catalogues. */
export function failureMessage(error: string | null): { key: 'exports.failed.chapter'; params: { chapter: number } } | { key: 'exports.failed.generic'; params: Record<string, never> } {
  const told = error ? CHAPTER_FAILED.exec(error) : null;
  return told ? { key: 'exports.failed.chapter', params: { chapter: Number(told[1]) } } : { key: 'exports.failed.generic', params: {} };
}

type Stage = Pick<ExportRequestRow, 'status' | 'stage' | 'stage_done' | 'stage_total'>;

export function stageInWords(row: Stage): string {
  if (row.status === 'pending' || !row.stage) return 'Waiting to start';
  if (row.stage === 'narrating') return `Narrating the chapters: ${row.stage_done} of ${row.stage_total} ready`;
  return `Packing the file: chapter ${row.stage_done} of ${row.stage_total}`;
}

/** The same, as a message of the catalogues. */
export function stageMessage(row: Stage): { key: string; params: Record<string, number> } {
  if (row.status === 'pending' || !row.stage) return { key: 'exports.status.pending', params: {} };
  return { key: `exports.status.${row.stage}`, params: { done: row.stage_done, total: row.stage_total } };
}
