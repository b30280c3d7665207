import { describe, expect, test } from 'bun:test';
import { resolve } from 'node:path';
import { availableParallelism } from 'node:os';
import { ConfigError, loadConfig } from '../../src/config.ts';

describe('configuration', () => {
  test('nothing set gives the embedded defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 3000, baseUrl: 'http://localhost:3000', dataDir: './data', role: 'all', databaseUrl: null, redisUrl: null, s3: null, seedDemo: true });
    expect(Object.isFrozen(config)).toBe(true);
  });

  test('real services and their derived values', () => {
    const config = loadConfig({
      PORT: '8080',
      BASE_URL: 'https://read.example.com/',
      DATABASE_URL: 'postgres://u@db/x',
      REDIS_URL: 'redis://cache:6379',
      S3_ENDPOINT: 'http://minio:9000',
      S3_BUCKET: 'books',
      S3_ACCESS_KEY_ID: 'k',
      S3_SECRET_ACCESS_KEY: 's',
      ADMIN_USERNAMES: ' ada , grace,,',
      SEED_DEMO: '0',
      ROLE: 'worker',
    });
    expect(config.baseUrl).toBe('https://read.example.com');
    expect(config.s3).toEqual({ endpoint: 'http://minio:9000', bucket: 'books', region: 'us-east-1', accessKeyId: 'k', secretAccessKey: 's', publicUrl: 'http://minio:9000' });
    expect(config.adminUsernames).toEqual(['ada', 'grace']);
    expect(config.seedDemo).toBe(false);
    expect(config.role).toBe('worker');
  });

  test('speech engines: eSpeak and Flite by default, the OpenAI-compatible server when its URL is set', () => {
    expect(loadConfig({}).tts).toEqual({ engines: ['espeak', 'flite'], openai: null });
    expect(loadConfig({ TTS_OPENAI_URL: 'http://kokoro:8880/v1', TTS_OPENAI_KEY: 'k' }).tts).toEqual({
      engines: ['espeak', 'flite', 'openai'],
      openai: { url: 'http://kokoro:8880/v1', key: 'k', model: 'tts-1' },
    });
    // TTS_ENGINES only switches engines off; the order stays eSpeak, Flite, OpenAI (the first voice is the default).
    const chosen = loadConfig({ TTS_ENGINES: ' openai ,espeak,openai', TTS_OPENAI_URL: 'http://kokoro:8880', TTS_OPENAI_MODEL: 'kokoro' }).tts;
    expect(chosen).toEqual({ engines: ['espeak', 'openai'], openai: { url: 'http://kokoro:8880', key: null, model: 'kokoro' } });
    expect(Object.isFrozen(chosen.engines)).toBe(true);
    expect(loadConfig({ TTS_ENGINES: 'flite', TTS_OPENAI_URL: 'http://kokoro:8880' }).tts.engines).toEqual(['flite']);
  });

  test('web processes: one by default; a count or one per core with a shared database and cache; none but the worker itself for a worker', () => {
    const shared = { DATABASE_URL: 'postgres://db/x', REDIS_URL: 'redis://cache' };
    expect(loadConfig({}).webProcesses).toBe(1);
    expect(loadConfig({ ...shared, WEB_PROCESSES: '3' }).webProcesses).toBe(3);
    expect(loadConfig({ ...shared, WEB_PROCESSES: 'auto' }).webProcesses).toBe(availableParallelism());
    expect(loadConfig({ ...shared, AUTH_SECRET: 'x'.repeat(32), ROLE: 'worker', WEB_PROCESSES: '3' }).webProcesses).toBe(1);
  });

  const bad: [Record<string, string>, string][] = [
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ BASE_URL: 'localhost:3000' }, 'BASE_URL'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ REDIS_URL: 'http://x' }, 'REDIS_URL'],
    [{ ROLE: 'boss' }, 'ROLE'],
    [{ ROLE: 'web' }, 'ROLE'],
    [{ AUTH_SECRET: 'short' }, 'AUTH_SECRET'],
    [{ S3_ENDPOINT: 'http://minio:9000' }, 'S3_BUCKET'],
    [{ SEED_DEMO: 'yes' }, 'SEED_DEMO'],
    [{ TTS_ENGINES: 'espeak,festival' }, 'TTS_ENGINES'],
    [{ TTS_ENGINES: 'openai' }, 'TTS_OPENAI_URL'],
    [{ TTS_OPENAI_URL: 'kokoro:8880' }, 'TTS_OPENAI_URL'],
    [{ WEB_PROCESSES: '0' }, 'WEB_PROCESSES'],
    [{ WEB_PROCESSES: 'many' }, 'WEB_PROCESSES'],
    [{ WEB_PROCESSES: '2', DATABASE_URL: 'postgres://db/x' }, 'WEB_PROCESSES'],
    [{ WEB_PROCESSES: '2' }, 'WEB_PROCESSES'],
  ];
  for (const [env, name] of bad) {
    test(`${JSON.stringify(env)} is refused naming ${name}`, () => {
      let error: unknown;
      try {
        loadConfig(env);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(ConfigError);
      const message = (error as Error).message;
      expect(message).toContain(name);
      expect(message).not.toContain('\n');
    });
  }

  test('the process stops with one clear line on stderr', async () => {
    const child = Bun.spawn([process.execPath, 'src/main.ts'], {
      cwd: resolve(import.meta.dir, '../..'),
      env: { PATH: process.env.PATH ?? '', PORT: 'not-a-port' },
      stdout: 'pipe',
      stderr: 'pipe',
    });
    expect(await child.exited).toBe(1);
    const stderr = (await new Response(child.stderr).text()).trim();
    expect(stderr.split('\n')).toHaveLength(1);
    expect(stderr).toContain('PORT');
  });
});
