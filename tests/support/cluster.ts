import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Subprocess } from 'bun';
import { createPostgresTestDatabase, type TestDatabase } from './db.ts';
import { testRedisUrl } from './cache.ts';
import { DEBUG_TOKEN } from './auth.ts';
import { freePort, ROOT } from './processes.ts';
import { startS3rver, type S3rverHandle } from './s3rver.ts';

/**
 * Several `bun src/main.ts` processes as an operator runs them to scale out: `ROLE=web` and
 * `ROLE=worker` sharing one PostgreSQL database, one Redis and one S3 bucket (s3rver). Each process
 * has a piped stdin and preloads die-with-parent.ts, so it stops when the test process goes away
 * even if afterAll never runs. Its stderr (JSON log lines) is drained and kept for failure reports.
 */
export interface Member {
  role: 'web' | 'worker';
  child: Subprocess<'pipe', 'pipe', 'pipe'>;
  /** http://127.0.0.1:<port> for a web member. */
  base: string;
  /** The last lines it wrote to stderr. */
  log: string[];
}

export interface Cluster {
  webs: Member[];
  workers: Member[];
  db: TestDatabase & { url: string };
  s3: S3rverHandle;
  bucket: string;
  redisUrl: string;
  stop(): Promise<void>;
}

export interface ClusterOptions {
  webs?: number;
  workers?: number;
  /** Extra environment for every member (AI_BASE_URL, SOURCE_BASE_URL, …). */
  env?: Record<string, string>;
  /** Runs on the database before any member starts (a catalogue to work on). */
  prepare?: (db: TestDatabase) => Promise<void>;
}

/**
 * Redis database 7: the app writes unprefixed keys (its session checks, free-tier sets), kept away
 * from other tests' keys; every key it writes holds random ids and expires. Pub/sub channels are
 * shared by all Redis databases: a stray wake-up from another test only makes a runner look.
 */
const REDIS_DB = 7;
export const CLUSTER_AUTH_SECRET = 'cluster-test-secret-that-is-long-enough-0000';

export async function startCluster(options: ClusterOptions = {}): Promise<Cluster> {
  const members: Member[] = [];
  const dataDir = mkdtempSync(join(tmpdir(), 'chapterhouse-cluster-'));
  let db: (TestDatabase & { url: string }) | undefined;
  let s3: S3rverHandle | undefined;
  const stop = async () => {
    await Promise.allSettled(members.map(async (m) => {
      m.child.kill('SIGTERM');
      const ended = await Promise.race([m.child.exited, Bun.sleep(10_000).then(() => null)]);
      if (ended === null) m.child.kill('SIGKILL');
      await m.child.exited;
    }));
    await Promise.allSettled([db?.close(), s3?.stop()]);
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    [db, s3] = await Promise.all([createPostgresTestDatabase(), startS3rver()]);
    await options.prepare?.(db);
    const bucket = `cluster-${randomBytes(5).toString('hex')}`;
    const redisUrl = `${testRedisUrl()}/${REDIS_DB}`;
    const env: Record<string, string> = {
      DATABASE_URL: db.url,
      REDIS_URL: redisUrl,
      S3_ENDPOINT: s3.endpoint,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      AUTH_SECRET: CLUSTER_AUTH_SECRET,
      DEBUG_LOGIN_TOKEN: DEBUG_TOKEN,
      DATA_DIR: dataDir,
      SEED_DEMO: '0',
      TTS_ENGINES: 'espeak',
      LOG_LEVEL: 'warn',
      ...options.env,
    };
    const roles = [...Array<'worker'>(options.workers ?? 2).fill('worker'), ...Array<'web'>(options.webs ?? 2).fill('web')];
    await Promise.all(roles.map(async (role) => spawnMember(role, env, await freePort(), members)));
    return {
      webs: members.filter((m) => m.role === 'web'),
      workers: members.filter((m) => m.role === 'worker'),
      db,
      s3,
      bucket,
      redisUrl,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

async function spawnMember(role: Member['role'], env: Record<string, string>, port: number, members: Member[]): Promise<Member> {
  const child = Bun.spawn([process.execPath, '--preload', join(ROOT, 'tests/support/die-with-parent.ts'), 'src/main.ts'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', ...env, ROLE: role, PORT: String(port) },
    stdin: 'pipe',
    stdout: 'pipe',
    stderr: 'pipe',
  });
  const member: Member = { role, child, base: `http://127.0.0.1:${port}`, log: [] };
  members.push(member);
  void drain(child.stderr, (line) => {
    member.log.push(line);
    if (member.log.length > 200) member.log.shift();
  });
  const ready = new Promise<void>((ok, fail) => {
    void drain(child.stdout, (line) => {
      if (/Chapterhouse (is ready|worker is running)/.test(line)) ok();
    }).then(() => fail(new Error(`${role} on port ${port} exited before it was ready (code ${child.exitCode}):\n${member.log.slice(-20).join('\n')}`)));
  });
  await Promise.race([ready, Bun.sleep(60_000).then(() => Promise.reject(new Error(`${role} on port ${port} did not start in 60 s`)))]);
  return member;
}

/** Reads a stream to its end line by line, so the child never blocks on a full pipe. */
async function drain(stream: ReadableStream<Uint8Array>, onLine: (line: string) => void): Promise<void> {
  const decoder = new TextDecoder();
  let pending = '';
  const reader = stream.getReader();
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    pending += decoder.decode(read.value, { stream: true });
    let newline: number;
    while ((newline = pending.indexOf('\n')) >= 0) {
      onLine(pending.slice(0, newline));
      pending = pending.slice(newline + 1);
    }
  }
  if (pending) onLine(pending);
}

/** Lines the members logged at warn or error, for a failing assertion's message. */
export function clusterLog(cluster: Cluster, last = 20): string {
  return [...cluster.webs, ...cluster.workers].map((m, i) => `--- ${m.role} ${i}\n${m.log.slice(-last).join('\n')}`).join('\n');
}
