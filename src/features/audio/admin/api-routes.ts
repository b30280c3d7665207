import { Elysia } from 'elysia';
import type { AuthPlugin } from '../../../platform/http/auth.ts';
import { CacheQuery, CacheResponse, DeleteParams, DeleteQuery, RemovedResponse } from './model.ts';
import { deleteTarget, listAudioCache, removeStoredAudio, type AudioAdminDeps } from './service.ts';

const tags = ['admin'];

/** GET /api/admin/audio-cache and DELETE /api/admin/audio-cache/{slug}/{n}?voice= (admins only). */
export function audioAdminApiRoutes(deps: AudioAdminDeps, auth: AuthPlugin) {
  return new Elysia({ name: 'audio-admin-api' })
    .use(auth)
    .get('/api/admin/audio-cache', ({ query, set }) => {
      set.headers['cache-control'] = 'private, no-store';
      return listAudioCache(deps.db, query);
    }, {
      auth: 'admin',
      query: CacheQuery,
      response: CacheResponse,
      detail: { tags, summary: 'Stored audio, newest first (keyset paging with `after`; optional `slug`), with the count and bytes of all of it' },
    })
    .delete('/api/admin/audio-cache/:slug/:n', async ({ params, query }) => {
      await removeStoredAudio(deps, deleteTarget(params.slug, params.n, query.voice));
      return { removed: true as const };
    }, {
      auth: 'admin',
      params: DeleteParams,
      query: DeleteQuery,
      response: RemovedResponse,
      detail: { tags, summary: 'Delete the stored audio of a chapter and voice (object and row); 404 when there is none' },
    });
}
