/**
 * `bun run sources:check [url]`: is each configured source still parseable? For the URL given (or,
 * without one, each source's first catalogue page, its first book and that book's first chapter)
 * it prints, per field, the selector that matched, or that none did. Exit code 1 when a field a
 * scrape needs matched nothing: time to add a selector to profiles/.
 */
import { loadConfig } from '../../config.ts';
import { sourcesConfig } from '../../features/scraping/sources-config.ts';
import { createSourceClient, sourceBases, type CheckReport, type SourceId } from './index.ts';

const REQUIRED = new Set(['title', 'chapterList', 'chapterList.rows', 'chapter.body', 'list.item']);

function print(report: CheckReport): boolean {
  console.log(`\n${report.page} ${report.url}`);
  let ok = true;
  for (const field of report.fields) {
    const mark = field.matched ? 'ok  ' : REQUIRED.has(field.field) ? 'FAIL' : 'none';
    if (!field.matched && REQUIRED.has(field.field)) ok = false;
    console.log(`  ${mark} ${field.field.padEnd(22)} ${field.matched ?? `nothing matched (tried ${field.tried.join(' | ')})`}${field.value ? `  → ${field.value}` : ''}`);
  }
  return ok;
}

const config = loadConfig();
const client = createSourceClient(sourcesConfig(config));
const given = process.argv[2];
let ok = true;
try {
  if (given) ok = print(await client.check(given));
  else {
    const bases = sourceBases(config.content);
    const sources: SourceId[] = ['novelfire', 'royalroad'];
    for (const source of sources) {
      const list = await client.catalogue(source, { page: 1 });
      ok = print(await client.check(list.items[0]?.url ? new URL(list.items[0].url).href : bases[source])) && ok;
      const book = list.items[0] ? await client.book(list.items[0].url) : null;
      if (book?.chapters[0]) ok = print(await client.check(book.chapters[0].url)) && ok;
    }
  }
} catch (error) {
  console.error(`sources:check failed: ${(error as Error).message}`);
  ok = false;
}
process.exit(ok ? 0 : 1);
