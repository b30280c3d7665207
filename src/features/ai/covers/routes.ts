import { Elysia } from 'elysia';
import type { BootedPlatform } from '../../../platform/boot.ts';
import type { AuthPlugin } from '../../../platform/http/auth.ts';
import type { PageEnvironment } from '../../../platform/http/page.ts';
import { createSourceClient, type SourceClient } from '../../../integrations/sources/index.ts';
import { sourcesConfig } from '../../scraping/sources-config.ts';
import type { AiProvider } from '../provider.ts';
import { cachedModels } from '../models.ts';
import { errorAnswers } from '../../../platform/http/api-schemas.ts';
import { sseBody, sseFrames } from '../sse.ts';
import { usageRecorder } from '../usage.ts';
import { batchCovers, cancelBatch } from './batch.ts';
import { BatchBody, CancelResponse, GenerateRequestBody, GenerateResponse, ModelsResponse, SaveCoverBody, SaveCoverResponse, SlugParams } from './model.ts';
import { refreshMetadata, refreshTarget } from './refresh.ts';
import { readGenerateRequest } from './request.ts';
import { generateCovers, saveCover } from './service.ts';
import { MAX_IMAGE_BYTES } from './images.ts';
import { coverLimits } from '../../covers/limits.ts';
import { coverAdminRoutes } from './admin/routes.ts';

const tags = ['ai'];

/** Cover tools: image models, generation (text or image to image), save as cover, batch covers, metadata refresh; and the cover studio page (admin/). */
export function aiCoverRoutes(platform: BootedPlatform, auth: AuthPlugin, env: PageEnvironment, ai: AiProvider) {
  const { db, cache, log, objects } = platform;
  const deps = { db, cache, objects, log, coverLimits: coverLimits(platform.config.content.coverMaxDimension) };
  let sources: SourceClient | null = null;
  const sourceClient = () => (sources ??= createSourceClient(sourcesConfig(platform.config)));
  const recorder = (kind: string) => usageRecorder(db, log, kind, platform.clock);

  return new Elysia({ name: 'ai-covers' })
    .use(auth)
    .get('/api/admin/image-gen/models', async ({ request }) => {
      const client = ai.client();
      return { models: (await cachedModels(cache, client, { signal: request.signal })).image, default: client.imageModel };
    }, { auth: 'admin', response: { 200: ModelsResponse, ...errorAnswers(502, 503, 504) }, detail: { tags, summary: 'Image models of the AI service (cached 10 minutes)' } })
    .post('/api/admin/image-gen', async ({ request }) => {
      const client = ai.client();
      const input = await readGenerateRequest(request);
      const usage = recorder(input.reference ? 'image-edit' : 'image-gen');
      try {
        const result = await generateCovers(deps, client, input, { signal: request.signal, onUsage: usage.onUsage });
        usage.finish('done');
        return result;
      } catch (error) {
        usage.finish('failed');
        throw error;
      }
    }, {
      auth: 'admin',
      parse: 'none',
      response: { 200: GenerateResponse, ...errorAnswers(404, 502, 503, 504) },
      detail: {
        tags,
        summary: `Generate pictures: JSON {prompt, slug?, model?, n?} or multipart with a file \`reference\` (PNG, JPEG or WebP, ${MAX_IMAGE_BYTES / 1024 / 1024} MB) for image to image; each result has a cover_url and its base64`,
        requestBody: GenerateRequestBody,
      },
    })
    .post('/api/admin/image-gen/save-cover', async ({ body }) => {
      ai.client();
      return saveCover(deps, body.slug, body.image);
    }, { auth: 'admin', body: SaveCoverBody, response: { 200: SaveCoverResponse, ...errorAnswers(404, 503) }, detail: { tags, summary: 'Store a base64 picture (or data: URL) as the book cover, re-encoded to WebP with a thumbnail' } })
    .post('/api/admin/catalogue/batch-covers', async ({ body, request }) => {
      const client = ai.client();
      const usage = recorder('batch-covers');
      const events = await batchCovers(deps, client, { signal: request.signal, onUsage: usage.onUsage, model: body?.model || undefined });
      return sseFrames(finishing(events, usage), log, request.signal);
    }, { auth: 'admin', body: BatchBody, response: { 200: sseBody('`progress` {done, total, slug}, `error` {slug, error, message, status} per failed book, `done` {done, total, failed, cancelled}'), ...errorAnswers(409, 503) }, detail: { tags, summary: 'SSE: a cover for every book without one, one at a time: `progress` {done, total, slug}, `error` per failed book, `done` {done, total, failed, cancelled}; 409 while a batch runs' } })
    .post('/api/admin/catalogue/batch-covers/cancel', async () => {
      ai.client();
      return { cancelled: await cancelBatch(cache) };
    }, { auth: 'admin', response: { 200: CancelResponse, ...errorAnswers(503) }, detail: { tags, summary: 'Stop the running batch after its current book: {cancelled}' } })
    .post('/api/admin/catalogue/refresh-metadata/:slug', async ({ params, request }) => {
      ai.client();
      const book = await refreshTarget(deps, params.slug);
      return sseFrames(refreshMetadata(deps, sourceClient(), book, request.signal), log, request.signal);
    }, { auth: 'admin', params: SlugParams, response: { 200: sseBody('`progress` {slug, step}, `error` {slug, error, message, status} when the cover could not be read, `done` {slug, changed: {description, cover}, description, cover_url}'), ...errorAnswers(503) }, detail: { tags, summary: 'SSE: re-read description and cover from the book source: `progress`, `done` {slug, changed: {description, cover}, description, cover_url}; 400 for a book without a source' } })
    .use(coverAdminRoutes(platform, auth, env, ai));
}

/** Counts the batch's usage once the stream ends, however it ends. */
async function* finishing<T>(events: AsyncGenerator<T>, usage: { finish(outcome: 'done' | 'failed' | 'cancelled'): void }) {
  let outcome: 'done' | 'failed' | 'cancelled' = 'cancelled';
  try {
    yield* events;
    outcome = 'done';
  } catch (error) {
    outcome = 'failed';
    throw error;
  } finally {
    usage.finish(outcome);
  }
}
