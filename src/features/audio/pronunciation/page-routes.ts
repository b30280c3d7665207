import { Elysia, t } from 'elysia';
import type { TypedEntry } from '../../../../views/pages/admin/audio/PronunciationEntryForm.tsx';
import { PronunciationPage } from '../../../../views/pages/admin/audio/PronunciationPage.tsx';
import type { Notice } from '../../../../views/pages/admin/shared/notice.ts';
import type { AuthPlugin } from '../../../platform/http/auth.ts';
import { AppError, badRequest, notFound } from '../../../platform/http/errors.ts';
import { see } from '../../../platform/http/form-pages.ts';
import { pageContext, type PageEnvironment } from '../../../platform/http/page.ts';
import type { PageContext } from '../../../platform/http/page-context.ts';
import { htmlResponse } from '../../../platform/http/respond.ts';
import { pronunciationPagePath } from './paths.ts';
import { dismissReports, reportedWords } from './reports.ts';
import { savePronunciationList, type PronunciationDeps } from './service.ts';
import { listOf } from './queries.ts';
import { listText, onLines, parseListText } from './text.ts';

const PRIVATE = { 'cache-control': 'private, no-store' };
const Query = t.Object({
  saved: t.Optional(t.String({ maxLength: 6 })),
  outdated: t.Optional(t.String({ maxLength: 9 })),
  dismissed: t.Optional(t.String({ maxLength: 64 })),
  add: t.Optional(t.String({ maxLength: 200 })),
});
// Read leniently: checked in the handler, after the admin guard. The whole list as text (entries),
// or one entry in fields (word, say, phonemes, exact) added to it.
const ListForm = t.Object(
  {
    entries: t.Optional(t.String({ maxLength: 100_000 })),
    word: t.Optional(t.String({ maxLength: 1000 })),
    say: t.Optional(t.String({ maxLength: 1000 })),
    phonemes: t.Optional(t.String({ maxLength: 1000 })),
    exact: t.Optional(t.String({ maxLength: 10 })),
  },
  { additionalProperties: true },
);
const DismissForm = t.Object({ slug: t.Optional(t.String({ maxLength: 200 })), word: t.Optional(t.String({ maxLength: 200 })) }, { additionalProperties: true });
const Slug = t.Object({ slug: t.String({ maxLength: 200 }) });

async function bookOf(deps: PronunciationDeps, slug: string | null): Promise<{ slug: string; title: string } | null> {
  if (slug === null) return null;
  const row = await deps.db.selectFrom('books').select(['slug', 'title']).where('slug', '=', slug).executeTakeFirst();
  if (!row) throw notFound('Book not found');
  return row;
}

function noticeOf(ctx: PageContext, query: typeof Query.static): Notice | null {
  if (query.saved !== undefined) return { level: 'ok', message: ctx.t('pron.saved', { count: Number(query.saved) || 0, outdated: Number(query.outdated) || 0 }) };
  if (query.dismissed) return { level: 'ok', message: ctx.t('pron.dismissed', { word: query.dismissed }) };
  return null;
}

