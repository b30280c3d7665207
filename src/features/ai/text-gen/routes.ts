import { Elysia, t } from 'elysia';
import type { BootedPlatform } from '../../../platform/boot.ts';
import type { AuthPlugin } from '../../../platform/http/auth.ts';
import { errorAnswers } from '../../../platform/http/api-schemas.ts';
import type { AiProvider } from '../provider.ts';
import { usageRecorder } from '../usage.ts';
import { cachedModels } from '../models.ts';
import { AppliedGenres, AppliedQuality, AppliedTagline, AppliedWarnings, ApplyTextBody, GenerateBody, GenresResponse, PronunciationSuggestions, QualityResponse, TaglineResponse, WarningsResponse } from './model.ts';
import { applyText, generateGenres, generateQuality, generateTagline, generateWarnings, suggestPronunciations } from './service.ts';

const tags = ['ai'];
/** The book named in the body may not exist (404); no AI service (503); the service failed or was slow (502, 504). */
const generationErrors = errorAnswers(404, 502, 503, 504);
const applyErrors = errorAnswers(404, 503);

/** One generation each from the book's details and first chapters; `/…/apply` stores what an admin kept. */
export function textGenRoutes(platform: BootedPlatform, auth: AuthPlugin, ai: AiProvider) {
  const { db, log, cache } = platform;
  const call = (kind: string, request: Request, model?: string) => {
    const usage = usageRecorder(db, log, kind, platform.clock);
    return { signal: request.signal, model, onUsage: usage.onUsage };
  };
  return new Elysia({ name: 'ai-text-gen' })
    .use(auth)
    .get('/api/admin/text-gen/models', async ({ request }) => {
      const client = ai.client();
      return { models: (await cachedModels(cache, client, { signal: request.signal })).text, default: client.textModel };
    }, {
      auth: 'admin',
      response: { 200: t.Object({ models: t.Array(t.String()), default: t.String() }), ...errorAnswers(502, 503, 504) },
      detail: { tags, summary: 'Text models of the AI service (the configured one first; cached 10 minutes)' },
    })
    .post('/api/admin/text-gen/tagline', ({ body, request }) => generateTagline(db, ai.client(), body.slug, call('tagline', request, body.model)), {
      auth: 'admin', body: GenerateBody, response: { 200: TaglineResponse, ...generationErrors }, detail: { tags, summary: 'Propose a one-sentence tagline {slug, tagline, current}' },
    })
    .post('/api/admin/text-gen/genres', ({ body, request }) => generateGenres(db, ai.client(), body.slug, call('genres', request, body.model)), {
      auth: 'admin', body: GenerateBody, response: { 200: GenresResponse, ...generationErrors }, detail: { tags, summary: 'Propose genres {slug, genres, current}, in the catalogue\'s spelling where it has them' },
    })
    .post('/api/admin/text-gen/content-warnings', ({ body, request }) => generateWarnings(db, ai.client(), body.slug, call('content-warnings', request, body.model)), {
      auth: 'admin', body: GenerateBody, response: { 200: WarningsResponse, ...generationErrors }, detail: { tags, summary: 'Propose content warnings {slug, warnings: [{label, severity, reason}], current}' },
    })
    .post('/api/admin/text-gen/quality-score', ({ body, request }) => generateQuality(db, ai.client(), body.slug, call('quality-score', request, body.model)), {
      auth: 'admin', body: GenerateBody, response: { 200: QualityResponse, ...generationErrors }, detail: { tags, summary: 'Judge the writing: {slug, score 1-10, reasons, current}' },
    })
    .post('/api/admin/text-gen/pronunciations', ({ body, request }) => suggestPronunciations(db, ai.client(), body.slug, call('pronunciations', request, body.model)), {
      auth: 'admin', body: GenerateBody, response: { 200: PronunciationSuggestions, ...generationErrors }, detail: { tags, summary: 'Propose respellings {slug, suggestions: [{word, say, count}]} for names of the book the speech engines are likely to say wrong (not stored)' },
    })
    .post('/api/admin/text-gen/genres/apply', ({ body }) => (ai.client(), applyText.genres(db, cache, body.slug, body.genres)), {
      auth: 'admin', body: ApplyTextBody, response: { 200: AppliedGenres, ...applyErrors }, detail: { tags, summary: 'Store the edited genres {slug, genres}; genre counts are refreshed' },
    })
    .post('/api/admin/text-gen/tagline/apply', ({ body }) => (ai.client(), applyText.tagline(db, cache, body.slug, body.tagline)), {
      auth: 'admin', body: ApplyTextBody, response: { 200: AppliedTagline, ...applyErrors }, detail: { tags, summary: 'Store the tagline {slug, tagline}' },
    })
    .post('/api/admin/text-gen/content-warnings/apply', ({ body }) => (ai.client(), applyText.warnings(db, cache, body.slug, body.warnings)), {
      auth: 'admin', body: ApplyTextBody, response: { 200: AppliedWarnings, ...applyErrors }, detail: { tags, summary: 'Store the content warnings {slug, warnings}' },
    })
    .post('/api/admin/text-gen/quality-score/apply', ({ body }) => (ai.client(), applyText.quality(db, body.slug, body.score, body.reasons)), {
      auth: 'admin', body: ApplyTextBody, response: { 200: AppliedQuality, ...applyErrors }, detail: { tags, summary: 'Store the score and reasons {slug, score, reasons}' },
    });
}
