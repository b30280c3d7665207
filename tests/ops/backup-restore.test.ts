import { afterAll, describe, expect, test } from 'bun:test';
import { withRealServers } from '../support/servers.ts';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createHandler } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { seedDemoCatalogue } from '../../src/features/demo/seed.ts';
import { bootPlatform, type BootedPlatform } from '../../src/platform/boot.ts';
import { loadAssets } from '../../src/platform/http/assets.ts';
import { silentLogger } from '../../src/platform/log.ts';
import type { Manifest } from '../../scripts/backup/manifest.ts';
import { databaseUrl, withAdmin } from '../support/db.ts';
import { sharedS3rver } from '../support/objects.ts';

// scripts/backup.sh and scripts/restore.sh (docs/operations.md, "Backup and restore"): what a
// reader left behind is there again after a restore into a new database and object store.
const ROOT = resolve(import.meta.dir, '../..');
const DEBUG_TOKEN = 'debug-login-token-for-backups-0123';
const SLUG = 'ink-and-alibis';
const AUDIO_KEY = `audio/${SLUG}/2/espeak-en-us.mp3`;
const AUDIO = new Uint8Array(randomBytes(70_000));
const COMMENT = 'The second chapter kept me up all night.';

const temps: string[] = [];
const databases: string[] = [];
afterAll(async () => {
  for (const dir of temps) rmSync(dir, { recursive: true, force: true });
  for (const name of databases) await withAdmin((c) => c.query(`drop database if exists "${name}" with (force)`));
});
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'chapterhouse-backup-'));
  temps.push(dir);
  return dir;
};
async function emptyDatabase(): Promise<string> {
  const name = `chapterhouse_backup_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  await withAdmin((c) => c.query(`create database "${name}"`));
  databases.push(name);
  return databaseUrl(name);
}

/** The scripts as an operator runs them: only the app's variables in the environment. */
async function script(name: 'backup.sh' | 'restore.sh', arg: string, env: Record<string, string>) {
  const child = Bun.spawn(['bash', join(ROOT, 'scripts', name), arg], { env: { PATH: process.env.PATH!, HOME: process.env.HOME ?? '/tmp', ...env }, stdout: 'pipe', stderr: 'pipe' });
  const [code, stdout, stderr] = await Promise.all([child.exited, new Response(child.stdout).text(), new Response(child.stderr).text()]);
  return { code, stdout, stderr };
}

async function boot(env: Record<string, string>) {
  const platform = await bootPlatform(loadConfig({ AUTH_SECRET: 'backup-test-secret-long-enough-0123456789', DEBUG_LOGIN_TOKEN: DEBUG_TOKEN, SEED_DEMO: '0', ...env }), silentLogger);
  const handle = createHandler(platform, loadAssets());
  const call = (path: string, init: RequestInit = {}) => handle(new Request(new URL(path, 'http://localhost:3000'), init));
  const login = async () => {
    const res = await call('/api/auth/debug-login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token: DEBUG_TOKEN, username: 'backup-reader' }) });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { user: { id: string }; token: string };
    return { id: body.user.id, auth: { authorization: `Bearer ${body.token}`, 'content-type': 'application/json' } };
  };
  return { platform, call, login };
}

/** A reader signs in, reads chapter 2, comments on it; a narration object is stored. */
async function populate(app: Awaited<ReturnType<typeof boot>>) {
  await seedDemoCatalogue(app.platform.db, app.platform.objects);
  const reader = await app.login();
  expect((await app.call('/api/progress', { method: 'POST', headers: reader.auth, body: JSON.stringify({ slug: SLUG, chapter: 2 }) })).status).toBe(200);
  expect((await app.call(`/api/comments/${SLUG}`, { method: 'POST', headers: reader.auth, body: JSON.stringify({ text: COMMENT, chapter: 2 }) })).status).toBe(201);
  await app.platform.objects.put(AUDIO_KEY, AUDIO, { contentType: 'audio/mpeg', metadata: { duration: '12.345', voice: 'espeak-en-us' } });
  const chapter = (await (await app.call(`/api/chapter/${SLUG}/2`)).json()) as { chapter: { title: string; text: string } };
  return { userId: reader.id, chapter: chapter.chapter };
}

/** Everything populate() left is read back through the API of an app on the restored stores. */
async function expectRestored(app: Awaited<ReturnType<typeof boot>>, before: Awaited<ReturnType<typeof populate>>) {
  const chapter = await app.call(`/api/chapter/${SLUG}/2`);
  expect(chapter.status).toBe(200);
  expect(((await chapter.json()) as { chapter: unknown }).chapter).toMatchObject(before.chapter);

  const comments = (await (await app.call(`/api/comments/${SLUG}?chapter=2`)).json()) as { comments: { text: string; author: { username: string } }[] };
  expect(comments.comments.map((c) => [c.text, c.author.username])).toEqual([[COMMENT, 'backup-reader']]);

  const reader = await app.login();
  expect(reader.id).toBe(before.userId);
  const progress = (await (await app.call(`/api/progress/${SLUG}`, { headers: reader.auth })).json()) as { progress: { chapter: number } | null };
  expect(progress.progress?.chapter).toBe(2);

  const audio = await app.platform.objects.get(AUDIO_KEY);
  expect(audio?.contentType).toBe('audio/mpeg');
  expect(audio?.metadata).toEqual({ duration: '12.345', voice: 'espeak-en-us' });
  expect(new Uint8Array(await new Response(audio!.body).arrayBuffer())).toEqual(AUDIO);
}

async function manifestOf(dir: string): Promise<Manifest> {
  return JSON.parse(await readFile(join(dir, 'manifest.json'), 'utf8')) as Manifest;
}

// PostgreSQL's server and pg_dump: only with `npm run test:real` (CI runs both).
describe.if(withRealServers)('PostgreSQL and S3', () => {
  test('back up a running app, restore into a new database and bucket, read it all back', async () => {
    const { endpoint } = await sharedS3rver();
    const s3 = (bucket: string) => ({ S3_ENDPOINT: endpoint, S3_BUCKET: bucket, S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER' });
    const source = { DATABASE_URL: await emptyDatabase(), DATA_DIR: tempDir(), ...s3(`backup-src-${randomBytes(4).toString('hex')}`) };
    const app = await boot(source);
    let before;
    try {
      before = await populate(app);
      // Online: the app stays up while PostgreSQL and S3 are backed up.
      const backup = join(tempDir(), 'backup');
      const made = await script('backup.sh', backup, source);
      expect(made.stderr).toBe('');
      expect(made.code).toBe(0);
      const manifest = await manifestOf(backup);
      expect(manifest.database).toMatchObject({ kind: 'postgres', file: 'database.pgdump' });
      expect(manifest.database.schema_version).toMatch(/^\d{14}_/);
      expect(manifest.database.counts).toMatchObject({ app_users: 1, progress: 1, book_comments: 1 });
      expect(manifest.objects.source).toBe('s3');
      expect(manifest.objects.count).toBe((await app.platform.objects.list('')).length);
      expect(existsSync(join(backup, 'objects', 'blobs', AUDIO_KEY))).toBe(true);

      const target = { DATABASE_URL: await emptyDatabase(), DATA_DIR: tempDir(), ...s3(`backup-dst-${randomBytes(4).toString('hex')}`) };
      const restored = await script('restore.sh', backup, target);
      expect(restored.stderr).toBe('');
      expect(restored.code).toBe(0);
      // A second restore into the now full targets is refused.
      const again = await script('restore.sh', backup, target);
      expect(again.code).toBe(1);
      expect(again.stderr).toContain('is not empty');

      const after = await boot(target);
      try {
        await expectRestored(after, before);
      } finally {
        await after.platform.shutdown();
      }
    } finally {
      await app.platform.shutdown();
    }
  }, 300_000);
});

describe('embedded database and filesystem store', () => {
  test('refused while the app runs; once stopped, backed up and restored into a new DATA_DIR', async () => {
    const source = { DATA_DIR: tempDir() };
    const backup = join(tempDir(), 'backup');
    let app: Awaited<ReturnType<typeof boot>> | null = await boot(source);
    let before;
    try {
      before = await populate(app);
      const refused = await script('backup.sh', backup, source);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain('stop Chapterhouse first');
    } finally {
      await app.platform.shutdown();
      app = null;
    }

    const made = await script('backup.sh', backup, source);
    expect(made.stderr).toBe('');
    expect(made.code).toBe(0);
    const manifest = await manifestOf(backup);
    expect(manifest.database).toMatchObject({ kind: 'pglite', file: 'database.tar.gz' });
    expect(manifest.database.counts).toMatchObject({ app_users: 1, progress: 1, book_comments: 1 });
    expect(manifest.objects.source).toBe('fs');
    expect(manifest.auth_secret).toBe(false); // AUTH_SECRET was set: nothing kept in DATA_DIR

    const target = { DATA_DIR: join(tempDir(), 'data') };
    const restored = await script('restore.sh', backup, target);
    expect(restored.stderr).toBe('');
    expect(restored.code).toBe(0);
    const after: { platform: BootedPlatform } & Awaited<ReturnType<typeof boot>> = await boot(target);
    try {
      await expectRestored(after, before);
    } finally {
      await after.platform.shutdown();
    }
  }, 300_000);
});
