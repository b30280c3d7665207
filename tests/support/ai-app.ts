import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chapterNamesKind } from '../../src/features/ai/chapter-names/kind.ts';
import { jobKind, type JobRunner } from '../../src/platform/queue/index.ts';
import { startTestRunner } from './runner.ts';
import { startTestApp, type TestApp } from './app.ts';
import { DEBUG_TOKEN, loginAs, TEST_ORIGIN, type Session } from './auth.ts';
import { startAiServer, type AiServer } from './ai-server/server.ts';

export interface AiTestApp extends TestApp {
  ai: AiServer;
  admin: Session;
  /** A JSON request as an admin would send it. */
  post(path: string, body: unknown, session?: Session): Promise<Response>;
  get(path: string, session?: Session): Promise<Response>;
}

/**
 * The app with the local AI stand-in as its AI service (1 s time-out, no retries unless asked),
 * an admin signed in, and a runner for the `ai.chapter-names` job on the stand-in.
 */
export async function startAiApp(options: { env?: Record<string, string>; seed?: boolean } = {}): Promise<AiTestApp> {
  const ai = await startAiServer({ apiKey: 'test-ai-key' });
  const aiEnv = { AI_BASE_URL: ai.url, AI_API_KEY: 'test-ai-key', AI_TEXT_MODEL: 'test-text-model', AI_IMAGE_MODEL: 'test-image-model', AI_TIMEOUT_SECONDS: '1', AI_MAX_RETRIES: '0', ...options.env };
  const app = await startTestApp({ seed: options.seed, env: { DEBUG_LOGIN_TOKEN: DEBUG_TOKEN, ...aiEnv } });
  const dir = mkdtempSync(join(tmpdir(), 'chapterhouse-ai-'));
  const workerFile = join(dir, 'chapter-names.worker.ts');
  const url = (path: string) => JSON.stringify(new URL(path, import.meta.url).pathname);
  writeFileSync(
    workerFile,
    [
      `import { defineJob } from ${url('../../src/platform/queue/runtime.ts')};`,
      `import { createChapterNamesJob } from ${url('../../src/features/ai/chapter-names/job.ts')};`,
      `import { aiJobDeps } from ${url('../../src/features/ai/worker-deps.ts')};`,
      `defineJob(createChapterNamesJob(aiJobDeps(${JSON.stringify(aiEnv)})));`,
    ].join('\n'),
  );
  const runner: JobRunner = startTestRunner(app, [jobKind({ ...chapterNamesKind, workerFile })]);
  const admin = await loginAs(app, 'ai-admin', { role: 'admin' });
  const headers = (session: Session) => ({ accept: 'application/json', 'content-type': 'application/json', origin: TEST_ORIGIN, cookie: session.cookie });
  return {
    ...app,
    ai,
    admin,
    post: (path, body, session = admin) => app.fetch(path, { method: 'POST', headers: headers(session), body: JSON.stringify(body) }),
    get: (path, session = admin) => app.fetch(path, { headers: headers(session) }),
    async close() {
      await runner.stop();
      await app.close();
      await ai.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Reads a whole SSE response into its frames. */
export async function sseFrames(response: Response): Promise<{ event: string; data: any }[]> {
  const text = await response.text();
  return text
    .split('\n\n')
    .filter((block) => block.trim())
    .map((block) => {
      const event = /^event: (.*)$/m.exec(block)?.[1] ?? 'message';
      const data = block.split('\n').filter((l) => l.startsWith('data: ')).map((l) => l.slice(6)).join('\n');
      return { event, data: JSON.parse(data) };
    });
}
