import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestApp, type TestApp } from '../support/app.ts';
import { DEBUG_TOKEN, loginAs } from '../support/auth.ts';
import { createAppPassword } from '../../src/features/accounts/app-passwords/service.ts';
import { saveBook } from '../../src/features/library/service.ts';

/**
 * Every kind of OPDS feed against the OPDS 1.2 RelaxNG schema (tests/fixtures/opds: the spec's
 * opds.rnc over RFC 4287's atom.rnc) with Debian's `jing` (Java; CI installs it), for a Pro reader
 * (acquisition links) and a free one (upgrade links), with text that needs escaping, and the errors. Not part of
 * `npm test`: `npm run test:validators` runs it.
 */
const SCHEMA = join(import.meta.dir, '../fixtures/opds/opds.rnc');
const FEEDS = ['/opds', '/opds/new', '/opds/new?page=2', '/opds/updated', '/opds/popular', '/opds/genres', '/opds/genres/fantasy', '/opds/shelves/reading', '/opds/search?q=bread', '/opds/search?q=fish'];

let app: TestApp;
let dir: string;
const auth: Record<'pro' | 'free', string> = { pro: '', free: '' };

beforeAll(async () => {
  app = await startTestApp({ env: { DEBUG_LOGIN_TOKEN: DEBUG_TOKEN } });
  dir = mkdtempSync(join(tmpdir(), 'opds-relaxng-'));
  await app.platform.db.insertInto('books').values({ slug: 'fish-and-chips', title: `Fish & <Chips> "quoted"\u0001`, author: 'A & B <c>', description: 'Line <one> & "two".' }).execute();
  for (const [who, role] of [['pro', 'pro'], ['free', 'user']] as const) {
    const session = await loginAs(app, `relaxng-${who}`, { role });
    await saveBook(app.platform.db, session.user.id, 'morning-bread', 'reading');
    const { password } = await createAppPassword(app.platform.db, session.user.id, 'Validator');
    auth[who] = `Basic ${Buffer.from(`relaxng-${who}:${password}`).toString('base64')}`;
  }
});
afterAll(async () => {
  await app.close();
  rmSync(dir, { recursive: true, force: true });
});

function jing(file: string): { code: number; out: string } {
  const p = Bun.spawnSync(['jing', '-c', SCHEMA, file], { stdout: 'pipe', stderr: 'pipe' });
  // Debian's wrapper script warns on stderr about optional jars it cannot find; jing says nothing on a valid file.
  const stderr = p.stderr.toString().replace(/^\[warning\] \S+: Unable to locate \S+ in \S+\n/gm, '');
  return { code: p.exitCode ?? -1, out: `${p.stdout.toString()}${stderr}` };
}

describe('OPDS feeds are valid OPDS 1.2', () => {
  test('the schema rejects what is not a feed of it (the check can fail)', () => {
    const file = join(dir, 'bad.xml');
    writeFileSync(file, '<feed xmlns="http://www.w3.org/2005/Atom"><title>no id, no updated</title><entry/></feed>');
    expect(jing(file).code).not.toBe(0);
  });

  for (const who of ['pro', 'free'] as const) {
    test(`every feed, as a ${who} reader`, async () => {
      const failures: string[] = [];
      for (const [i, path] of FEEDS.entries()) {
        const res = await app.fetch(path, { headers: { authorization: auth[who] } });
        expect(res.status, path).toBe(200);
        const file = join(dir, `${who}-${i}.xml`);
        writeFileSync(file, await res.text());
        const { code, out } = jing(file);
        if (code !== 0 || out.trim()) failures.push(`${path}: ${out}`);
      }
      expect(failures).toEqual([]);
    });
  }

  test('the errors, which come as feeds too', async () => {
    const failures: string[] = [];
    for (const [i, path] of ['/opds/search', '/opds/genres/no-such-genre', '/opds/new?page=0'].entries()) {
      const res = await app.fetch(path, { headers: { authorization: auth.pro } });
      expect(res.status, path).toBeGreaterThanOrEqual(400);
      const file = join(dir, `error-${i}.xml`);
      writeFileSync(file, await res.text());
      const { code, out } = jing(file);
      if (code !== 0 || out.trim()) failures.push(`${path}: ${out}`);
    }
    expect(failures).toEqual([]);
  });
});
