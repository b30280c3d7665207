/**
 * `bun bench/scrape.ts [--chapters N] [--pages P]` prints:
 *  - chapters per second scraped from the local source site at the default politeness (2 requests/s
 *    per host) and with no limit, and how many chapters failed (target: the configured rate within
 *    5 % and none failed; at least 50 chapters/s without a limit);
 *  - the peak memory of importing a 1,000-page PDF (target: under 300 MB), in a child process so
 *    the figure is the import's alone. The PDF is made once with pandoc + weasyprint and cached.
 * Not a test: figures, not verdicts.
 */
import { startSourceSite, IRON_ARCHIVE } from '../tests/support/source-site/index.ts';
import { createSourceClient, type SourcesConfig } from '../src/integrations/sources/index.ts';
import { thousandPagePdf } from './scrape/pdf.ts';

const args = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};

async function rate(ratePerSecond: number, chapters: number) {
  const site = await startSourceSite();
  const config: SourcesConfig = { novelfireBaseUrl: site.novelfireUrl, royalroadBaseUrl: null, ratePerSecond, timeoutMs: 20_000, maxBytes: 5 * 1024 * 1024, maxRetries: 5, maxBackoffMs: 60_000, emptyRetries: 3 };
  const client = createSourceClient(config);
  const book = await client.book(`${site.novelfireUrl}/book/${IRON_ARCHIVE}`);
  const refs = book.chapters.slice(0, chapters);
  let failed = 0;
  // The clock starts after the first chapter: the book's own pages spent tokens before it.
  await client.chapter(refs[0]!).catch(() => failed++);
  const started = performance.now();
  for (const ref of refs.slice(1)) {
    try {
      const text = await client.chapter(ref);
      if (!text.markdown) failed++;
    } catch {
      failed++;
    }
  }
  const seconds = (performance.now() - started) / 1000;
  await site.close();
  return { perSecond: (refs.length - 1) / seconds, seconds, failed, chapters: refs.length };
}

const polite = await rate(2, option('chapters', 41));
console.log(`scrape at the default limit (2 requests/s): ${polite.perSecond.toFixed(3)} chapters/s over ${polite.chapters} chapters (${polite.seconds.toFixed(1)} s), ${polite.failed} failed, ${((Math.abs(polite.perSecond - 2) / 2) * 100).toFixed(2)} % off the limit`);
const free = await rate(0, 300);
console.log(`scrape with no limit: ${free.perSecond.toFixed(1)} chapters/s over ${free.chapters} chapters (${free.seconds.toFixed(2)} s), ${free.failed} failed`);

const pdf = await thousandPagePdf(option('pages', 1000));
if (!pdf) console.log('import of a 1,000-page PDF: skipped (needs Debian pandoc and weasyprint to make the file once)');
else {
  const child = Bun.spawn([process.execPath, new URL('./scrape/import-child.ts', import.meta.url).pathname, pdf.path], { stdout: 'pipe', stderr: 'inherit' });
  const report = JSON.parse(await new Response(child.stdout).text()) as { peakMb: number; seconds: number; chapters: number; rule: string };
  console.log(`import of a ${pdf.pages}-page PDF: peak RSS ${report.peakMb.toFixed(0)} MB, ${report.seconds.toFixed(1)} s, ${report.chapters} chapters by ${report.rule}`);
}
