import { Elysia } from 'elysia';
import type { Platform } from '../../platform/index.ts';
import { checkReadiness } from './service.ts';
import { HealthResponse, NotReadyResponse, ReadyResponse } from './model.ts';

/** /healthz: the process answers. /readyz: database, cache and object store answer too. */
export function healthRoutes(platform: Pick<Platform, 'database' | 'cache' | 'objects'>) {
  return new Elysia({ name: 'health' })
    .get('/healthz', () => ({ status: 'ok' as const }), {
      response: HealthResponse,
      detail: { tags: ['health'], summary: 'The process is up' },
    })
    .get(
      '/readyz',
      async ({ set }) => {
        const { ready, checks } = await checkReadiness({
          database: () => platform.database.ping(),
          cache: () => platform.cache.ping(),
          objects: () => platform.objects.ping(),
        });
        if (ready) return { status: 'ready' as const, checks };
        set.status = 503;
        const failing = Object.keys(checks).filter((name) => checks[name] !== 'ok');
        return { error: 'unavailable' as const, message: `Not ready: ${failing.join(', ')} unreachable`, checks };
      },
      {
        response: { 200: ReadyResponse, 503: NotReadyResponse },
        detail: { tags: ['health'], summary: 'Database, cache and object store are reachable' },
      },
    );
}
