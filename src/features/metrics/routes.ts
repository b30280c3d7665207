import { timingSafeEqual } from 'node:crypto';
import { Elysia } from 'elysia';
import { jsonError } from '../../platform/http/respond.ts';
import { METRICS_CONTENT_TYPE, renderMetrics, type MetricsDeps } from './service.ts';

/**
 * GET /metrics for a Prometheus scraper holding METRICS_TOKEN. Without the setting the route does
 * not exist (the site's ordinary 404), so an instance never exposes its figures by accident.
 */
export function metricsRoutes(deps: MetricsDeps, token: string | null) {
  const plugin = new Elysia({ name: 'metrics' });
  if (!token) return plugin;
  return plugin.get(
    '/metrics',
    async ({ request }) => {
      if (!bearerMatches(request.headers.get('authorization'), token)) {
        return jsonError(401, 'A valid metrics token is required', 'unauthorized', { 'www-authenticate': 'Bearer realm="metrics"' });
      }
      return new Response(await renderMetrics(deps), { headers: { 'content-type': METRICS_CONTENT_TYPE, 'cache-control': 'no-store' } });
    },
    { detail: { tags: ['operations'], summary: 'Prometheus metrics of this instance (Bearer METRICS_TOKEN)' } },
  );
}

function bearerMatches(header: string | null, token: string): boolean {
  const given = Buffer.from(header?.match(/^Bearer\s+(\S+)\s*$/i)?.[1] ?? '');
  const wanted = Buffer.from(token);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}
