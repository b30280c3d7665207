import { Elysia } from 'elysia';
import type { AuthPlugin } from '../../../platform/http/auth.ts';
import { errorAnswers, NoContent } from '../../../platform/http/api-schemas.ts';
import { signedInUser, type AccountsDeps } from '../service.ts';
import { SessionParams, SessionsResponse } from './model.ts';
import { listSessions } from './queries.ts';
import { revokeSession } from './service.ts';

/** /api/sessions: the caller's signed-in devices, and signing one out (docs/api.md, Identity). */
export function sessionRoutes(deps: AccountsDeps, auth: AuthPlugin) {
  return new Elysia({ name: 'accounts-sessions' })
    .use(auth)
    .get('/api/sessions', async ({ caller }) => {
      const user = signedInUser(caller);
      const rows = await listSessions(deps.db, user.id);
      return {
        sessions: rows.map((s) => ({ id: s.id, user_agent: s.user_agent, ip: s.ip, created: new Date(s.created).toISOString(), last_seen: new Date(s.last_seen).toISOString(), current: s.id === caller.sessionId })),
      };
    }, { response: { 200: SessionsResponse, ...errorAnswers(401) }, detail: { tags: ['auth'], summary: "The caller's signed-in devices" } })
    .delete('/api/sessions/:id', async ({ user, params }) => {
      await revokeSession(deps.db, deps.cache, user.id, params.id);
      return new Response(null, { status: 204 });
    }, { auth: 'user', params: SessionParams, response: { 204: NoContent }, detail: { tags: ['auth'], summary: 'Sign a device out (204; 404 for an unknown id)' } });
}
