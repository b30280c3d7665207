import { conflict, notFound } from '../../../platform/http/errors.ts';
import type { ChapterBoundary, ImportBookEdits, ImportDetail, ImportEdits, ImportTask } from '../model.ts';
import type { ParsedBook } from '../parse/index.ts';
import { applyEdits, bookFields, checkedBookEdits, detectedSplit } from '../edits/index.ts';
import { loadParsed } from '../parsed-store.ts';
import { previewOf } from '../preview.ts';
import { getImport, toTask, type ImportDeps } from '../service.ts';
import * as q from '../queries.ts';

/**
 * An import in review as the admin edits it: the stored parsed book, the edits saved on the task
 * (detail.edits), and the preview they make (detail.preview, what the page and the API show).
 */
export interface Review {
  task: ImportTask;
  /** The book as the file gave it: the edits are over it. */
  parsed: ParsedBook;
  edits: ImportEdits | undefined;
  /** The chapter beginnings now (the detected split when none are saved). */
  plan: ChapterBoundary[];
  /** Title, author, description, genres, language as they will be published. */
  fields: ImportBookEdits & { language: string | null };
}

export const notInReview = () => conflict('This import is not waiting for review');
const stale = () => conflict('The chapters changed since this page was loaded; look at them again and redo the change');

/** The task with its parsed book, or null when it is not in review (the page says so). */
export async function loadReview(deps: ImportDeps, id: string, now?: Date): Promise<Review | null> {
  const task = await getImport(deps.db, id, now);
  if (task.status !== 'review') return null;
  const parsed = await loadParsed(deps.objects, id).catch(() => null);
  if (!parsed) return null;
  const edits = task.detail.edits;
  return { task, parsed, edits, plan: edits?.chapters ?? detectedSplit(parsed), fields: bookFields(parsed, edits?.book) };
}

export async function requireReview(deps: ImportDeps, id: string, now?: Date): Promise<Review> {
  const review = await loadReview(deps, id, now);
  if (!review) {
    const row = await q.taskById(deps.db, id);
    if (!row) throw notFound('No such import task');
    // In review, but the parsed book the edits are made over is gone from the store.
    if (row.status === 'review') throw conflict('The reviewed split is gone; run the import again');
    throw notInReview();
  }
  return review;
}

export interface EditChange {
  book?: ImportBookEdits;
  chapters?: ChapterBoundary[];
}

/**
 * Saves a change to the edits: checked against the parsed book (400 with every problem), refused
 * with 409 when the task left review or the edits changed since `seenRevision` was read.
 */
export async function saveEdits(deps: ImportDeps, review: Review, change: EditChange, seenRevision: number = review.edits?.revision ?? 0): Promise<ImportTask> {
  const current = review.edits?.revision ?? 0;
  if (seenRevision !== current) throw stale();
  const edits: ImportEdits = {
    revision: current + 1,
    ...(change.book || review.edits?.book ? { book: change.book ? checkedBookEdits(change.book) : review.edits!.book! } : {}),
    ...(change.chapters || review.edits?.chapters ? { chapters: change.chapters ?? review.edits!.chapters! } : {}),
  };
  const applied = applyEdits(review.parsed, edits);
  const detail: ImportDetail = { ...review.task.detail, edits, preview: previewOf(applied.book) };
  const row = await q.saveEdits(deps.db, review.task.id, detail, current);
  if (!row) throw (await q.taskById(deps.db, review.task.id))?.status === 'review' ? stale() : notInReview();
  return toTask(row);
}
