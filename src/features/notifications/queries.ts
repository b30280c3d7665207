import { sql, type Transaction } from 'kysely';
import type { Database, Db } from '../../platform/db/index.ts';

export type Executor = Db | Transaction<Database>;

export interface NotificationRow {
  id: number;
  user_id: string;
  title: string;
  body: string;
  link: string | null;
  read: boolean;
  created_at: Date | string;
}

const COLUMNS = ['id', 'user_id', 'title', 'body', 'link', 'read', 'created_at'] as const;

export interface NewRow {
  title: string;
  body: string;
  link: string | null;
}

export async function insertOne(db: Executor, userId: string, row: NewRow): Promise<NotificationRow> {
  return db.insertInto('notifications').values({ user_id: userId, ...row }).returning(COLUMNS).executeTakeFirstOrThrow() as Promise<NotificationRow>;
}

/**
 * The unread notification of a user on `topic` gathers `item` (one statement, on the unique index of
 * migration 20261201000200: two writers on one topic meet in the same row). Answers its id and items.
 */
export async function gatherInto(db: Executor, userId: string, topic: string, item: number): Promise<{ id: number; items: number[] }> {
  const result = await sql<{ id: number; items: number[] }>`
    insert into notifications (user_id, title, topic, items) values (${userId}, ${topic}, ${topic}, array[${item}::int])
    on conflict (user_id, topic) where read = false and topic is not null do update
      set items = (select array_agg(distinct i order by i) from unnest(notifications.items || excluded.items) as i),
          created_at = now()
    returning id, items`.execute(db);
  const row = result.rows[0]!;
  return { id: Number(row.id), items: row.items.map(Number) };
}

export async function rewrite(db: Executor, id: number, row: NewRow): Promise<void> {
  await db.updateTable('notifications').set(row).where('id', '=', id).execute();
}

/** One row per admin in one statement (app_users_admins_idx); returns whom it reached. */
export async function insertForAdmins(db: Executor, row: NewRow): Promise<string[]> {
  const result = await sql<{ user_id: string }>`
    insert into notifications (user_id, title, body, link)
    select id, ${row.title}, ${row.body}, ${row.link} from app_users where role = 'admin'
    returning user_id`.execute(db);
  return result.rows.map((r) => r.user_id);
}

/**
 * Keeps each listed user's newest `keep` notifications: finds the first id past them by walking
 * notifications_user_id_idx (at most keep + 1 index entries per user) and deletes from there down.
 */
export async function trimTo(db: Executor, userIds: readonly string[], keep: number): Promise<number> {
  if (userIds.length === 0) return 0;
  const result = await sql`
    delete from notifications n
    using (
      select u.user_id, cut.id as cut_id
      from unnest(${[...userIds]}::uuid[]) as u (user_id)
      cross join lateral (
        select id from notifications where user_id = u.user_id order by id desc offset ${keep} limit 1
      ) cut
    ) c
    where n.user_id = c.user_id and n.id <= c.cut_id`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

/** Newest first; `before` is an id cursor. Reads notifications_user_id_idx in order. */
export function listPage(db: Executor, userId: string, limit: number, before?: number): Promise<NotificationRow[]> {
  let query = db.selectFrom('notifications').select(COLUMNS).where('user_id', '=', userId);
  if (before !== undefined) query = query.where('id', '<', before);
  return query.orderBy('id', 'desc').limit(limit).execute() as Promise<NotificationRow[]>;
}

/**
 * The bell's count: an index-only scan of the partial index notifications_unread_idx, which holds
 * only unread rows. The table keeps at most 500 rows per user, so the count is bounded too.
 */
export async function countUnread(db: Executor, userId: string): Promise<number> {
  const row = await db
    .selectFrom('notifications')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('user_id', '=', userId)
    .where(sql<boolean>`not read`)
    .executeTakeFirstOrThrow();
  return row.n;
}

export async function hasAny(db: Executor, userId: string): Promise<boolean> {
  return (await db.selectFrom('notifications').select('id').where('user_id', '=', userId).limit(1).executeTakeFirst()) !== undefined;
}

export async function findOne(db: Executor, id: number): Promise<NotificationRow | null> {
  return ((await db.selectFrom('notifications').select(COLUMNS).where('id', '=', id).executeTakeFirst()) as NotificationRow | undefined) ?? null;
}

/** Returns how many were unread before (so a repeat answers 0). */
export async function markAllRead(db: Executor, userId: string): Promise<number> {
  const result = await db.updateTable('notifications').set({ read: true }).where('user_id', '=', userId).where(sql<boolean>`not read`).executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function setRead(db: Executor, id: number, read: boolean): Promise<NotificationRow | null> {
  const row = await db.updateTable('notifications').set({ read }).where('id', '=', id).returning(COLUMNS).executeTakeFirst();
  return (row as NotificationRow | undefined) ?? null;
}

export async function deleteAll(db: Executor, userId: string): Promise<number> {
  const result = await db.deleteFrom('notifications').where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function deleteOne(db: Executor, id: number): Promise<number> {
  const result = await db.deleteFrom('notifications').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Whether an account exists: an admin may address any user, and the insert must not hit the foreign key. */
export async function userExists(db: Executor, userId: string): Promise<boolean> {
  return (await db.selectFrom('app_users').select('id').where('id', '=', userId).executeTakeFirst()) !== undefined;
}
