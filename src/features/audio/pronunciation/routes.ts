import { Elysia, t } from 'elysia';
import type { AuthPlugin } from '../../../platform/http/auth.ts';
import { errorAnswers } from '../../../platform/http/api-schemas.ts';
import { limitReaderWrites } from '../../../platform/http/rate-limit.ts';
import type { Clock } from '../../../platform/clock.ts';
import { BookSlugParams, Dismissed, DismissParams, PronunciationList, PronunciationListBody, PronunciationSaved, ReportBody, ReportedWords, ReportsQuery } from './model.ts';
import { dismissReports, reportedWords, reportWord } from './reports.ts';
import { pronunciationList, savePronunciationList, type PronunciationDeps } from './service.ts';

const tags = ['audio'];

/**
 * Pronunciation lists (docs/api.md "Audio"): a book's, and the site's for every book. Anyone may
 * read them (they are what the narration says); admins replace them.
 */
export function pronunciationRoutes(deps: PronunciationDeps & { clock: Clock }, auth: AuthPlugin) {
  const reports = new Elysia({ name: 'audio-pronunciation-reports' })
    .use(auth)
    .onBeforeHandle(limitReaderWrites(deps, 'report'))
    .post('/api/books/:slug/pronunciations/reports', async ({ params, body, caller, set }) => {
      await reportWord(deps.db, caller.reader, { slug: params.slug, ...body });
      set.status = 201;
      return { reported: true as const };
    }, {
      params: BookSlugParams,
      body: ReportBody,
      response: { 201: t.Object({ reported: t.Literal(true) }), ...errorAnswers(404, 429) },
      detail: { tags, summary: 'A listener reports a word of a chapter said wrong (once per listener, word and voice)' },
    });
  return new Elysia({ name: 'audio-pronunciation' })
    .use(auth)
    .use(reports)
    .get('/api/books/:slug/pronunciations', ({ params }) => pronunciationList(deps.db, params.slug), {
      params: BookSlugParams,
      response: { 200: PronunciationList, ...errorAnswers(404) },
      detail: { tags, summary: 'How the narration says the names of a book (its own list; the site list applies too)' },
    })
    .put('/api/books/:slug/pronunciations', ({ params, body }) => savePronunciationList(deps, params.slug, body), {
      auth: 'admin',
      params: BookSlugParams,
      body: PronunciationListBody,
      response: { 200: PronunciationSaved, ...errorAnswers(400, 404) },
      detail: { tags, summary: 'Replace a book’s pronunciation list; stored narrations saying a changed word are made again when next asked for' },
    })
    .get('/api/pronunciations', () => pronunciationList(deps.db, null), {
      response: PronunciationList,
      detail: { tags, summary: 'The site’s pronunciation list, applied to every book' },
    })
    .put('/api/pronunciations', ({ body }) => savePronunciationList(deps, null, body), {
      auth: 'admin',
      body: PronunciationListBody,
      response: { 200: PronunciationSaved, ...errorAnswers(400) },
      detail: { tags, summary: 'Replace the site’s pronunciation list' },
    })
    .get('/api/admin/pronunciation-reports', async ({ query }) => ({ words: await reportedWords(deps.db, query.slug ?? null) }), {
      auth: 'admin',
      query: ReportsQuery,
      response: ReportedWords,
      detail: { tags: ['admin'], summary: 'Words listeners reported said wrong, grouped per book and word, most reported first' },
    })
    .delete('/api/admin/pronunciation-reports/:slug/:word', async ({ params }) => ({ dismissed: await dismissReports(deps.db, params.slug, params.word) }), {
      auth: 'admin',
      params: DismissParams,
      response: Dismissed,
      detail: { tags: ['admin'], summary: 'Dismiss the reports of a word in a book' },
    });
}
