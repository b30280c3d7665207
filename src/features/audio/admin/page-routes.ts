import { Elysia } from 'elysia';
import type { AuthPlugin } from '../../../platform/http/auth.ts';
import { AppError } from '../../../platform/http/errors.ts';
import { pageContext, type PageEnvironment } from '../../../platform/http/page.ts';
import { wantsHtmx } from '../../../platform/http/request-context.ts';
import { htmlResponse } from '../../../platform/http/respond.ts';
import { PRIVATE, see } from '../../../platform/http/form-pages.ts';
import type { PageContext } from '../../../platform/http/page-context.ts';
import { AudioCachePage } from '../../../../views/pages/admin/audio/AudioCachePage.tsx';
import { AudioCacheEmpty, AudioCacheTotals } from '../../../../views/pages/admin/audio/AudioCacheTotals.tsx';
import { AudioDeleteConfirmPage } from '../../../../views/pages/admin/audio/AudioDeleteConfirmPage.tsx';
import type { Notice } from '../../../../views/pages/admin/shared/notice.ts';
import { AUDIO_DELETE, AUDIO_PAGE, audioPageUrl } from './paths.ts';
import { decodeCursor, isStorableText } from './cursor.ts';
import { DEFAULT_LIMIT, DeleteForm, MAX_LIMIT, PageQuery } from './model.ts';
import { audioCacheTotals, deleteTarget, listAudioCache, removeStoredAudio, storedAudioItem, type AudioAdminDeps } from './service.ts';
import type { Target } from '../queries.ts';

const DONE = ['deleted', 'missing'] as const;
type Done = (typeof DONE)[number];
const isDone = (x: unknown): x is Done => (DONE as readonly unknown[]).includes(x);

function noticeOf(done: Done | null, ctx: PageContext): Notice | null {
  return done ? { level: 'ok', message: ctx.t(`audioCache.done.${done}`) } : null;
}

/** The page's query, read leniently: a bad cursor or limit shows the first page at the default size. */
function pageState(query: typeof PageQuery.static) {
  const filter = filterOf(query.slug);
  const limit = /^[1-9][0-9]{0,2}$/.test(query.limit ?? '') && Number(query.limit) <= MAX_LIMIT ? Number(query.limit) : null;
  return { filter, limit, after: query.after && isCursor(query.after) ? query.after : undefined, done: isDone(query.done) ? query.done : null };
}

function filterOf(slug: string | undefined): string | null {
  const text = slug?.trim() ?? '';
  return isStorableText(text, 200) ? text : null;
}

function isCursor(text: string): boolean {
  try {
    decodeCursor(text);
    return true;
  } catch {
    return false;
  }
}

/** The chapter and voice a delete form names; a tampered form is 400. */
function targetOf(body: typeof DeleteForm.static | undefined): Target {
  return deleteTarget(body?.slug ?? '', body?.chapter ?? '', body?.voice);
}

/** Plain form posts only (the forms of the page); JSON clients use DELETE /api/admin/audio-cache/…. */
function requireForm(request: Request): void {
  const type = (request.headers.get('content-type') ?? '').toLowerCase();
  if (!type.startsWith('application/x-www-form-urlencoded') && !type.startsWith('multipart/form-data')) {
    throw new AppError(415, 'unsupported_media_type', 'Send a form');
  }
}

/** /admin/audio (the page) and its delete form's target; admins only, like every /admin path. */
export function audioAdminPageRoutes(deps: AudioAdminDeps, auth: AuthPlugin, env: PageEnvironment) {
  return new Elysia({ name: 'audio-admin-pages' })
    .use(auth)
    .get(AUDIO_PAGE, async ({ request, query }) => {
      const ctx = pageContext(request, env);
      const state = pageState(query);
      const limit = state.limit ?? DEFAULT_LIMIT;
      const page = await listAudioCache(deps.db, { limit, after: state.after, slug: state.filter ?? undefined });
      const moreHref = page.next ? audioPageUrl({ slug: state.filter, limit: state.limit, after: page.next }) : null;
      const html = AudioCachePage({
        ctx,
        items: page.items,
        totals: { count: page.count, totalBytes: page.total_bytes },
        filter: state.filter,
        moreHref,
        continued: state.after !== undefined,
        notice: noticeOf(state.done, ctx),
      });
      return htmlResponse(html, 200, PRIVATE);
    }, { auth: 'admin', query: PageQuery, detail: { hide: true } })
    .post(AUDIO_DELETE, async ({ request, body }) => {
      requireForm(request);
      const target = targetOf(body);
      const filter = filterOf(body?.filter);
      const htmx = wantsHtmx(request);
      if (body?.confirmed !== '1') {
        const item = await storedAudioItem(deps.db, target);
        if (!item) return see(audioPageUrl({ slug: filter, done: 'missing' }));
        return htmlResponse(AudioDeleteConfirmPage({ ctx: pageContext(request, env), item, filter }), 200, PRIVATE);
      }
      let done: Done = 'deleted';
      try {
        await removeStoredAudio(deps, target);
      } catch (error) {
        if (!(error instanceof AppError && error.status === 404)) throw error;
        done = 'missing';
      }
      if (!htmx) return see(audioPageUrl({ slug: filter, done }));
      // The row goes (the answer's main part is empty); the totals and the empty state follow out of band.
      const ctx = { ...pageContext(request, env), path: AUDIO_PAGE };
      const counted = await audioCacheTotals(deps.db, filter ?? undefined);
      const totals = { count: counted.count, totalBytes: counted.total_bytes };
      const html = (await AudioCacheTotals({ ctx, totals, filter, oob: true })) + (await AudioCacheEmpty({ ctx, totals, filter, oob: true }));
      const toast = { 'app:toast': { level: 'info', message: ctx.t(`audioCache.done.${done}`) } };
      return htmlResponse(html, 200, { ...PRIVATE, 'hx-trigger': JSON.stringify(toast) });
    }, { auth: 'admin', body: DeleteForm, detail: { hide: true } });
}
