import pg from 'pg';

/**
 * Named prepared statements for the few queries that run on almost every request. PostgreSQL plans
 * an unnamed statement anew each time, and for a point read with sub-selects the planning costs
 * several times the execution (the reading query: about 20,000 a second prepared against 4,000
 * unprepared with pgbench on a 2-core machine). A query opts in by starting with
 * `/* prepared:<name> *\/` (see `preparedAs`); each pooled connection prepares it on first use.
 * Only fixed statement texts may opt in: every connection keeps each name for its lifetime.
 * PGlite reads the marker as the comment it is.
 */
const MARKER = /^\/\* prepared:([a-z0-9-]+) \*\//;

/** The opening comment that makes a raw SQL statement a named prepared statement on PostgreSQL. */
export function preparedAs(name: string): string {
  if (!/^[a-z0-9-]+$/.test(name)) throw new Error(`bad prepared statement name: ${name}`);
  return `/* prepared:${name} */`;
}

/** pg's Client, preparing marked statements (the pool makes its connections with it). */
export class PreparingClient extends pg.Client {
  override query(...args: unknown[]): any {
    const [text, values, callback] = args;
    if (typeof text === 'string' && typeof callback !== 'function') {
      const name = MARKER.exec(text)?.[1];
      if (name) return super.query({ name, text, values: values as unknown[] | undefined });
    }
    return (super.query as (...a: unknown[]) => unknown)(...args);
  }
}
