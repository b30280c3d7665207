import { sql, type Kysely } from 'kysely';

// The durable job queue: a job is a row any worker process can claim under a lease.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table jobs (
      id uuid primary key default gen_random_uuid(),
      kind text not null check (kind ~ '^[a-z][a-z0-9_.-]*$'),
      payload jsonb not null default '{}'::jsonb,
      status text not null default 'queued' check (status in ('queued', 'running', 'done', 'failed', 'cancelled')),
      priority integer not null default 0,
      attempts integer not null default 0 check (attempts >= 0),
      max_attempts integer not null default 5 check (max_attempts >= 1),
      run_at timestamptz not null default now(),
      lease_until timestamptz,
      locked_by text,
      progress real not null default 0 check (progress between 0 and 1),
      result jsonb,
      error text,
      cancel_requested boolean not null default false,
      dedupe_key text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      finished_at timestamptz
    )`.execute(db);
  // What a worker asks for: the next runnable job of its kinds.
  await sql`create index jobs_claim_idx on jobs (kind, priority desc, run_at) where status = 'queued'`.execute(db);
  // Expired leases of dead workers.
  await sql`create index jobs_lease_idx on jobs (lease_until) where status = 'running'`.execute(db);
  await sql`create unique index jobs_dedupe_idx on jobs (kind, dedupe_key) where dedupe_key is not null and status in ('queued', 'running')`.execute(db);
  await sql`create index jobs_recent_idx on jobs (created_at desc)`.execute(db);
}
