import { Elysia, t } from 'elysia';
import type { AccessRule, AuthPlugin } from '../../platform/http/auth.ts';
import { pageContext, type PageEnvironment } from '../../platform/http/page.ts';
import { wantsHtmx } from '../../platform/http/request-context.ts';
import { htmlResponse } from '../../platform/http/respond.ts';
import { signedIn } from '../../platform/http/sign-in.ts';
import { badRequest, notFound } from '../../platform/http/errors.ts';
import type { PageContext } from '../../platform/http/page-context.ts';
import { listVoices } from '../../integrations/tts/index.ts';
import { requireExport } from '../billing/gate.ts';
import { findExportBook } from '../export/queries.ts';
import { settingsOf } from '../settings/service.ts';
import { parseNarration } from '../audio/narration.ts';
import { ExportPage, ExportsPage } from '../../../views/pages/exports/ExportsPage.tsx';
import { ExportStatus } from '../../../views/pages/exports/ExportStatus.tsx';
import { NewExportPage } from '../../../views/pages/exports/NewExportPage.tsx';
import type { ExportView } from '../../../views/pages/exports/types.ts';
import { EXPORT_FORMATS, type ExportFormat } from './model.ts';
import { bookTitle, requestsOf, type ExportRequestRow } from './queries.ts';
import { currentState, fileUrl, ownRequest, requestExport, type ExportsDeps } from './service.ts';
import { failureMessage, stageMessage } from './words.ts';

/** "English (US)", or with a dialogue voice "English (US) + English (UK)". */
function voiceName(stored: string, names: Map<string, string>): string {
  const { voiceId, dialogueVoiceId } = parseNarration(stored);
  const name = (id: string) => names.get(id) ?? id;
  return dialogueVoiceId ? `${name(voiceId)} + ${name(dialogueVoiceId)}` : name(voiceId);
}

const PRIVATE = { 'cache-control': 'private, no-cache' };
const LISTED = 50;
const see = (location: string) => new Response(null, { status: 303, headers: { location } });

/** An anonymous visitor signs in first and comes back here. */
const backHere = ({ request }: { request: Request }) => {
  const url = new URL(request.url);
  return `${url.pathname}${url.search}`;
};
const pageSignIn = signedIn(backHere);

const NUMBER = /^\s*\d{1,9}\s*$/;
const chapterField = (name: string, raw: string | undefined): number | undefined => {
  if (raw === undefined || raw.trim() === '') return undefined;
  if (!NUMBER.test(raw) || Number(raw) < 1) throw badRequest(`${name} must be a chapter number (a whole number of at least 1)`);
  return Number(raw);
};
const isFormat = (value: string | undefined): value is ExportFormat => (EXPORT_FORMATS as readonly string[]).includes(value ?? '');

/** /exports (the reader's exports), /exports/new (the form), its POST, and /exports/{id} (one export, polled by htmx). */
export function exportsPageRoutes(deps: ExportsDeps, auth: AuthPlugin, env: PageEnvironment) {
  /** Making an export is for readers with the Pro features (403 first, like the API), then signed in. */
  const proPage = (returnTo: (input: { request: Request }) => string): AccessRule => async (caller, input) => {
    requireExport(await deps.policy.current(), caller.user);
    await signedIn(returnTo)(caller, input);
  };
  const voiceNames = async () => new Map((await listVoices(deps.speech)).map((voice) => [voice.id, voice.name]));
  const viewOf = async (row: ExportRequestRow & { book_title?: string }, names: Map<string, string>): Promise<ExportView> => {
    const state = await currentState(deps, row);
    const r = state.row;
    return {
      id: r.id, status: r.status, progress: state.progress, format: r.format, slug: r.book_slug, from: r.from_chapter, to: r.to_chapter,
      bookTitle: row.book_title ?? (await bookTitle(deps.db, r.book_slug)) ?? r.book_slug,
      voice: parseNarration(r.voice).voiceId, voiceName: voiceName(r.voice, names),
      size: r.size_bytes === null ? null : Number(r.size_bytes),
      url: r.status === 'done' ? fileUrl(r.id) : null,
      message: r.status === 'failed' ? failureMessage(r.error) : stageMessage(r),
    };
  };
  const page = (ctx: PageContext, html: JSX.Element) => htmlResponse(html, 200, PRIVATE);
  return new Elysia({ name: 'exports-pages' })
    .use(auth)
    .get('/exports', async ({ request, user }) => {
      const names = await voiceNames();
      const rows = await requestsOf(deps.db, user.id, LISTED);
      const views = await Promise.all(rows.map((row) => viewOf(row, names)));
      const ctx = pageContext(request, env);
      return page(ctx, ExportsPage({ ctx, views }));
    }, { auth: pageSignIn, detail: { hide: true } })
    .get('/exports/new', async ({ request, query, caller }) => {
      const book = await findExportBook(deps.db, query.slug ?? '');
      if (!book || book.first_chapter === null || book.last_chapter === null) throw notFound('Book not found');
      const voices = await listVoices(deps.speech);
      const chosen = (await settingsOf(deps.db, caller.reader)).voice;
      const from = Math.min(Math.max(chapterField('from', query.from) ?? book.first_chapter, book.first_chapter), book.last_chapter);
      const to = Math.min(Math.max(chapterField('to', query.to) ?? book.last_chapter, from), book.last_chapter);
      const ctx = pageContext(request, env);
      return page(ctx, NewExportPage({
        ctx,
        form: {
          slug: book.slug, bookTitle: book.title, first: book.first_chapter, last: book.last_chapter, from, to,
          format: isFormat(query.format) ? query.format : 'epub-narrated',
          voice: voices.some((v) => v.id === chosen) ? chosen : (voices[0]?.id ?? ''),
          voices: voices.map((v) => ({ id: v.id, name: v.name })),
        },
      }));
    }, {
      auth: proPage(backHere),
      query: t.Object({ slug: t.Optional(t.String()), from: t.Optional(t.String()), to: t.Optional(t.String()), format: t.Optional(t.String()) }),
      detail: { hide: true },
    })
    .post('/exports', async ({ body, caller }) => {
      const format = body.format;
      if (!isFormat(format)) throw badRequest('format must be epub-narrated or audiobook');
      const from = chapterField('from', body.from);
      const to = chapterField('to', body.to);
      const { job_id } = await requestExport(deps, caller, {
        slug: body.slug ?? '', format, ...(from ? { from } : {}), ...(to ? { to } : {}), ...(body.voice ? { voice: body.voice } : {}),
      });
      return see(`/exports/${job_id}`);
    }, {
      auth: proPage(() => '/exports'),
      body: t.Object({ slug: t.Optional(t.String()), from: t.Optional(t.String()), to: t.Optional(t.String()), format: t.Optional(t.String()), voice: t.Optional(t.String()) }),
      detail: { hide: true },
    })
    .get('/exports/:id', async ({ request, params, caller }) => {
      const view = await viewOf(await ownRequest(deps, caller, params.id), await voiceNames());
      const ctx = pageContext(request, env);
      if (wantsHtmx(request)) return htmlResponse(ExportStatus({ ctx, view }), 200, { 'cache-control': 'private, no-store' });
      return page(ctx, ExportPage({ ctx, view }));
    }, { auth: pageSignIn, params: t.Object({ id: t.String({ maxLength: 64 }) }), detail: { hide: true } });
}
