import { sql, type Selectable } from 'kysely';
import type { Db } from '../../platform/db/index.ts';
import type { ScrapeTaskKind, ScrapeTasksTable, TaskStatus } from '../../platform/db/schema.ts';
import type { TaskDetail } from './model.ts';

export type ScrapeTaskRow = Selectable<ScrapeTasksTable>;

export interface NewTask {
  kind: ScrapeTaskKind;
  url: string | null;
  source: string;
  bookSlug: string | null;
  from: number | null;
  to: number | null;
  initiatorId: string | null;
  detail: TaskDetail;
}

export function insertTask(db: Db, task: NewTask) {
  return db
    .insertInto('scrape_tasks')
    .values({
      kind: task.kind,
      url: task.url,
      source: task.source,
      book_slug: task.bookSlug,
      from_chapter: task.from,
      to_chapter: task.to,
      initiator_id: task.initiatorId,
      detail: JSON.stringify(task.detail),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function setJob(db: Db, id: string, jobId: string) {
  return db.updateTable('scrape_tasks').set({ job_id: jobId }).where('id', '=', id).execute();
}

export function taskById(db: Db, id: string) {
  return db.selectFrom('scrape_tasks').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A task of the same kind on the same URL still waiting or running (a second click joins it). */
export function activeTaskFor(db: Db, kind: ScrapeTaskKind, url: string | null) {
  let query = db.selectFrom('scrape_tasks').selectAll().where('kind', '=', kind).where('status', 'in', ['pending', 'running']);
  query = url === null ? query.where('url', 'is', null) : query.where('url', '=', url);
  return query.orderBy('created_at', 'desc').executeTakeFirst();
}

export function anyActiveTask(db: Db) {
  return db.selectFrom('scrape_tasks').select(['id', 'status']).where('status', 'in', ['pending', 'running']).limit(1).executeTakeFirst();
}

/** Every task waiting or running, oldest first (the queue's order). */
export function activeTasks(db: Db) {
  return db.selectFrom('scrape_tasks').select(['id', 'status', 'url', 'created_at']).where('status', 'in', ['pending', 'running']).orderBy('created_at').orderBy('id').execute();
}

export function recentTasks(db: Db, limit: number, bookSlug?: string) {
  let query = db.selectFrom('scrape_tasks').selectAll().orderBy('created_at', 'desc').orderBy('id').limit(limit);
  if (bookSlug) query = query.where('book_slug', '=', bookSlug);
  return query.execute();
}

export function markRunning(db: Db, id: string) {
  return db
    .updateTable('scrape_tasks')
    .set({ status: 'running', started_at: sql`coalesce(started_at, now())`, updated_at: sql`now()` })
    .where('id', '=', id)
    .where('status', 'in', ['pending', 'running'])
    .returningAll()
    .executeTakeFirst();
}

export function saveProgress(db: Db, id: string, values: { progress: number; detail: TaskDetail; bookSlug?: string | null }) {
  return db
    .updateTable('scrape_tasks')
    .set({
      progress: Math.min(1, Math.max(0, values.progress)),
      detail: JSON.stringify(values.detail),
      ...(values.bookSlug !== undefined ? { book_slug: values.bookSlug } : {}),
      updated_at: sql`now()`,
    })
    .where('id', '=', id)
    .execute();
}

/** The end of a task; only a task still pending or running ends (a cancelled one stays so). */
export function finishTask(db: Db, id: string, status: Exclude<TaskStatus, 'pending' | 'running'>, values: { detail?: TaskDetail; error?: string | null; progress?: number }) {
  return db
    .updateTable('scrape_tasks')
    .set({
      status,
      ...(values.detail ? { detail: JSON.stringify(values.detail) } : {}),
      ...(values.progress !== undefined ? { progress: values.progress } : {}),
      error: values.error ?? null,
      finished_at: sql`now()`,
      updated_at: sql`now()`,
    })
    .where('id', '=', id)
    .where('status', 'in', ['pending', 'running'])
    .returningAll()
    .executeTakeFirst();
}

/** Source books that are ongoing, least recently checked first (books_update_check_idx). */
export function ongoingSourceBooks(db: Db, limit: number) {
  return db
    .selectFrom('books')
    .select(['slug', 'title', 'source_url'])
    .where('status', '=', 'ongoing')
    .where('source_key', 'is not', null)
    .orderBy(sql`last_checked_at nulls first`)
    .orderBy('slug')
    .limit(limit)
    .execute();
}

export function allSourceBooks(db: Db) {
  return db.selectFrom('books').select(['slug', 'title', 'source_url']).where('source_key', 'is not', null).where('source_url', 'is not', null).orderBy('slug').execute();
}

export async function countSourceBooks(db: Db): Promise<number> {
  const row = await db.selectFrom('books').select((eb) => eb.fn.countAll<string>().as('n')).where('source_key', 'is not', null).where('source_url', 'is not', null).executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The source page a book was scraped from: undefined for no such book, null for a book not scraped. */
export async function sourceUrlOf(db: Db, slug: string): Promise<string | null | undefined> {
  const row = await db.selectFrom('books').select('source_url').where('slug', '=', slug).executeTakeFirst();
  return row ? row.source_url : undefined;
}

export function markChecked(db: Db, slug: string) {
  return db.updateTable('books').set({ last_checked_at: sql`now()` }).where('slug', '=', slug).execute();
}

/** Readers who saved the book (one notification each per update run). */
/** Who saved the book, with the language they read in (one query, whatever their number). */
export function saversOf(db: Db, slug: string): Promise<{ user_id: string; locale: string | null }[]> {
  return db
    .selectFrom('user_library as l')
    .leftJoin('user_settings as s', 's.user_id', 'l.user_id')
    .select(['l.user_id', 's.locale'])
    .where('l.slug', '=', slug)
    .execute();
}

/**
 * One book at a time per source host, across processes: a lease row per host. Taken when free or
 * expired (a dead worker's lease runs out), renewed while the task works, released at its end.
 */
export async function takeHost(db: Db, host: string, taskId: string, seconds: number): Promise<boolean> {
  const row = await sql<{ task_id: string }>`
    insert into scrape_hosts (host, task_id, until) values (${host}, ${taskId}, now() + make_interval(secs => ${seconds}::float8))
    on conflict (host) do update set task_id = excluded.task_id, until = excluded.until
    where scrape_hosts.until < now() or scrape_hosts.task_id = excluded.task_id
    returning task_id`.execute(db);
  return row.rows.length > 0;
}

export async function lockTaskCreation(db: Db): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext('chapterhouse:scrape-tasks'))`.execute(db);
}

/** A task waiting or running for this book page, if any. */
export function activeTaskOfUrl(db: Db, url: string) {
  return db.selectFrom('scrape_tasks').select(['id', 'status']).where('status', 'in', ['pending', 'running']).where('url', '=', url).limit(1).executeTakeFirst();
}

/** The task holding a host's lease (whatever its expiry: only read to say whom a task waits for). */
export async function hostHolder(db: Db, host: string): Promise<string | undefined> {
  return (await db.selectFrom('scrape_hosts').select('task_id').where('host', '=', host).executeTakeFirst())?.task_id;
}

export function releaseHost(db: Db, host: string, taskId: string) {
  return db.deleteFrom('scrape_hosts').where('host', '=', host).where('task_id', '=', taskId).execute();
}

/** An admin asked to cancel this task's job (read between chapters: faster than the lease's heartbeat). */
export async function cancelRequested(db: Db, jobId: string): Promise<boolean> {
  const row = await db.selectFrom('jobs').select('cancel_requested').where('id', '=', jobId).executeTakeFirst();
  return row?.cancel_requested === true;
}
