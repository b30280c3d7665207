import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import JSZip from 'jszip';
import { startTestApp, type TestApp } from '../support/app.ts';
import { DEBUG_TOKEN, loginAs, type Session } from '../support/auth.ts';

/**
 * The exported files against the reference validator (Debian `epubcheck`; CI installs it; its
 * /usr/bin wrapper does not start here, so the jar is run) and read back by pandoc. Both are
 * programs a fresh machine does not have (Java, pandoc), so this file is not part of `npm test`:
 * `npm run test:validators` runs it, and CI does after installing them. About 6 s an
 * epubcheck run: two runs, a range of a demo book with its cover and a whole 300-chapter book.
 */
const EPUBCHECK = '/usr/share/java/epubcheck.jar';
const LONG = 'three-hundred-chapters';
const CHAPTERS = 300;

let app: TestApp;
let pro: Session;
let dir: string;

beforeAll(async () => {
  app = await startTestApp({ env: { DEBUG_LOGIN_TOKEN: DEBUG_TOKEN } });
  dir = mkdtempSync(join(tmpdir(), 'export-epubcheck-'));
  const db = app.platform.db;
  await db.insertInto('books').values({ slug: LONG, title: 'Three Hundred & One Nights', author: 'Scheherazade "S" Jones', description: 'A long book.\n\nWith <two> paragraphs & more.', chapter_count: CHAPTERS }).execute();
  await sql`insert into chapters (book_slug, number, title, text)
            select ${LONG}, g, 'Night ' || g || ' & "more"',
                   'Night *' || g || '* began <quietly> & "softly".' || E'\n\n* * *\n\n' || 'She told **tale ' || g || '** &mdash; then stopped.' || E'\n\n> A quote & <tag>.\n\n- one\n- two'
            from generate_series(1, ${CHAPTERS}) g`.execute(db);
  pro = await loginAs(app, 'epubcheck-pro', { role: 'pro' });
});
afterAll(async () => {
  await app.close();
  rmSync(dir, { recursive: true, force: true });
});

async function download(path: string, name: string): Promise<string> {
  const res = await app.fetch(path, { headers: { cookie: pro.cookie } });
  expect(res.status).toBe(200);
  const file = join(dir, name);
  writeFileSync(file, new Uint8Array(await res.arrayBuffer()));
  return file;
}

function run(cmd: string[]): { code: number; out: string } {
  const p = Bun.spawnSync(cmd, { stdout: 'pipe', stderr: 'pipe' });
  return { code: p.exitCode ?? -1, out: `${p.stdout.toString()}\n${p.stderr.toString()}` };
}

function epubcheck(file: string): void {
  const { code, out } = run(['java', '-jar', EPUBCHECK, file]);
  expect(out).toContain('No errors or warnings detected.');
  expect(out).toMatch(/Messages: 0 fatals \/ 0 errors \/ 0 warnings/);
  expect(code).toBe(0);
}

describe('exported EPUBs are valid and readable', () => {
  test('the validator and pandoc are installed', () => {
    expect(existsSync(EPUBCHECK)).toBe(true);
    expect(run(['pandoc', '--version']).code).toBe(0);
  });

  test('a range of a demo book with its cover: zero epubcheck errors and warnings; pandoc reads its three chapters', async () => {
    const file = await download('/api/export/ink-and-alibis?from=2&to=4', 'range.epub');
    epubcheck(file);
    const plain = run(['pandoc', '-f', 'epub', '-t', 'plain', file]).out;
    expect(plain).toContain('Ink and Alibis');
    expect(plain).toContain('Who Holds the Key');
    expect(plain).not.toContain('The Broken G');
  }, 60_000);

  test('a whole 300-chapter book with no cover of its own (it gets the drawn one): zero epubcheck errors and warnings; pandoc reads every chapter in order', async () => {
    const file = await download(`/api/export/${LONG}`, 'long.epub');
    epubcheck(file);
    expect(Object.keys((await JSZip.loadAsync(readFileSync(file))).files)).toContain('OEBPS/images/cover.png');
    const json = JSON.parse(run(['pandoc', '-f', 'epub', '-t', 'json', file]).out) as { blocks: { t: string; c: unknown[] }[] };
    const text = (inlines: unknown): string => JSON.stringify(inlines).match(/"c":"[^"]*"/g)?.map((m) => m.slice(5, -1)).join(' ') ?? '';
    const headings = json.blocks.filter((b) => b.t === 'Header' && b.c[0] === 1).map((b) => text(b.c[2]));
    const nights = headings.filter((h) => h.startsWith('Night'));
    expect(nights.length).toBe(CHAPTERS);
    expect(nights[0]).toContain('Night 1');
    expect(nights[CHAPTERS - 1]).toContain(`Night ${CHAPTERS}`);
    const plain = run(['pandoc', '-f', 'epub', '-t', 'plain', file]).out;
    // The reader's sanitiser drops the unknown <quietly> and <tag> elements; entities are decoded.
    const told = [...plain.matchAll(/She told tale (\d+) — then stopped\./g)].map((m) => Number(m[1]));
    expect(told).toEqual(Array.from({ length: CHAPTERS }, (_, i) => i + 1));
    expect(plain.includes('Night 150 began & “softly”.')).toBe(true); // typeset like the reader
    expect(plain.includes('A quote & .')).toBe(true);
  }, 120_000);
});
