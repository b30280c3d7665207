import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { randomBytes } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { leakIn } from './support/leaks.ts';
import { BOOK, TEST_ORIGIN, startWorld, type World } from './support/world.ts';

/**
 * Object keys, cover and avatar paths, asset and sitemap names and slugs that try to climb out of
 * the store (`../`, encoded, double-encoded, backslashes) answer 400/403/404 and never a file
 * outside it. Canary files beside the data directory and in the temp directory would show a leak.
 */
let world: World;
const secret = `canary-${randomBytes(12).toString('hex')}`;
const canaries: string[] = [];
beforeAll(async () => {
  world = await startWorld();
  for (const dir of [world.app.platform.config.dataDir, tmpdir()]) {
    const file = join(dir, `${secret}.txt`);
    writeFileSync(file, secret);
    canaries.push(file);
  }
});
afterAll(async () => {
  for (const file of canaries) rmSync(file, { force: true });
  await world.app.close();
});

const CLIMBS = ['../', '..%2f', '..%2F', '%2e%2e%2f', '%2e%2e/', '.%2e/', '%252e%252e%252f', '..%252f', '..\\', '..%5c', '%2e%2e%5c', '....//', '..%c0%af', '%c0%ae%c0%ae/', '..;/'];
const TARGETS = [`${secret}.txt`, 'etc/passwd', 'proc/self/environ'];
const PREFIXES = ['/objects/', '/covers/', '/avatars/', '/assets/', '/sitemaps/', '/book/', '/api/book/', `/api/chapter/`, '/api/comments/', '/api/export/', '/users/'];

function attempts(prefix: string): string[] {
  const out: string[] = [];
  for (const climb of CLIMBS) {
    for (const depth of [1, 3, 8]) {
      for (const target of TARGETS) out.push(`${prefix}${climb.repeat(depth)}${target}`);
    }
  }
  return out;
}

/** Builds the request without letting URL parsing resolve the dots away first. */
function rawGet(path: string, cookie: string): Request {
  const request = new Request(`${TEST_ORIGIN}/`, { headers: { accept: 'application/json', cookie } });
  return new Request(Object.defineProperty(request, 'url', { value: `${TEST_ORIGIN}${path}` }), {});
}

function assertSafe(path: string, status: number, text: string, failures: string[]) {
  if (text.includes(secret) || text.includes('root:x:0:0') || /PATH=|HOME=/.test(text)) failures.push(`${path}: served a file outside the store (${status})`);
  else if (status >= 500) failures.push(`${path}: answered ${status}`);
  else if (status >= 200 && status < 300 && !path.startsWith('/users/') && !path.startsWith('/book/')) failures.push(`${path}: answered ${status}`);
  const leak = leakIn(text);
  if (leak) failures.push(`${path}: leaked ${leak}`);
}

describe('climbing paths never reach outside the store, however they are encoded', () => {
  // One test per prefix: some 270 requests each, so that a loaded machine keeps every test short.
  for (const prefix of PREFIXES) {
    test(`under ${prefix}`, async () => {
      const failures: string[] = [];
      const pro = world.callers.pro.cookie;
      for (const path of attempts(prefix)) {
        for (const request of [new Request(`${TEST_ORIGIN}${path}`, { headers: { accept: 'application/json', cookie: pro } }), rawGet(path, pro)]) {
          const res = await world.app.handle(request);
          assertSafe(path, res.status, await res.text(), failures);
        }
      }
      expect(failures).toEqual([]);
    });
  }
});

test('query parameters that name objects (slug, voice) cannot climb either', async () => {
  const failures: string[] = [];
  for (const climb of ['../../', '..%2f..%2f', '%2e%2e%2f%2e%2e%2f']) {
    for (const path of [
      `/api/presign/audio?slug=${climb}${secret}&chapter=1`,
      `/api/presign/audio?slug=${BOOK}&chapter=1&voice=${climb}${secret}`,
      `/api/audio-stream/${BOOK}/1?voice=${climb}${secret}`,
      `/api/presign/voice-sample/${climb}${secret}`,
      `/api/export/${BOOK}?from=1&to=1&locale=${climb}${secret}`,
    ]) {
      const res = await world.app.fetch(path, { headers: { accept: 'application/json', cookie: world.callers.pro.cookie } });
      const text = await res.text();
      if (text.includes(secret) && !text.includes(`"message"`)) failures.push(`${path}: served the canary`);
      if (res.status >= 500) failures.push(`${path}: answered ${res.status}`);
    }
  }
  expect(failures).toEqual([]);
});

test('a signed link for a climbing key is still refused by the filesystem store', async () => {
  const { objects } = world.app.platform;
  if (objects.kind !== 'fs') return; // S3 keys are opaque names, not paths
  const failures: string[] = [];
  let tried = 0;
  for (const key of [`../${basename(canaries[0]!)}`, `../../${secret}.txt`, `covers/../../${secret}.txt`, `/etc/passwd`, `covers/%2e%2e/%2e%2e/${secret}.txt`]) {
    let url: string;
    try {
      url = await objects.presignGet(key, 300);
    } catch {
      continue; // refusing to sign is the best answer
    }
    tried++;
    const res = await world.app.handle(new Request(url));
    const text = await res.text();
    if (text.includes(secret) || text.includes('root:x:0:0') || res.status < 400 || res.status >= 500) failures.push(`${key}: ${res.status}`);
    const put = await world.app.handle(new Request(await objects.presignPut(key, 300).catch(() => url), { method: 'PUT', body: 'overwritten' }));
    if (put.status < 400 || put.status >= 500) failures.push(`PUT ${key}: ${put.status}`);
  }
  expect(failures).toEqual([]);
  console.log(`signed ${tried} climbing keys`);
  for (const file of canaries) expect(await Bun.file(file).text()).toBe(secret);
});
