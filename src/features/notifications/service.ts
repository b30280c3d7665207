import type { Db } from '../../platform/db/index.ts';
import { badRequest, forbidden, notFound } from '../../platform/http/errors.ts';
import { KEEP_PER_USER, type Notification } from './model.ts';
import { cleanNotification } from './text.ts';
import * as q from './queries.ts';

export { siteLink } from './text.ts';

/** What a feature tells a user: a short title, an optional line of body text and a site path to open. */
export interface NewNotification {
  userId: string;
  title: string;
  body?: string;
  /** A site path ("/book/x/3#comment-12"); never an outside URL. */
  link?: string | null;
}

/** Who acts on notifications: the user themselves, or an admin acting on anyone's. */
export interface Actor {
  id: string;
  admin: boolean;
}

export function toNotification(row: q.NotificationRow): Notification {
  return { id: Number(row.id), user_id: row.user_id, title: row.title, body: row.body, link: row.link, read: row.read, created: new Date(row.created_at).toISOString() };
}

/**
 * The helper every feature (comments, jobs, imports, payments) calls to notify a user. The title is
 * trimmed and cut to 200 characters, the body to 2,000; a link that is not a site path is dropped
 * (stored as null), so a notification can never send a reader to another site. A blank title is a
 * programming error (400 when it comes through the API). The user keeps their newest 500.
 * Pass a transaction as `db` to notify only if the caller's own change commits.
 */
export async function notify(db: Db, notification: NewNotification): Promise<void> {
  await createNotification(db, notification);
}

/** notify(), answering the stored notification. */
export async function createNotification(db: Db, notification: NewNotification): Promise<Notification> {
  const row = await q.insertOne(db, notification.userId, cleanNotification(notification));
  await q.trimTo(db, [notification.userId], KEEP_PER_USER);
  return toNotification(row);
}

/**
 * A notification that gathers: while the user has not read the one on `topic`, each new `item`
 * joins it (written anew from all its items, and moved to the top) instead of adding another.
 */
export async function notifyGathered(db: Db, userId: string, topic: string, item: number, write: (items: number[]) => Omit<NewNotification, 'userId'>): Promise<void> {
  const { id, items } = await q.gatherInto(db, userId, topic, item);
  await q.rewrite(db, id, cleanNotification(write(items)));
  await q.trimTo(db, [userId], KEEP_PER_USER);
}

/**
 * The same notification for every admin (one insert…select), e.g. from a job runner that has no
 * initiating user to tell. Returns how many admins it reached.
 */
export async function notifyAdmins(db: Db, notification: Omit<NewNotification, 'userId'>): Promise<number> {
  const reached = await q.insertForAdmins(db, cleanNotification(notification));
  await q.trimTo(db, reached, KEEP_PER_USER);
  return reached.length;
}

/** The bell's figure: one index-only count. */
export function unreadCount(db: Db, userId: string): Promise<number> {
  return q.countUnread(db, userId);
}

/** What the page's status line needs after an action on one item. */
export async function statusOf(db: Db, userId: string): Promise<{ unread: number; any: boolean }> {
  const unread = await q.countUnread(db, userId);
  return { unread, any: unread > 0 || (await q.hasAny(db, userId)) };
}

export interface NotificationPage {
  notifications: Notification[];
  unread: number;
  has_more: boolean;
}

/** Newest first, `limit` at a time, older than the id `before` when given. */
export async function listNotifications(db: Db, userId: string, limit: number, before?: number): Promise<NotificationPage> {
  const rows = await q.listPage(db, userId, limit + 1, before);
  const unread = await q.countUnread(db, userId);
  return { notifications: rows.slice(0, limit).map(toNotification), unread, has_more: rows.length > limit };
}

export function markAllRead(db: Db, userId: string): Promise<number> {
  return q.markAllRead(db, userId);
}

export function clearAll(db: Db, userId: string): Promise<number> {
  return q.deleteAll(db, userId);
}

/** "12" → 12; anything that is not a positive whole id is 400 before the database sees it. */
export function parseId(raw: string): number {
  const id = /^[1-9][0-9]{0,15}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(id)) throw badRequest('id must be a notification id');
  return id;
}

/**
 * Another user's notification is 404 (like another user's session): its existence is not
 * revealed. Admins may act on anyone's. `owner` (a resolved user_id, when the client sent one)
 * must match too.
 */
async function ownedBy(db: Db, actor: Actor, id: number, owner?: string): Promise<q.NotificationRow> {
  const row = await q.findOne(db, id);
  if (!row || (row.user_id !== actor.id && !actor.admin) || (owner !== undefined && row.user_id !== owner)) throw notFound('Notification not found');
  return row;
}

export async function setReadState(db: Db, actor: Actor, id: number, read: boolean, owner?: string): Promise<Notification> {
  await ownedBy(db, actor, id, owner);
  const row = await q.setRead(db, id, read);
  if (!row) throw notFound('Notification not found');
  return toNotification(row);
}

export async function dismiss(db: Db, actor: Actor, id: number, owner?: string): Promise<void> {
  await ownedBy(db, actor, id, owner);
  await q.deleteOne(db, id);
}

/** Marks it read and answers where to go: its link, or null when it has none. */
export async function openNotification(db: Db, actor: Actor, id: number): Promise<string | null> {
  return (await setReadState(db, actor, id, true)).link;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whose notifications a `user_id` call names, after the 400 (missing) and 401 (anonymous) checks:
 * one's own, or anyone's for an admin. A malformed id never reaches the uuid cast: it is 403 for
 * a non-admin (it cannot be theirs) and 400 for an admin; an unknown user is 404 for an admin.
 */
export async function resolveTarget(db: Db, actor: Actor, userId: string): Promise<string> {
  const wanted = userId.trim().toLowerCase();
  if (wanted === actor.id.toLowerCase()) return actor.id;
  if (!actor.admin) throw forbidden('You can only see your own notifications');
  if (!UUID.test(wanted)) throw badRequest('user_id must be a user id');
  if (!(await q.userExists(db, wanted))) throw notFound('User not found');
  return wanted;
}
