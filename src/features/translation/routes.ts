import { Elysia } from 'elysia';
import type { Locale } from '../../platform/i18n/locale.ts';
import { TranslationStatus, type StatusState } from '../../../views/components/TranslationStatus.tsx';
import type { BootedPlatform } from '../../platform/boot.ts';
import type { AuthPlugin, Caller } from '../../platform/http/auth.ts';
import { errorAnswers } from '../../platform/http/api-schemas.ts';
import { AppError, notFound } from '../../platform/http/errors.ts';
import { pageContext, type PageEnvironment } from '../../platform/http/page.ts';
import { wantsHtmx } from '../../platform/http/request-context.ts';
import { htmlResponse } from '../../platform/http/respond.ts';
import type { AiProvider } from '../ai/provider.ts';
import { renderChapter } from '../../platform/markup/chapter-html.ts';
import { translateChapterKind } from './kinds.ts';
import { ChapterParams, isTranslationLocale, JobResponse, LocaleQuery, parseLocale, parseTranslateRequest, StatusResponse, TranslateBody } from './model.ts';
import { translatedChapterPath } from './paths.ts';
import { originalChapter } from './queries.ts';
import { requestTranslation, translatedChapter, translationStatus, type Requester, type TranslationDeps } from './service.ts';
import { translationAdminRoutes } from './admin/routes.ts';
import { policyOf } from '../policy/service.ts';
import type { PolicyInForce } from '../policy/model.ts';

const tags = ['translation'];
const PRIVATE = { 'cache-control': 'private, no-store' };
const requester = (caller: Caller): Requester => ({ reader: caller.reader, role: caller.user?.role ?? null, userId: caller.user?.id ?? null });
const see = (location: string) => new Response(null, { status: 303, headers: { location } });

/** What the reader's status line shows for an error of the API, in the reader's language (the API's own words stay in JSON). */
function errorState(error: unknown, locale: Locale, t: (key: string) => string, policy: PolicyInForce): StatusState {
  if (!(error instanceof AppError)) throw error;
  if (error.status === 402) return { kind: 'pro_required', locale, perDay: policy.translations_per_day, paid: policy.payments_configured };
  if (error.code === 'ai_not_configured') return { kind: 'unavailable' };
  if (error.status === 404) return { kind: 'error', message: t('translation.status.missing') };
  if (error.status < 500) return { kind: 'error', message: t('translation.status.error') };
  return { kind: 'failed', locale, error: error.message };
}

/**
 * Machine translation of chapters into the five locales (docs/api.md "Translation"):
 *   POST /api/translate {slug, chapter, locale}           → 202 {job_id, status} (402 past the daily limit, 503 without AI)
 *   GET  /api/translate/status/{slug}/{n}?locale=         → {job_id, status, error}
 *   GET|PUT /api/admin/books/{slug}/glossary              → {slug, entries: [{source, target, locale}]}
 * and the pages' parts: the reader's switch (POST /translate/{slug}/{n}, polled GET …/status) and
 * the admin glossary page (both glossary parts in admin/). The chapter itself, translated, is GET /api/chapter/{slug}/{n}?locale=.
 */
