import type { PageContext } from '../../../platform/http/page-context.ts';
import { byGenreName } from '../../../../views/i18n/genres/index.ts';
import type { ImportReviewData, ReviewFields, ReviewRefusal } from '../../../../views/pages/admin/imports/types.ts';
import { editedChapters, IMPORT_GENRES, MAX_GENRES, splitPlaces, type Problem } from '../edits/index.ts';
import { previewItem } from '../preview.ts';
import type { Review } from '../review/service.ts';

/** Chapters shown on one page of the review: a 2000-chapter book stays a page the browser draws at once. */
export const CHAPTERS_PER_PAGE = 100;

export const pageOfChapter = (n: number) => Math.max(1, Math.ceil(n / CHAPTERS_PER_PAGE));

/** What a refused form brings back: the admin's input, and why it was refused. */
export interface RefusedInput {
  refused: ReviewRefusal;
  fields?: ReviewFields;
  titles?: ReadonlyMap<number, string>;
}

export function refusalOf(ctx: PageContext, form: ReviewRefusal['form'], problems: readonly Problem[]): ReviewRefusal {
  return {
    form,
    messages: problems.map((problem) => ctx.t(`importReview.error.${problem.key}`, problem.params)),
    fields: problems.flatMap((problem) => (problem.field ? [problem.field] : [])),
  };
}

/** The review page's data: the book fields, the genre list in the admin's language, one page of the edited chapters. */
export function reviewData(ctx: PageContext, review: Review, requestedPage: number, input?: RefusedInput): ImportReviewData {
  const chapters = editedChapters(review.parsed, review.plan);
  const pages = Math.max(1, Math.ceil(chapters.length / CHAPTERS_PER_PAGE));
  const page = Math.min(Math.max(1, Math.trunc(requestedPage) || 1), pages);
  const offset = (page - 1) * CHAPTERS_PER_PAGE;
  const rows = chapters.slice(offset, offset + CHAPTERS_PER_PAGE).map((chapter, index) => {
    const number = offset + index + 1;
    const item = previewItem(chapter, number);
    return { ...item, title: input?.titles?.get(number) ?? item.title, canSplit: splitPlaces(review.parsed, review.plan, number).length > 0 };
  });
  return {
    fields: input?.fields ?? review.fields,
    showLanguage: review.parsed.language !== null || review.fields.language !== null,
    genres: byGenreName(ctx.locale, IMPORT_GENRES),
    maxGenres: MAX_GENRES,
    revision: review.edits?.revision ?? 0,
    total: chapters.length,
    page,
    pages,
    rows,
    refused: input?.refused ?? null,
  };
}
