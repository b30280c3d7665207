import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { buildNarratedEpub, type NarratedChapter } from '../../src/features/exports/narrated-epub/build.ts';
import { collect, narratedChapters, narratedSource } from '../unit/narrated-epub-fixture.ts';

/**
 * The narrated EPUB 3 (Media Overlays) against the reference validator, run as
 * export-epubcheck.check.ts runs it (the Debian jar; its /usr/bin wrapper does not start here).
 * epubcheck checks what a reading system relies on to play the overlays: every SMIL against its
 * schema, each `text src` fragment resolving to an element of its chapter, the `media-overlay`
 * links both ways, audio of a core media type, and the `media:duration` metadata adding up.
 */
const EPUBCHECK = '/usr/share/java/epubcheck.jar';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'narrated-epubcheck-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function epubcheck(file: string): void {
  const p = Bun.spawnSync(['java', '-jar', EPUBCHECK, file], { stdout: 'pipe', stderr: 'pipe' });
  const out = `${p.stdout.toString()}\n${p.stderr.toString()}`;
  expect(out).toContain('No errors or warnings detected.');
  expect(out).toMatch(/Messages: 0 fatals \/ 0 errors \/ 0 warnings/);
  expect(p.exitCode).toBe(0);
}

describe('a narrated EPUB is valid EPUB 3 with Media Overlays', () => {
  test('the validator is installed', () => {
    expect(existsSync(EPUBCHECK)).toBe(true);
  });

  test('three narrated chapters (Latin and CJK text), a cover, and a chapter without overlay: zero epubcheck errors and warnings', async () => {
    const png = await sharp({ create: { width: 60, height: 90, channels: 3, background: '#334455' } }).png().toBuffer();
    const plain: NarratedChapter = { number: 4, title: 'Afterword', text: 'Not narrated.', audio: { bytes: async () => new Uint8Array(), durationSeconds: 0 }, sentences: [] };
    const source = narratedSource([...(await narratedChapters()), plain], { bytes: new Uint8Array(png), extension: 'png', mediaType: 'image/png' });
    const file = join(dir, 'narrated.epub');
    writeFileSync(file, await collect(buildNarratedEpub(source)));
    epubcheck(file);
  }, 60_000);
});
