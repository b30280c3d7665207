import pg from 'pg';
import { COUNT_SQL, readCounts } from './manifest.ts';

/** Runs a program to its end; throws with its standard error when it fails. */
export async function run(command: string[]): Promise<void> {
  const child = Bun.spawn(command, { stdout: 'inherit', stderr: 'pipe' });
  const [code, stderr] = await Promise.all([child.exited, new Response(child.stderr).text()]);
  if (code !== 0) throw new Error(`${command[0]} failed (exit ${code}): ${stderr.trim()}`);
}

async function withClient<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/**
 * pg_dump in custom format while the app keeps running. The counts come from a transaction whose
 * snapshot pg_dump is handed (--snapshot), so the manifest describes exactly the dumped data.
 */
export async function dumpPostgres(url: string, file: string) {
  return withClient(url, async (client) => {
    await client.query('begin isolation level repeatable read read only');
    const snapshot = (await client.query<{ id: string }>('select pg_export_snapshot() as id')).rows[0]!.id;
    const figures = readCounts((await client.query(COUNT_SQL)).rows[0]);
    await run(['pg_dump', '--format=custom', '--no-owner', '--no-privileges', `--snapshot=${snapshot}`, `--file=${file}`, `--dbname=${url}`]);
    await client.query('commit');
    return figures;
  });
}

/** Into an empty database only: restoring over live data would mix two histories. */
export async function restorePostgres(url: string, file: string): Promise<void> {
  const tables = await withClient(url, async (c) => (await c.query<{ n: number }>(`select count(*)::int as n from pg_tables where schemaname = 'public'`)).rows[0]!.n);
  if (tables > 0) throw new Error(`the database of DATABASE_URL is not empty (${tables} tables): restore into a new, empty database`);
  await run(['pg_restore', '--no-owner', '--no-privileges', '--exit-on-error', `--dbname=${url}`, file]);
}

export async function countPostgres(url: string) {
  return withClient(url, async (client) => readCounts((await client.query(COUNT_SQL)).rows[0]));
}
