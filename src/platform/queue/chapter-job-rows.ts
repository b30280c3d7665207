import { sql, type ColumnType, type Generated, type Kysely, type Selectable } from 'kysely';
import type { Database } from '../db/schema.ts';

/**
 * Per-chapter job state: a feature's table (audio_jobs, translation_jobs) holding what readers see
 * of a job, pending → running → done | failed, while the queue's `jobs` row with the SAME id runs
 * it. One row per chapter and `key` (a voice, a locale) is active at a time (the table's partial
 * unique index). chapterJobRows(spec) gives a feature its queries over its own table.
 */
type SharedColumn = 'id' | 'slug' | 'chapter' | 'status' | 'error' | 'requested_by' | 'created_at' | 'updated_at';

/** Tables of the schema that have every shared column. */
export type ChapterJobTable = { [T in keyof Database]: SharedColumn extends keyof Database[T] ? T : never }[keyof Database];

type StatusOf<Table> = Table extends { status: ColumnType<infer S, infer _Insert, infer _Update> } ? S : never;

export type ChapterTarget<K extends string> = { slug: string; chapter: number } & { [P in K]: string };

export interface ChapterJobSpec<T extends ChapterJobTable, K extends string> {
  table: T;
  /** With slug and chapter, names what the job makes: audio's voice, a translation's locale. */
  key: K;
  /** The state while the worker runs ('generating' for audio). */
  running: Exclude<StatusOf<Database[T]>, 'pending' | 'done' | 'failed'>;
  /** failOrphans' error for a row whose job no longer exists, was cancelled, or ended without a result. */
  orphaned: { lost: string; cancelled: string; ended: string };
}

/** The shared columns, as the queries below see each of these tables. */
interface SharedRow {
  id: Generated<string>;
  slug: string;
  chapter: number;
  status: ColumnType<string, string | undefined, string>;
  error: string | null;
  requested_by: string | null;
  created_at: ColumnType<Date, Date | string | undefined, Date | string>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}
type SharedView = Kysely<{ [T in ChapterJobTable]: SharedRow }>;

export type ChapterJobRows<T extends ChapterJobTable, K extends string> = ReturnType<typeof chapterJobRows<T, K>>;

export function chapterJobRows<T extends ChapterJobTable, K extends string>(spec: ChapterJobSpec<T, K>) {
  type Row = Selectable<Database[T]>;
  type Target = ChapterTarget<K>;
  // Widened from T: kysely resolves columns of a concrete table name, not of a type parameter.
  const table: ChapterJobTable = spec.table;
  const key = sql.ref(spec.key);
  const running: string = spec.running;
  // The one cast: each of these tables has the shared columns (ChapterJobTable), typed as SharedRow.
  const view = (db: Kysely<Database>) => db as unknown as SharedView;

  const ofTarget = (db: Kysely<Database>, t: Target) =>
    view(db).selectFrom(table).selectAll().where('slug', '=', t.slug).where('chapter', '=', t.chapter).where(key, '=', t[spec.key]);

  return {
    /** The newest job of a chapter and key. */
    latestJob(db: Kysely<Database>, t: Target): Promise<Row | undefined> {
      return ofTarget(db, t).orderBy('created_at', 'desc').limit(1).executeTakeFirst() as Promise<Row | undefined>;
    },

    /** The job of a chapter and key now pending or running (at most one). */
    activeJob(db: Kysely<Database>, t: Target): Promise<Row | undefined> {
      return ofTarget(db, t).where('status', 'in', ['pending', running]).executeTakeFirst() as Promise<Row | undefined>;
    },

    jobById(db: Kysely<Database>, id: string): Promise<Row | undefined> {
      return view(db).selectFrom(table).selectAll().where('id', '=', id).executeTakeFirst() as Promise<Row | undefined>;
    },

    /** The row of a queue job just enqueued; a duplicate (same id, or the same target active) is left alone. */
    async insertPending(db: Kysely<Database>, id: string, t: Target, requestedBy: string | null): Promise<void> {
      await view(db).insertInto(table).values({ id, ...t, status: 'pending', requested_by: requestedBy }).onConflict((oc) => oc.doNothing()).execute();
    },

    /**
     * The worker's first write: → running. An upsert, because the worker may start before the
     * request that enqueued the job has written its row (the enqueue commits first, so the runner
     * is woken at once). False when the row has already ended (done or failed): nothing to do.
     */
    async markRunning(db: Kysely<Database>, id: string, t: Target, requestedBy: string | null): Promise<boolean> {
      const row = await view(db)
        .insertInto(table)
        .values({ id, ...t, status: running, requested_by: requestedBy })
        .onConflict((oc) => oc.column('id').doUpdateSet({ status: running, updated_at: sql`now()` }).where(sql.ref(`${table}.status`), 'in', ['pending', running]))
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },

    markDone(db: Kysely<Database>, id: string): Promise<Row | undefined> {
      return view(db).updateTable(table).set({ status: 'done', error: null, updated_at: sql`now()` }).where('id', '=', id).returningAll().executeTakeFirst() as Promise<Row | undefined>;
    },

    markFailed(db: Kysely<Database>, id: string, error: string): Promise<Row | undefined> {
      return view(db).updateTable(table).set({ status: 'failed', error, updated_at: sql`now()` }).where('id', '=', id)
        .where('status', 'in', ['pending', running]).returningAll().executeTakeFirst() as Promise<Row | undefined>;
    },

    /**
     * Active rows whose queue job can no longer run them (out of attempts after a crash or a lost
     * worker, cancelled, pruned) become `failed`, keeping the queue's error. Limited to one target,
     * or every active row (few: the table's partial index of active rows holds only them).
     */
    async failOrphans(db: Kysely<Database>, t?: Target): Promise<Row[]> {
      const scope = t ? sql`and t2.slug = ${t.slug} and t2.chapter = ${t.chapter} and ${sql.ref(`t2.${spec.key}`)} = ${t[spec.key]}` : sql``;
      const { rows } = await sql<Row>`
        update ${sql.table(table)} t
        set status = 'failed', updated_at = now(), error = case
          when s.job_status is null then ${sql.lit(spec.orphaned.lost)}
          when s.job_status = 'cancelled' then ${sql.lit(spec.orphaned.cancelled)}
          else coalesce(s.job_error, ${sql.lit(spec.orphaned.ended)}) end
        from (
          select t2.id, j.status as job_status, j.error as job_error
          from ${sql.table(table)} t2 left join jobs j on j.id = t2.id
          where t2.status in ('pending', ${sql.lit(running)}) ${scope}
        ) s
        where t.id = s.id and (s.job_status is null or s.job_status in ('done', 'failed', 'cancelled'))
        returning t.*`.execute(db);
      return rows;
    },
  };
}
