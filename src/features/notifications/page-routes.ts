import { Elysia, t } from 'elysia';
import type { Db } from '../../platform/db/index.ts';
import type { AuthPlugin, CallerUser } from '../../platform/http/auth.ts';
import { pageContext, type PageEnvironment } from '../../platform/http/page.ts';
import { wantsHtmx } from '../../platform/http/request-context.ts';
import { htmlResponse } from '../../platform/http/respond.ts';
import { safeReturnPath } from '../../platform/http/safe-redirect.ts';
import { signedIn } from '../../platform/http/sign-in.ts';
import type { PageContext } from '../../platform/http/page-context.ts';
import { NotificationBadge, REFRESH_EVENT } from '../../../views/components/NotificationBell.tsx';
import { ClearConfirmPage } from '../../../views/pages/notifications/ClearConfirmPage.tsx';
import { NotificationItem } from '../../../views/pages/notifications/NotificationItem.tsx';
import { NotificationsPage } from '../../../views/pages/notifications/NotificationsPage.tsx';
import { NotificationsStatus } from '../../../views/pages/notifications/NotificationsStatus.tsx';
import type { Notice } from '../../../views/pages/notifications/types.ts';
import { ClearForm, IdParams, PAGE_SIZE, PageQuery } from './model.ts';
import { clearAll, dismiss, listNotifications, markAllRead, parseId, setReadState, statusOf, unreadCount, type Actor } from './service.ts';

const PRIVATE = { 'cache-control': 'private, no-cache' };
const see = (location: string) => new Response(null, { status: 303, headers: { location } });
const DONE = ['read-all', 'cleared', 'dismissed', 'read'] as const;
type Done = (typeof DONE)[number];
const isDone = (x: unknown): x is Done => (DONE as readonly unknown[]).includes(x);

function noticeOf(done: Done | null, ctx: PageContext): Notice | null {
  return done ? { level: 'ok', message: ctx.t(`notifications.done.${done}`) } : null;
}

/** An anonymous visitor goes to sign in first, and comes back to this page or the list. */
const pageSignIn = signedIn(({ request }) => {
  const url = new URL(request.url);
  return `${url.pathname}${url.search}`;
});
const actionSignIn = signedIn(() => '/notifications');

const actorOf = (user: CallerUser): Actor => ({ id: user.id, admin: user.role === 'admin' });

/** htmx answers tell the bell to ask for its count again (and may show a toast). */
function triggers(ctx: PageContext, done?: Done): Record<string, string> {
  const events: Record<string, unknown> = { [REFRESH_EVENT]: true };
  if (done) events['app:toast'] = { level: 'info', message: ctx.t(`notifications.done.${done}`) };
  return { ...PRIVATE, 'hx-trigger': JSON.stringify(events) };
}

async function renderPage(db: Db, ctx: PageContext, userId: string, options: { before?: number; done?: Done | null; htmx?: boolean }): Promise<Response> {
  const page = await listNotifications(db, userId, PAGE_SIZE, options.before);
  const html = NotificationsPage({
    ctx, notifications: page.notifications, unread: page.unread, hasMore: page.has_more, continued: options.before !== undefined, notice: noticeOf(options.done ?? null, ctx), now: new Date(),
  });
  return htmlResponse(html, 200, options.htmx ? triggers(ctx) : PRIVATE);
}

/** After an action on all notifications: the page again (htmx swaps its section), or a 303 back to it. */
function afterAll(db: Db, request: Request, env: PageEnvironment, userId: string, done: Done): Promise<Response> | Response {
  if (!wantsHtmx(request)) return see(`/notifications?done=${done}`);
  return renderPage(db, { ...pageContext(request, env), path: '/notifications' }, userId, { done, htmx: true });
}

/** /notifications (the page), its form targets and the bell's count fragment. */
export function notificationsPageRoutes(db: Db, auth: AuthPlugin, env: PageEnvironment) {
  return new Elysia({ name: 'notifications-pages' })
    .use(auth)
    .get('/notifications/badge', async ({ request, caller }) => {
      const ctx = pageContext(request, env);
      const count = caller.user ? await unreadCount(db, caller.user.id) : 0;
      return htmlResponse(NotificationBadge({ ctx, count }), 200, { 'cache-control': 'private, no-store' });
    }, { detail: { hide: true } })
    .get('/notifications', async ({ request, query, user }) => {
      const ctx = pageContext(request, env);
      // Read leniently: a bad cursor shows the first page, an unknown `done` no notice.
      const before = /^[1-9][0-9]{0,15}$/.test(query.before ?? '') ? Number(query.before) : undefined;
      return renderPage(db, ctx, user.id, { before, done: isDone(query.done) ? query.done : null });
    }, { auth: pageSignIn, query: PageQuery, detail: { hide: true } })
    .post('/notifications/read-all', async ({ request, user }) => {
      const userId = user.id;
      await markAllRead(db, userId);
      return afterAll(db, request, env, userId, 'read-all');
    }, { auth: actionSignIn, detail: { hide: true } })
    .post('/notifications/clear', async ({ request, body, user }) => {
      const userId = user.id;
      if (body?.confirmed !== '1') return htmlResponse(ClearConfirmPage({ ctx: pageContext(request, env) }), 200, PRIVATE);
      await clearAll(db, userId);
      return afterAll(db, request, env, userId, 'cleared');
    }, { auth: actionSignIn, body: t.Optional(ClearForm), detail: { hide: true } })
    .post('/notifications/:id/open', async ({ request, params, user }) => {
      const actor = actorOf(user);
      const notification = await setReadState(db, actor, parseId(params.id), true);
      // Stored links are site paths already (service.ts); checked again on the way out all the same.
      const link = notification.link === null ? null : safeReturnPath(notification.link, '/notifications');
      if (!wantsHtmx(request)) return see(link ?? '/notifications?done=read');
      if (link) return new Response(null, { status: 200, headers: { 'hx-redirect': link } });
      const ctx = { ...pageContext(request, env), path: '/notifications' };
      const status = await statusOf(db, notification.user_id);
      const html = (await NotificationItem({ ctx, notification, now: new Date() })) + (await NotificationsStatus({ ctx, ...status, oob: true }));
      return htmlResponse(html, 200, triggers(ctx));
    }, { auth: actionSignIn, params: IdParams, detail: { hide: true } })
    .post('/notifications/:id/dismiss', async ({ request, params, user }) => {
      const actor = actorOf(user);
      const id = parseId(params.id);
      await dismiss(db, actor, id);
      if (!wantsHtmx(request)) return see('/notifications?done=dismissed');
      // The item's place is emptied; the status line (count, actions) is replaced out of band.
      const ctx = { ...pageContext(request, env), path: '/notifications' };
      const status = await statusOf(db, actor.id);
      return htmlResponse(NotificationsStatus({ ctx, ...status, oob: true }), 200, triggers(ctx, 'dismissed'));
    }, { auth: actionSignIn, params: IdParams, detail: { hide: true } });
}
