/**
 * `bun run sources:check [url]`: is each configured source still parseable? For the URL given (or,
 * without one, each source's first catalogue page, its first book and that book's first chapter)
 * it prints, per field, the selector that matched, or that none did. Exit code 1 when a field a
 * scrape needs matched nothing: time to add a selector to the source's profile.ts.
 * Reads each source's base URL variable (SOURCE_BASE_URL, …) and SCRAPE_RATE only, so it runs
 * without the rest of the server's configuration.
 */
import { catalogueUrl } from './lists.ts';
import { createSourceClient, sourceBases, sourcesConfigFromEnv, SOURCES, type CheckReport, type SourceClient, type SourceId } from './index.ts';

const REQUIRED = new Set(['title', 'chapterList', 'chapterList.rows', 'chapter.body', 'list.item', 'list.link']);

function print(report: CheckReport): boolean {
  console.log(`\n${report.page} ${report.url}`);
  let ok = true;
  for (const field of report.fields) {
    const required = REQUIRED.has(field.field);
    if (!field.matched && required) ok = false;
    const mark = field.matched ? 'ok  ' : required ? 'FAIL' : 'none';
    const found = field.matched ?? `nothing matched (tried ${field.tried.join(' | ')})`;
    console.log(`  ${mark} ${field.field.padEnd(22)} ${found}${field.value ? `  → ${field.value}` : ''}`);
  }
  return ok;
}

/** A catalogue page, its first book, that book's first chapter: the pages a scrape walks. */
async function checkSource(client: SourceClient, source: SourceId, base: string): Promise<boolean> {
  const listUrl = catalogueUrl(source, base, { page: 1 });
  let ok = print(await client.check(listUrl));
  const first = (await client.catalogue(source, { page: 1 })).items[0];
  if (!first) return false;
  ok = print(await client.check(first.url)) && ok;
  const book = await client.book(first.url);
  if (!book.chapters[0]) return false;
  return print(await client.check(book.chapters[0].url)) && ok;
}

const config = sourcesConfigFromEnv(process.env);
const client = createSourceClient(config);
const given = process.argv[2];
let ok = true;
if (given) {
  ok = await client.check(given).then(print, (error: Error) => (console.error(`${given}: ${error.message}`), false));
} else {
  const bases = sourceBases(config);
  // Each source's own site; its mirrors have the same pages.
  for (const source of SOURCES.map((s) => s.sites[0].id)) {
    const passed = await checkSource(client, source, bases[source]).catch((error: Error) => (console.error(`${source}: ${error.message}`), false));
    ok = passed && ok;
  }
}
process.exit(ok ? 0 : 1);
