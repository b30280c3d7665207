/**
 * `bun bench/import-pdf.ts [--pages 1000]` prints how parseBook fares on a long PDF: pages,
 * chapters, the rule used, seconds, and the peak resident memory sampled every 50 ms (target:
 * under 300 MB). The book is typeset once by weasyprint from generated HTML (running header, page
 * numbers, justified hyphenated text, a chapter every few pages) and cached in the temp dir.
 * Not a test: figures, not verdicts.
 */
import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getDocumentProxy } from 'unpdf';
import { readFile } from 'node:fs/promises';
import { parseBook } from '../src/features/imports/parse/index.ts';

const args = process.argv.slice(2);
const pages = Number(args[args.indexOf('--pages') + 1]) || 1000;

const WORDS = 'the harbour lantern ledger tide fog keeper light owed returned winter salt rope stair widow candle schooner beacon reckoning quiet window morning evening water stone gull wall frost debt ink page grandmother town fishermen boat mainland oilcloth magnifying glass corridor voice weight careful hand note cover bundle kitchen table chandlery account century entry iron small neat tick steady stars remember borrowed lent given burned wandering forgiven mantelpiece photograph moustache neighbour friend'.split(' ');

/** A seeded generator: the same book on every machine. */
function random(seed: number) {
  return () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
}

function sentence(next: () => number): string {
  const words = Array.from({ length: 8 + Math.floor(next() * 14) }, () => WORDS[Math.floor(next() * WORDS.length)]!);
  words[0] = words[0]!.charAt(0).toUpperCase() + words[0]!.slice(1);
  return `${words.join(' ')}.`;
}

async function makeBook(target: number): Promise<string> {
  const dir = join(tmpdir(), 'chapterhouse-bench');
  // The name carries the generator's version: a change to the book below makes a new file.
  const path = join(dir, `import-${target}p-v2.pdf`);
  if (existsSync(path)) return path;
  if (!Bun.which('weasyprint')) throw new Error('weasyprint (Debian package) is needed once to typeset the bench PDF');
  mkdirSync(dir, { recursive: true });
  const next = random(7);
  // About 180 words a page at A5 with this text; twelve paragraphs fill 4.2 pages.
  const chapters = Math.round(target / 4.2);
  const body: string[] = [];
  for (let c = 1; c <= chapters; c++) {
    body.push(`<h1>Chapter ${c}: ${sentence(next).split(' ').slice(0, 3).join(' ')}</h1>`);
    for (let p = 0; p < 12; p++) body.push(`<p>${Array.from({ length: 3 + Math.floor(next() * 4) }, () => sentence(next)).join(' ')}</p>`);
  }
  const css = `@page { size: A5; margin: 20mm 16mm; @top-center { content: "The Long Ledger"; font-size: 9pt } @bottom-center { content: counter(page); font-size: 9pt } }
    body { font: 11pt/1.4 serif; text-align: justify; hyphens: auto } h1 { page-break-before: always; font-size: 17pt } p { margin: 0 0 0.5em }`;
  const html = join(dir, `import-${target}p-v2.html`);
  writeFileSync(html, `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>The Long Ledger</title><meta name="author" content="Bench Writer"><style>${css}</style></head><body>${body.join('\n')}</body></html>`);
  console.log(`typesetting a ~${target}-page PDF once with weasyprint (a few minutes)…`);
  const made = Bun.spawnSync(['weasyprint', html, `${path}.part`], { stdout: 'ignore', stderr: 'inherit' });
  if (made.exitCode !== 0) throw new Error('weasyprint failed');
  renameSync(`${path}.part`, path);
  return path;
}

const path = await makeBook(pages);
Bun.gc(true);
const before = process.memoryUsage().rss;
let peak = before;
const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
const started = performance.now();
let read = 0;
const book = await parseBook(path, 'pdf', { onProgress: (f) => (read = f) });
const seconds = (performance.now() - started) / 1000;
peak = Math.max(peak, process.memoryUsage().rss);
clearInterval(sampler);
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const pdf = await getDocumentProxy(new Uint8Array(await readFile(path)));
const actual = pdf.numPages;
await pdf.destroy();
const words = book.chapters.reduce((n, c) => n + c.markdown.split(/\s+/).length, 0);
console.log(`file: ${path}`);
console.log(`pages: ${actual} (${pages} asked); chapters: ${book.chapters.length} (rule ${book.rule}); words: ${words}; progress reached ${read}`);
console.log(`time: ${seconds.toFixed(1)} s (${((seconds * 1000) / pages).toFixed(1)} ms a page)`);
console.log(`peak RSS: ${mb(peak)} (before parsing: ${mb(before)}; target: under 300 MB)`);
