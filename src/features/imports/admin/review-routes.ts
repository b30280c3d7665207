import { Elysia, t } from 'elysia';
import type { BootedPlatform } from '../../../platform/boot.ts';
import type { AuthPlugin } from '../../../platform/http/auth.ts';
import { AppError } from '../../../platform/http/errors.ts';
import { pageContext, type PageEnvironment } from '../../../platform/http/page.ts';
import { htmlResponse } from '../../../platform/http/respond.ts';
import { PRIVATE, see } from '../../../platform/http/form-pages.ts';
import { ImportReviewPage } from '../../../../views/pages/admin/imports/ImportReviewPage.tsx';
import { ImportSplitPage } from '../../../../views/pages/admin/imports/ImportSplitPage.tsx';
import { noticeFrom } from '../../../../views/pages/admin/shared/notice.ts';
import { defaultTitle, EditsRefused, knownGenre, merged, retitled, splitAt, splitPlaces } from '../edits/index.ts';
import { getImport, type ImportDeps } from '../service.ts';
import { loadReview, requireReview, saveEdits, type Review } from '../review/service.ts';
import { pageOfChapter, refusalOf, reviewData, type RefusedInput } from './review-data.ts';
import { readReviewForm, type ReviewForm } from './review-form.ts';

const PAGE = '/admin/imports';
const Id = t.Object({ id: t.String({ format: 'uuid' }) });
const Query = t.Object({ page: t.Optional(t.String({ maxLength: 6 })), done: t.Optional(t.String({ maxLength: 32 })), error: t.Optional(t.String({ maxLength: 400 })) });

/**
 * The review of an import (/admin/imports/{id}) and its forms: book details, chapter titles, merge,
 * split. Each save redirects back (303); edits that do not fit answer the page again with 400, the
 * admin's input kept and every problem said; a task no longer in review or edited meanwhile is a 409 notice.
 */
export function importReviewRoutes(platform: BootedPlatform, auth: AuthPlugin, env: PageEnvironment, deps: ImportDeps) {
  const back = (id: string, query: string) => `${PAGE}/${id}?${query}`;

  const drawReview = async (request: Request, id: string, page: number, status = 200, input?: RefusedInput, review?: Review | null) => {
    const ctx = pageContext(request, env);
    const current = review === undefined ? await loadReview(deps, id, platform.clock()) : review;
    const task = current?.task ?? (await getImport(platform.db, id, platform.clock()));
    const query = Object.fromEntries(new URL(request.url).searchParams);
    return htmlResponse(ImportReviewPage({ ctx, task, notice: status === 200 ? noticeFrom(query, ctx) : null, review: current ? reviewData(ctx, current, page, input) : null }), status, PRIVATE);
  };

  /** Runs one save; a refusal comes back as the page (400) or, for a conflict, as the page's notice. */
  const submit = async (request: Request, id: string, run: (review: Review, form: ReviewForm) => Promise<string>, refused: (form: ReviewForm) => { form: 'book' | 'chapters'; page: number; input: Omit<RefusedInput, 'refused'> }) => {
    const form = await readReviewForm(request);
    let review: Review | undefined;
    try {
      review = await requireReview(deps, id, platform.clock());
      return see(back(id, await run(review, form)));
    } catch (error) {
      if (error instanceof EditsRefused && review) {
        const { form: which, page, input } = refused(form);
        return drawReview(request, id, page, 400, { ...input, refused: refusalOf(pageContext(request, env), which, error.problems) }, review);
      }
      if (error instanceof AppError && error.status < 500) return see(back(id, `error=${encodeURIComponent(error.message)}`));
      throw error;
    }
  };

  const chaptersRefused = (form: ReviewForm) => ({ form: 'chapters' as const, page: form.page, input: { titles: form.titles } });
  const guard = { auth: 'admin' as const, params: Id, parse: 'none' as const, detail: { hide: true } };

  return new Elysia({ name: 'imports-review-pages' })
    .use(auth)
    .get(`${PAGE}/:id`, ({ request, params, query }) => drawReview(request, params.id, Number(query.page ?? 1)), { auth: 'admin', params: Id, query: Query, detail: { hide: true } })
    .post(`${PAGE}/:id/book`, ({ request, params }) =>
      submit(
        request,
        params.id,
        async (review, form) => {
          await saveEdits(deps, review, { book: form.book }, form.revision);
          return 'done=saved';
        },
        (form) => ({ form: 'book', page: 1, input: { fields: { ...form.book, genres: form.book.genres.map((g) => knownGenre(g) ?? g), language: form.book.language ?? null } } }),
      ), guard)
    .post(`${PAGE}/:id/chapters`, ({ request, params }) =>
      submit(request, params.id, async (review, form) => {
        await saveEdits(deps, review, { chapters: retitled(review.parsed, review.plan, form.titles) }, form.revision);
        return `page=${form.page}&done=saved`;
      }, chaptersRefused), guard)
    .post(`${PAGE}/:id/merge`, ({ request, params }) =>
      submit(request, params.id, async (review, form) => {
        const plan = merged(retitled(review.parsed, review.plan, form.titles), form.chapter);
        await saveEdits(deps, review, { chapters: plan }, form.revision);
        return `page=${pageOfChapter(form.chapter - 1)}&done=merged`;
      }, chaptersRefused), guard)
    .post(`${PAGE}/:id/split`, ({ request, params }) =>
      submit(request, params.id, async (review, form) => {
        await saveEdits(deps, review, { chapters: splitAt(review.parsed, review.plan, form.chapter, form.place) }, form.revision);
        return `page=${pageOfChapter(form.chapter + 1)}&done=split`;
      }, (form) => ({ form: 'chapters', page: pageOfChapter(form.chapter), input: {} })), guard)
    .get(`${PAGE}/:id/split/:n`, async ({ request, params }) => {
      const review = await requireReview(deps, params.id, platform.clock());
      const n = Number(params.n);
      const places = splitPlaces(review.parsed, review.plan, n);
      const from = review.plan[n - 1]!;
      return htmlResponse(
        ImportSplitPage({
          ctx: pageContext(request, env),
          taskId: params.id,
          number: n,
          title: from.title ?? defaultTitle(review.parsed, from),
          revision: review.edits?.revision ?? 0,
          places: places.map((place) => ({ value: `${place.chapter}.${place.at}`, label: place.label })),
          backHref: back(params.id, `page=${pageOfChapter(n)}`),
        }),
        200,
        PRIVATE,
      );
    }, { auth: 'admin', params: t.Object({ id: t.String({ format: 'uuid' }), n: t.String({ pattern: '^[0-9]{1,6}$' }) }), detail: { hide: true } });
}
