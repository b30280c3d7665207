import { Elysia, t } from 'elysia';
import type { BootedPlatform } from '../../../platform/boot.ts';
import type { AuthPlugin } from '../../../platform/http/auth.ts';
import { AppError, notFound } from '../../../platform/http/errors.ts';
import { pageContext, type PageEnvironment } from '../../../platform/http/page.ts';
import { htmlResponse } from '../../../platform/http/respond.ts';
import { PRIVATE, see } from '../../../platform/http/form-pages.ts';
import type { PageContext } from '../../../platform/http/page-context.ts';
import { AiJobsPage } from '../../../../views/pages/admin/ai/AiJobsPage.tsx';
import { AiJobList } from '../../../../views/pages/admin/ai/AiJobList.tsx';
import { ChapterNamesJob, ChapterNamesReviewPage } from '../../../../views/pages/admin/ai/ChapterNamesReview.tsx';
import { SuggestionForm, SuggestionPage } from '../../../../views/pages/admin/ai/BookAiPanel.tsx';
import type { Suggestion, SuggestionKind } from '../../../../views/pages/admin/ai/types.ts';
import { noticeFrom } from '../../../../views/pages/admin/shared/notice.ts';
import type { AiProvider } from '../provider.ts';
import { usageRecorder } from '../usage.ts';
import { cancelAiJob, getAiJob, listAiJobs } from '../jobs/service.ts';
import { applyChapterNames, namingRequest, startChapterNamesJob } from '../chapter-names/service.ts';
import { chapterNamesKind } from '../chapter-names/kind.ts';
import { applyText, generateGenres, generateQuality, generateTagline, generateWarnings, suggestPronunciations } from '../text-gen/service.ts';
import { PronunciationSuggestions, PronunciationSuggestionsPage } from '../../../../views/pages/admin/audio/PronunciationSuggestions.tsx';
import { bookTitleOf } from '../../catalogue/admin/service.ts';

const Id = t.Object({ id: t.String({ format: 'uuid' }) });
const Query = t.Object({ done: t.Optional(t.String({ maxLength: 32 })), error: t.Optional(t.String({ maxLength: 400 })), book: t.Optional(t.String({ maxLength: 200 })) });
const Form = t.Record(t.String(), t.Any());
// Loose on purpose: admin routes check the caller before anything else (kindOf answers 404 after).
const SuggestParams = t.Object({ slug: t.String({ maxLength: 200 }), kind: t.String() });
const KINDS: readonly SuggestionKind[] = ['tagline', 'genres', 'warnings', 'quality'];
function kindOf(kind: string): SuggestionKind {
  if (!KINDS.includes(kind as SuggestionKind)) throw notFound('No such suggestion');
  return kind as SuggestionKind;
}

/** An AI failure as an admin should read it: a time-out explained, the service's own words otherwise. */
export function aiErrorWords(ctx: PageContext, error: unknown): string | null {
  if (!(error instanceof AppError)) return null;
  if (error.status === 504) return ctx.t('ai.error.timeout');
  if (error.code === 'ai_not_configured') return ctx.t('ai.error.notConfigured');
  if (error.status === 502) return ctx.t('ai.error.upstream', { message: error.message });
  return error.status < 500 ? error.message : null;
}

const int = (value: unknown) => (typeof value === 'string' && /^\d{1,9}$/.test(value.trim()) ? Number(value) : undefined);

