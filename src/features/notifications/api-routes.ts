import { Elysia } from 'elysia';
import type { Db } from '../../platform/db/index.ts';
import type { AuthPlugin, Caller } from '../../platform/http/auth.ts';
import { errorAnswers, NoContent } from '../../platform/http/api-schemas.ts';
import { badRequest, unauthorized } from '../../platform/http/errors.ts';
import {
  CreateBody, DEFAULT_LIMIT, DeletedResponse, IdParams, ListQuery, ListResponse, OneResponse, ReadBody, UpdatedResponse, UserQuery,
} from './model.ts';
import {
  clearAll, createNotification, dismiss, listNotifications, markAllRead, parseId, resolveTarget, setReadState, siteLink, type Actor,
} from './service.ts';

const tags = ['notifications'];
/** resolveTarget: another user's `user_id` is 403 for a reader, and 404 for an admin when no such user exists. */
const targetErrors = errorAnswers(403, 404);

/** The `auth` guard has answered 401 already; this narrows the type. */
function actorOf(caller: Caller): Actor {
  if (!caller.user) throw unauthorized();
  return { id: caller.user.id, admin: caller.user.role === 'admin' };
}

/**
 * "A call without user_id is 400 first" (decisions.md): a transform hook runs before validation
 * and before the auth guard, so the exact message comes ahead of 401 and 403.
 */
function requireUserId({ query }: { query: Record<string, unknown> }): void {
  if (typeof query.user_id !== 'string' || query.user_id.trim() === '') throw badRequest('user_id required');
}

/** /api/notifications: a user's notifications for the mobile client and scripts (docs/api.md). */
export function notificationsApiRoutes(db: Db, auth: AuthPlugin) {
  return new Elysia({ name: 'notifications-api' })
    .use(auth)
    .get('/api/notifications', async ({ query, caller }) => {
      const userId = await resolveTarget(db, actorOf(caller), query.user_id!);
      return listNotifications(db, userId, query.limit ?? DEFAULT_LIMIT, query.before);
    }, {
      transform: requireUserId,
      auth: 'user',
      query: ListQuery,
      response: { 200: ListResponse, ...targetErrors },
      detail: { tags, summary: 'A user\'s notifications, newest first (limit 1–100, default 50; before=<id> for older), with the unread count' },
    })
    .patch('/api/notifications', async ({ query, caller }) => {
      const userId = await resolveTarget(db, actorOf(caller), query.user_id!);
      return { updated: await markAllRead(db, userId) };
    }, {
      transform: requireUserId,
      auth: 'user',
      query: UserQuery,
      response: { 200: UpdatedResponse, ...targetErrors },
      detail: { tags, summary: 'Mark all of a user\'s notifications read; `updated` counts those that were unread' },
    })
    .delete('/api/notifications', async ({ query, caller }) => {
      const userId = await resolveTarget(db, actorOf(caller), query.user_id!);
      return { deleted: await clearAll(db, userId) };
    }, {
      transform: requireUserId,
      auth: 'user',
      query: UserQuery,
      response: { 200: DeletedResponse, ...targetErrors },
      detail: { tags, summary: 'Clear all of a user\'s notifications' },
    })
    .post('/api/notifications', async ({ query, body, caller, status }) => {
      const userId = await resolveTarget(db, actorOf(caller), query.user_id!);
      if (body.link != null && siteLink(body.link) === null) throw badRequest('link must be a site path starting with /');
      return status(201, { notification: await createNotification(db, { userId, ...body }) });
    }, {
      transform: requireUserId,
      auth: 'admin',
      query: UserQuery,
      body: CreateBody,
      response: { 201: OneResponse, ...targetErrors },
      detail: { tags, summary: 'Admins: send a user a notification {title, body?, link?} (201)' },
    })
    .patch('/api/notifications/:id', async ({ params, query, body, caller }) => {
      const actor = actorOf(caller);
      const owner = await resolveTarget(db, actor, query.user_id!);
      return { notification: await setReadState(db, actor, parseId(params.id), body.read, owner) };
    }, {
      transform: requireUserId,
      auth: 'user',
      params: IdParams,
      query: UserQuery,
      body: ReadBody,
      response: { 200: OneResponse, ...errorAnswers(403) },
      detail: { tags, summary: 'Mark one notification read or unread (404 when it is not yours)' },
    })
    .delete('/api/notifications/:id', async ({ params, query, caller }) => {
      const actor = actorOf(caller);
      const owner = await resolveTarget(db, actor, query.user_id!);
      await dismiss(db, actor, parseId(params.id), owner);
      return new Response(null, { status: 204 });
    }, {
      transform: requireUserId,
      auth: 'user',
      params: IdParams,
      query: UserQuery,
      response: { 204: NoContent, ...errorAnswers(403) },
      detail: { tags, summary: 'Dismiss one notification (204; 404 when unknown or not yours, admins may dismiss any)' },
    });
}