export function translationRoutes(platform: BootedPlatform, auth: AuthPlugin, env: PageEnvironment, ai: AiProvider) {
  const deps: TranslationDeps = { db: platform.db, cache: platform.cache, ai, kind: translateChapterKind, clock: platform.clock, policy: policyOf(platform), log: platform.log };

  /** The status line after asking for (or checking on) a translation; a finished one swaps in the text. */
  async function switchAnswer(request: Request, slug: string, chapter: number, state: StatusState): Promise<Response> {
    const headers: Record<string, string> = { ...PRIVATE };
    if (state.kind === 'done') headers['hx-replace-url'] = translatedChapterPath(slug, chapter, state.locale);
    if (state.kind === 'original') headers['hx-replace-url'] = `/book/${encodeURIComponent(slug)}/${chapter}`;
    return htmlResponse(TranslationStatus({ ctx: pageContext(request, env), slug, chapter, state }), 200, headers);
  }

  async function doneOrBusy(slug: string, chapter: number, locale: Locale): Promise<StatusState> {
    const done = await translatedChapter(deps.db, { slug, chapter, locale });
    return done ? { kind: 'done', locale, title: done.title, html: done.html } : { kind: 'busy', locale };
  }

  return new Elysia({ name: 'translation' })
    .use(auth)
    .post('/api/translate', async ({ body, caller, status }) => {
      const input = parseTranslateRequest(body);
      return status(202, await requestTranslation(deps, requester(caller), input));
    }, {
      body: TranslateBody,
      // 402: past the free tier; 404: the body's chapter does not exist; 503: no AI service.
      response: { 202: JobResponse, ...errorAnswers(402, 404, 503) },
      detail: { tags, summary: 'Translate a chapter: 202 {job_id, status}; done at once when stored; one job per chapter and locale (402 past the free tier, 503 without an AI service)' },
    })
    .get('/api/translate/status/:slug/:n', ({ params, query }) => translationStatus(deps, { slug: params.slug, chapter: params.n, locale: parseLocale(query.locale) }), {
      params: ChapterParams,
      query: LocaleQuery,
      response: StatusResponse,
      detail: { tags, summary: 'The newest translation job of a chapter and locale (pending, running, done, failed); 404 when none was asked for' },
    })
    // The reader's switch (htmx); a plain form post starts the same job and goes to the page.
    .post('/translate/:slug/:n', async ({ request, params, body, caller }) => {
      const raw = (body as { locale?: unknown } | null)?.locale;
      const { slug, n } = params;
      if (raw === '' || raw === undefined) {
        const original = await originalChapter(deps.db, slug, n);
        if (!original) throw notFound('Chapter not found');
        if (!wantsHtmx(request)) return see(`/book/${encodeURIComponent(slug)}/${n}`);
        return switchAnswer(request, slug, n, { kind: 'original', title: original.title, html: renderChapter(original.text) });
      }
      const locale = parseLocale(raw);
      if (!wantsHtmx(request)) {
        await requestTranslation(deps, requester(caller), { slug, chapter: n, locale });
        return see(translatedChapterPath(slug, n, locale));
      }
      let state: StatusState;
      try {
        const job = await requestTranslation(deps, requester(caller), { slug, chapter: n, locale });
        state = job.status === 'done' ? await doneOrBusy(slug, n, locale) : { kind: 'busy', locale };
      } catch (error) {
        state = errorState(error, locale, pageContext(request, env).t, await deps.policy.current());
      }
      return switchAnswer(request, slug, n, state);
    }, { params: ChapterParams, body: TranslateBody, detail: { hide: true } })
    .get('/translate/:slug/:n/status', async ({ request, params, query }) => {
      const locale = isTranslationLocale(query.locale) ? query.locale : null;
      if (!locale) return switchAnswer(request, params.slug, params.n, { kind: 'error', message: pageContext(request, env).t('translation.status.badLocale') });
      let state: StatusState;
      try {
        const status = await translationStatus(deps, { slug: params.slug, chapter: params.n, locale });
        if (status.status === 'done') state = await doneOrBusy(params.slug, params.n, locale);
        else if (status.status === 'failed') state = { kind: 'failed', locale, error: status.error };
        else state = { kind: 'busy', locale };
      } catch (error) {
        // Nothing asked for (a page opened with ?locale= before anyone asked): the line stays empty, polling stops.
        if (error instanceof AppError && error.status === 404) return htmlResponse('', 200, PRIVATE);
        state = errorState(error, locale, pageContext(request, env).t, await deps.policy.current());
      }
      return switchAnswer(request, params.slug, params.n, state);
    }, { params: ChapterParams, query: LocaleQuery, detail: { hide: true } })
    .use(translationAdminRoutes(deps.db, auth, env));
}