/** /admin/ai-jobs (start, list, review, apply, cancel) and the AI suggestions of /admin/books/{slug}. */
export function aiPageRoutes(platform: BootedPlatform, auth: AuthPlugin, env: PageEnvironment, ai: AiProvider) {
  const { db, log, cache } = platform;
  const back = (path: string, error: unknown, ctx: PageContext) => {
    const words = aiErrorWords(ctx, error);
    if (words === null) throw error;
    return see(`${path}${path.includes('?') ? '&' : '?'}error=${encodeURIComponent(words.slice(0, 380))}`);
  };
  const bookTitle = (slug: string | null) => bookTitleOf(db, slug);

  return new Elysia({ name: 'ai-admin-pages' })
    .use(auth)
    .get('/admin/ai-jobs', async ({ request, query }) => {
      const ctx = pageContext(request, env);
      return htmlResponse(AiJobsPage({ ctx, jobs: await listAiJobs(db, 50), notice: noticeFrom(query, ctx), book: query.book ?? '' }), 200, PRIVATE);
    }, { auth: 'admin', query: Query, detail: { hide: true } })
    .get('/admin/ai-jobs/list', async ({ request }) => htmlResponse(AiJobList({ ctx: pageContext(request, env), jobs: await listAiJobs(db, 50) }), 200, PRIVATE), { auth: 'admin', detail: { hide: true } })
    .post('/admin/ai-jobs/chapter-names', async ({ request, body, user }) => {
      const ctx = pageContext(request, env);
      const slug = typeof body.slug === 'string' ? body.slug.trim() : '';
      try {
        ai.client();
        const naming = await namingRequest(db, { slug, from: int(body.from), to: int(body.to) });
        return see(`/admin/ai-jobs/${await startChapterNamesJob(db, chapterNamesKind, naming, user.id)}?done=named`);
      } catch (error) {
        return back(`/admin/ai-jobs?book=${encodeURIComponent(slug)}`, error, ctx);
      }
    }, { auth: 'admin', body: Form, detail: { hide: true } })
    .get('/admin/ai-jobs/:id', async ({ request, params, query }) => {
      const ctx = pageContext(request, env);
      const job = await getAiJob(db, params.id);
      return htmlResponse(ChapterNamesReviewPage({ ctx, job, bookTitle: await bookTitle(job.book), notice: noticeFrom(query, ctx) }), 200, PRIVATE);
    }, { auth: 'admin', params: Id, query: Query, detail: { hide: true } })
    .get('/admin/ai-jobs/:id/progress', async ({ request, params }) => htmlResponse(ChapterNamesJob({ ctx: pageContext(request, env), job: await getAiJob(db, params.id) }), 200, PRIVATE), {
      auth: 'admin',
      params: Id,
      detail: { hide: true },
    })
    .post('/admin/ai-jobs/:id/apply', async ({ request, params, body }) => {
      const ctx = pageContext(request, env);
      const titles = Object.keys(body)
        .map((key) => /^keep_(\d{1,9})$/.exec(key)?.[1])
        .filter((n): n is string => n !== undefined)
        .map((n) => ({ number: Number(n), title: String(body[`title_${n}`] ?? '') }))
        .filter((row) => row.title.trim());
      try {
        await applyChapterNames(db, cache, { job_id: params.id, titles });
        return see(`/admin/ai-jobs/${params.id}?done=applied`);
      } catch (error) {
        return back(`/admin/ai-jobs/${params.id}`, error, ctx);
      }
    }, { auth: 'admin', params: Id, body: Form, detail: { hide: true } })
    .post('/admin/ai-jobs/:id/cancel', async ({ params }) => {
      await cancelAiJob(db, params.id);
      return see(`/admin/ai-jobs/${params.id}?done=cancelled`);
    }, { auth: 'admin', params: Id, detail: { hide: true } })
    .post('/admin/books/:slug/ai/:kind', async ({ request, params }) => {
      const ctx = pageContext(request, env);
      const suggestion = await suggest(kindOf(params.kind), params.slug, request, ctx);
      const form = SuggestionForm({ ctx, suggestion });
      if (request.headers.get('hx-request') === 'true') return htmlResponse(form, 200, PRIVATE);
      return htmlResponse(SuggestionPage({ ctx, suggestion }), 200, PRIVATE);
    }, { auth: 'admin', params: SuggestParams, detail: { hide: true } })
    // Respellings for the names of a book, for its pronunciation list (features/audio/pronunciation): nothing stored here.
    .post('/admin/books/:slug/pronunciations/suggest', async ({ request, params }) => {
      const ctx = pageContext(request, env);
      const usage = usageRecorder(db, log, 'pronunciations', platform.clock);
      let props: Parameters<typeof PronunciationSuggestions>[0];
      try {
        const { suggestions } = await suggestPronunciations(db, ai.client(), params.slug, { signal: request.signal, onUsage: usage.onUsage });
        props = { ctx, slug: params.slug, suggestions };
      } catch (error) {
        if (error instanceof AppError && error.status === 404) throw error;
        const words = aiErrorWords(ctx, error);
        if (words === null) throw error;
        props = { ctx, slug: params.slug, suggestions: [], error: ctx.t('pron.suggest.failed', { reason: words }) };
      }
      if (request.headers.get('hx-request') === 'true') return htmlResponse(PronunciationSuggestions(props), 200, PRIVATE);
      return htmlResponse(PronunciationSuggestionsPage({ ...props, bookTitle: await bookTitleOf(db, params.slug) }), 200, PRIVATE);
    }, { auth: 'admin', params: t.Object({ slug: t.String({ maxLength: 200 }) }), detail: { hide: true } })
    .post('/admin/books/:slug/ai/:kind/apply', async ({ request, params, body }) => {
      const ctx = pageContext(request, env);
      const page = `/admin/books/${encodeURIComponent(params.slug)}`;
      const value = typeof body.value === 'string' ? body.value : '';
      const kind = kindOf(params.kind);
      try {
        if (kind === 'tagline') await applyText.tagline(db, cache, params.slug, value);
        else if (kind === 'genres') await applyText.genres(db, cache, params.slug, value.split(','));
        else if (kind === 'warnings') await applyText.warnings(db, cache, params.slug, parseWarnings(value));
        else await applyText.quality(db, params.slug, int(body.score), value.split('\n'));
        return see(`${page}?done=stored`);
      } catch (error) {
        return back(page, error, ctx);
      }
    }, { auth: 'admin', params: SuggestParams, body: Form, detail: { hide: true } });

  async function suggest(kind: SuggestionKind, slug: string, request: Request, ctx: PageContext): Promise<Suggestion> {
    const usage = usageRecorder(db, log, kind === 'warnings' ? 'content-warnings' : kind === 'quality' ? 'quality-score' : kind, platform.clock);
    const call = { signal: request.signal, onUsage: usage.onUsage };
    try {
      const client = ai.client();
      if (kind === 'tagline') return { kind, slug, value: (await generateTagline(db, client, slug, call)).tagline };
      if (kind === 'genres') return { kind, slug, value: (await generateGenres(db, client, slug, call)).genres.join(', ') };
      if (kind === 'warnings') return { kind, slug, value: (await generateWarnings(db, client, slug, call)).warnings.map((w) => `${w.label} | ${w.severity} | ${w.reason}`).join('\n') };
      const quality = await generateQuality(db, client, slug, call);
      return { kind, slug, value: quality.reasons.join('\n'), score: quality.score };
    } catch (error) {
      if (error instanceof AppError && error.status === 404) throw notFound('No such book');
      const words = aiErrorWords(ctx, error);
      if (words === null) throw error;
      return { kind, slug, value: '', error: words };
    }
  }
}

/** "label | severity | reason" lines, as the suggestion form shows them. */
function parseWarnings(text: string): { label: string; severity?: string; reason?: string }[] {
  return text
    .split('\n')
    .map((line) => line.split('|').map((part) => part.trim()))
    .filter(([label]) => label)
    .map(([label, severity, ...reason]) => ({ label: label!.slice(0, 80), severity, reason: reason.join(' | ').slice(0, 400) }));
}