/** The admin pages of pronunciation lists (a book's and the site's), with the listeners' reports. */
export function pronunciationPageRoutes(deps: PronunciationDeps, auth: AuthPlugin, env: PageEnvironment, aiConfigured: boolean) {
  type PageOptions = { text?: string; notice: Notice | null; status?: number; add?: string; entry?: TypedEntry; entryInvalid?: keyof TypedEntry | null };
  async function page(request: Request, slug: string | null, options: PageOptions) {
    const book = await bookOf(deps, slug);
    const ctx = pageContext(request, env);
    const [entries, reports] = await Promise.all([listOf(deps.db, slug), reportedWords(deps.db, slug)]);
    let text = options.text ?? listText(entries);
    const add = options.add?.trim();
    if (add && !entries.some((e) => e.word.toLowerCase() === add.toLowerCase())) text = `${text}${text ? '\n' : ''}${add} = `;
    const props = { ctx, book, text, count: entries.length, reports, notice: options.notice, suggest: aiConfigured && book !== null, entry: options.entry, entryInvalid: options.entryInvalid };
    return htmlResponse(PronunciationPage(props), options.status ?? 200, PRIVATE);
  }

  async function save(request: Request, slug: string | null, form: typeof ListForm.static) {
    if (form.entries === undefined && form.word !== undefined) return addOne(request, slug, form);
    await bookOf(deps, slug);
    const text = typeof form.entries === 'string' ? form.entries : '';
    let lines: number[] = [];
    try {
      const parsed = parseListText(text);
      lines = parsed.lines;
      const saved = await savePronunciationList(deps, slug, parsed.body);
      return see(`${pronunciationPagePath(slug)}?saved=${saved.entries.length}&outdated=${saved.outdated_audio}`);
    } catch (error) {
      if (!(error instanceof AppError) || error.status !== 400) throw error;
      return page(request, slug, { text, notice: { level: 'error', message: onLines(error.message, lines) }, status: 400 });
    }
  }

  /** The one-entry form: the entry added at the end of the list; a refusal shows the fields as typed and why. */
  async function addOne(request: Request, slug: string | null, form: typeof ListForm.static) {
    await bookOf(deps, slug);
    const typed: TypedEntry = { word: form.word ?? '', say: form.say ?? '', phonemes: form.phonemes ?? '', case_sensitive: form.exact !== undefined };
    const current = await listOf(deps.db, slug);
    try {
      const saved = await savePronunciationList(deps, slug, { entries: [...current, typed] });
      return see(`${pronunciationPagePath(slug)}?saved=${saved.entries.length}&outdated=${saved.outdated_audio}`);
    } catch (error) {
      if (!(error instanceof AppError) || error.status !== 400) throw error;
      const field = /^entries\[\d+\]\.(word|say|phonemes)\b/.exec(error.message)?.[1] as keyof TypedEntry | undefined;
      const message = error.message.replace(/^entries\[\d+\]\.?/, '').trim();
      return page(request, slug, { notice: { level: 'error', message }, status: 400, entry: typed, entryInvalid: field ?? null });
    }
  }

  async function dismiss(slug: string | null, form: typeof DismissForm.static) {
    const book = slug ?? form.slug ?? '';
    const word = form.word?.trim() ?? '';
    if (!book || !word) throw badRequest('Send the book and the word to dismiss');
    await dismissReports(deps.db, book, word);
    return see(`${pronunciationPagePath(slug)}?dismissed=${encodeURIComponent(word)}`);
  }

  /** Suggestions kept on the suggestions form (word_i, say_i, keep_i) added to the book's list; words already there keep their saying. */
  async function addKept(request: Request, slug: string, form: Record<string, unknown>) {
    await bookOf(deps, slug);
    const current = await listOf(deps.db, slug);
    const listed = new Set(current.map((e) => e.word.toLowerCase()));
    const kept: { word: string; say: string; case_sensitive: boolean }[] = [];
    for (let i = 0; i < 100 && typeof form[`word_${i}`] === 'string'; i++) {
      const word = String(form[`word_${i}`]).trim();
      if (form[`keep_${i}`] === undefined || listed.has(word.toLowerCase())) continue;
      listed.add(word.toLowerCase());
      kept.push({ word, say: String(form[`say_${i}`] ?? ''), case_sensitive: false });
    }
    try {
      const saved = await savePronunciationList(deps, slug, { entries: [...current, ...kept] });
      return see(`${pronunciationPagePath(slug)}?saved=${saved.entries.length}&outdated=${saved.outdated_audio}`);
    } catch (error) {
      if (!(error instanceof AppError) || error.status !== 400) throw error;
      return page(request, slug, { notice: { level: 'error', message: error.message.replace(/^entries\[(\d+)\]/, (_, i: string) => kept[Number(i) - current.length]?.word ?? `entries[${i}]`) }, status: 400 });
    }
  }

  return new Elysia({ name: 'audio-pronunciation-pages' })
    .use(auth)
    .get('/admin/pronunciations', ({ request, query }) => page(request, null, { notice: noticeOf(pageContext(request, env), query), add: query.add }), { auth: 'admin', query: Query, detail: { hide: true } })
    .post('/admin/pronunciations', ({ request, body }) => save(request, null, body), { auth: 'admin', body: ListForm, detail: { hide: true } })
    .post('/admin/pronunciations/dismiss', ({ body }) => dismiss(null, body), { auth: 'admin', body: DismissForm, detail: { hide: true } })
    .get('/admin/books/:slug/pronunciations', ({ request, params, query }) => page(request, params.slug, { notice: noticeOf(pageContext(request, env), query), add: query.add }), {
      auth: 'admin',
      params: Slug,
      query: Query,
      detail: { hide: true },
    })
    .post('/admin/books/:slug/pronunciations', ({ request, params, body }) => save(request, params.slug, body), { auth: 'admin', params: Slug, body: ListForm, detail: { hide: true } })
    .post('/admin/books/:slug/pronunciations/add', ({ request, params, body }) => addKept(request, params.slug, body), {
      auth: 'admin',
      params: Slug,
      body: t.Record(t.String(), t.String({ maxLength: 200 })),
      detail: { hide: true },
    })
    .post('/admin/books/:slug/pronunciations/dismiss', ({ params, body }) => dismiss(params.slug, body), { auth: 'admin', params: Slug, body: DismissForm, detail: { hide: true } });
}
