import { Elysia } from 'elysia';
import { setRouteOf } from '../request-context.ts';

/**
 * Notes the matched route pattern on each request for the request metrics (server.ts reads it).
 * Set at transform (before validation and guards, so refused requests are labelled too) and
 * again on error, which also covers bodies that failed to parse before transform ran.
 */
export function routeLabels() {
  return new Elysia({ name: 'route-labels' })
    .onTransform({ as: 'global' }, ({ request, route }) => setRouteOf(request, route))
    .onError({ as: 'global' }, ({ request, route }) => {
      if (route) setRouteOf(request, route);
    });
}
