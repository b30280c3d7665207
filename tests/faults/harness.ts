import { randomBytes } from 'node:crypto';
import type { Subprocess } from 'bun';
import { databaseUrl, withAdmin } from '../support/db.ts';
import { freePort, ROOT } from '../support/processes.ts';

/**
 * What every fault test needs: app processes started as an operator starts them (`bun src/main.ts`)
 * whose JSON log lines are kept for assertions, and which are always killed, however the test
 * ends (afterAll, and synchronously when the test process exits).
 */
export interface LogLine {
  level: string;
  msg: string;
  [field: string]: unknown;
}

export interface RunningApp {
  readonly child: Subprocess<'ignore', 'pipe', 'pipe'>;
  /** http://127.0.0.1:port (ROLE=worker: none). */
  readonly base: string;
  readonly port: number;
  /** Every JSON log line so far; `raw` keeps any line that was not JSON (a crash's trace). */
  logs(): LogLine[];
  raw(): string;
  waitForLog(match: (line: LogLine) => boolean, timeoutMs: number): Promise<LogLine>;
  /** Still running? (a crash would have ended it) */
  alive(): boolean;
  stop(): Promise<void>;
}

const running = new Set<Subprocess>();
process.on('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

export const FAULT_SECRET = 'fault-tests-auth-secret-long-enough-00000';

export async function startApp(env: Record<string, string>, options: { role?: 'all' | 'web' | 'worker'; readyTimeoutMs?: number } = {}): Promise<RunningApp> {
  const role = options.role ?? 'all';
  const port = await freePort();
  const child = Bun.spawn([process.execPath, 'src/main.ts'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'info', AUTH_SECRET: FAULT_SECRET, ...env, ROLE: role, PORT: String(port) },
    stdin: 'ignore',
    stdout: 'pipe',
    stderr: 'pipe',
  });
  running.add(child);
  void child.exited.then((code) => {
    running.delete(child);
    // A crash shows its last words in the test's output.
    if (code !== 0 && child.signalCode !== 'SIGKILL' && child.signalCode !== 'SIGTERM') console.error(`app (${role}) exited with ${code ?? child.signalCode}:\n${stderr.slice(-3000)}`);
  });
  let stderr = '';
  let stdout = '';
  const drain = async (stream: ReadableStream<Uint8Array>, add: (text: string) => void) => {
    const decoder = new TextDecoder();
    const reader = stream.getReader();
    for (let next = await reader.read(); !next.done; next = await reader.read()) add(decoder.decode(next.value, { stream: true }));
  };
  void drain(child.stderr, (text) => (stderr += text)).catch(() => {});
  void drain(child.stdout, (text) => (stdout += text)).catch(() => {});
  const logs = (): LogLine[] =>
    stderr
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .flatMap((line) => {
        try {
          return [JSON.parse(line) as LogLine];
        } catch {
          return [];
        }
      });
  const until = Date.now() + (options.readyTimeoutMs ?? 60_000);
  while (!stdout.includes('\n')) {
    if (child.exitCode !== null) throw new Error(`app exited at start (${child.exitCode}): ${stderr.slice(-2000)}`);
    if (Date.now() > until) throw new Error(`app did not start: ${stderr.slice(-2000)}`);
    await Bun.sleep(50);
  }
  return {
    child,
    base: `http://127.0.0.1:${port}`,
    port,
    logs,
    raw: () => stderr,
    async waitForLog(match, timeoutMs) {
      for (const end = Date.now() + timeoutMs; ; await Bun.sleep(100)) {
        const found = logs().find(match);
        if (found) return found;
        if (Date.now() > end) throw new Error(`no such log line within ${timeoutMs} ms; last lines: ${stderr.slice(-1500)}`);
      }
    },
    alive: () => child.exitCode === null && child.signalCode === null,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await child.exited;
      clearTimeout(timer);
    },
  };
}

/** Ends every app process still running: SIGTERM, then SIGKILL after 5 s. For afterAll. */
export async function stopAllApps(): Promise<void> {
  const children = [...running];
  for (const child of children) child.kill('SIGTERM');
  const timer = setTimeout(() => children.forEach((child) => child.kill('SIGKILL')), 5_000);
  await Promise.allSettled(children.map((child) => child.exited));
  clearTimeout(timer);
}

/** An empty PostgreSQL database on the shared server; the app migrates it at start. */
export async function emptyDatabase(label: string): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  const name = `chapterhouse_fault_${label}_${randomBytes(4).toString('hex')}`;
  await withAdmin((c) => c.query(`create database "${name}"`));
  return {
    name,
    url: databaseUrl(name),
    drop: () => withAdmin((c) => c.query(`drop database if exists "${name}" with (force)`)).then(() => {}),
  };
}

/** A JSON request with a reader's session header; answers status, body (parsed when JSON) and time taken. */
export async function call(base: string, path: string, init: { method?: string; body?: unknown; headers?: Record<string, string>; timeoutMs?: number } = {}) {
  const started = performance.now();
  const res = await fetch(`${base}${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: { accept: 'application/json', ...(init.body === undefined ? {} : { 'content-type': 'application/json' }), ...init.headers },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    signal: AbortSignal.timeout(init.timeoutMs ?? 30_000),
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {}
  return { status: res.status, body: body as Record<string, any>, text, ms: performance.now() - started, headers: res.headers };
}

/** Signs in through the debug login and answers the Authorization header of that user. */
export async function login(base: string, username: string, role = 'user'): Promise<Record<string, string>> {
  const res = await fetch(`${base}/api/auth/debug-login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token: DEBUG_TOKEN, username, role }),
  });
  if (res.status !== 200) throw new Error(`debug login answered ${res.status}: ${await res.text()}`);
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('auth_token='))!;
  return { authorization: `Bearer ${decodeURIComponent(cookie.slice('auth_token='.length).split(';')[0]!)}` };
}

export const DEBUG_TOKEN = 'fault-tests-debug-token';
