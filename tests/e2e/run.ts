/**
 * Starts the real app (embedded stores, a fresh data directory, demo seed) on a free port and runs
 * every tests/e2e/*.e2e.ts against it in headless Chromium.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startOidcProvider } from '../support/oauth/oidc-server.ts';
import { freePort } from '../support/processes.ts';
import { E2E_DEBUG_TOKEN } from './support.ts';
import { startSourceSite } from '../support/source-site/index.ts';
import { startAiServer } from '../support/ai-server/server.ts';
import { startPolarServer } from '../support/polar-server.ts';
import { startSpeechServer } from '../support/tts-openai-server.ts';
import { SLOW_VOICES } from './support.ts';

const root = resolve(import.meta.dir, '../..');
const bun = process.execPath;

const port = await freePort();
const dataDir = mkdtempSync(join(tmpdir(), 'chapterhouse-e2e-'));
const base = `http://localhost:${port}`;
// A real OpenID provider on localhost, so journeys can sign in through its own pages.
const oidc = await startOidcProvider({ clients: [{ client_id: 'chapterhouse-e2e', client_secret: 'e2e-secret', redirect_uris: [`${base}/auth/oidc/callback`] }] });
// A local source site, so a journey can scrape a book without reaching any real site.
const site = await startSourceSite();
// A local OpenAI-compatible AI service, so journeys can name chapters, make covers and translate.
const ai = await startAiServer();
// A local payment provider, so a journey can check out and have its webhook signed.
const polar = await startPolarServer();
// A slow OpenAI-compatible speech server (a few seconds a chunk), so a journey can seek in a chapter
// while it is still being made. Its voices come after eSpeak's and Flite's in /api/voices: the
// default voice stays the first eSpeak one.
const slowSpeech = await startSpeechServer({ voices: SLOW_VOICES.map((id) => id.replace(/^openai-/, '')), msPerChar: 8 });
const POLAR_SECRET = `whsec_${Buffer.from('e2e-payment-webhook-secret-012345').toString('base64')}`;
const app = Bun.spawn([bun, 'src/main.ts'], {
  cwd: root,
  env: {
    ...process.env, PORT: String(port), BASE_URL: base, DATA_DIR: dataDir, LOG_LEVEL: 'warn',
    OIDC_ISSUER: oidc.issuer, OIDC_CLIENT_ID: 'chapterhouse-e2e', OIDC_CLIENT_SECRET: 'e2e-secret',
    DEBUG_LOGIN_TOKEN: E2E_DEBUG_TOKEN,
    SOURCE_BASE_URL: site.novelfireUrl, SOURCE_ROYALROAD_URL: site.royalroadUrl, SCRAPE_RATE: '0',
    POLAR_API_URL: polar.url, POLAR_ACCESS_TOKEN: polar.token, POLAR_PRODUCT_ID: 'prod_e2e_pro', POLAR_WEBHOOK_SECRET: POLAR_SECRET,
    TTS_OPENAI_URL: slowSpeech.url,
    AI_BASE_URL: ai.url, AI_API_KEY: 'e2e-ai-key', AI_TEXT_MODEL: 'test-text-model', AI_IMAGE_MODEL: 'test-image-model',
  },
  stdout: 'inherit',
  stderr: 'inherit',
});

// A second app as a household runs it: no payment provider, no AI service, no login provider
// (tests/e2e/household.e2e.ts: the owner invites readers and sets the rules).
const householdPort = await freePort();
const householdDir = mkdtempSync(join(tmpdir(), 'chapterhouse-e2e-household-'));
const householdBase = `http://localhost:${householdPort}`;
const household = Bun.spawn([bun, 'src/main.ts'], {
  cwd: root,
  env: { ...process.env, PORT: String(householdPort), BASE_URL: householdBase, DATA_DIR: householdDir, LOG_LEVEL: 'warn', DEBUG_LOGIN_TOKEN: E2E_DEBUG_TOKEN },
  stdout: 'inherit',
  stderr: 'inherit',
});

async function waitUntilReady(url: string, child: { exitCode: number | null }): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const ready = await fetch(`${url}/readyz`).then((r) => r.ok, () => false);
    if (ready) return;
    if (child.exitCode !== null) throw new Error(`the app at ${url} exited before it was ready`);
    await Bun.sleep(200);
  }
  throw new Error(`the app at ${url} was not ready within a minute`);
}

let exitCode = 1;
try {
  await Promise.all([waitUntilReady(base, app), waitUntilReady(householdBase, household)]);
  // `bun run tests/e2e/run.ts reader` runs only the journeys whose file names contain "reader".
  const only = process.argv.slice(2);
  const files = readdirSync(join(root, 'tests/e2e'))
    .filter((f) => f.endsWith('.e2e.ts') && (only.length === 0 || only.some((name) => f.includes(name))))
    .sort()
    .map((f) => `./tests/e2e/${f}`);
  // Journeys that add books (a scrape, an import) or change demo books (AI titles, taglines,
  // covers) run after the others, in a second run of their own: the catalogue and reader journeys
  // count the twelve demo books and read their chapter titles.
  const grows = (f: string) => f.includes('admin-content') || f.includes('ai-');
  exitCode = 0;
  for (const batch of [files.filter((f) => !grows(f)), files.filter(grows)]) {
    if (batch.length === 0) continue;
    const run = Bun.spawn([bun, 'test', '--timeout', '60000', ...batch], { cwd: root, env: { ...process.env, E2E_BASE_URL: base, E2E_HOUSEHOLD_URL: householdBase, E2E_SOURCE_URL: site.novelfireUrl, E2E_POLAR_SECRET: POLAR_SECRET, E2E_POLAR_URL: polar.url }, stdout: 'inherit', stderr: 'inherit' });
    exitCode = Math.max(exitCode, await run.exited);
  }
} finally {
  app.kill('SIGTERM');
  household.kill('SIGTERM');
  await Promise.all([app.exited, household.exited]);
  await oidc.stop();
  await site.close();
  await ai.stop();
  await polar.stop();
  await slowSpeech.stop();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(householdDir, { recursive: true, force: true });
}
process.exit(exitCode);
