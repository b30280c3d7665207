import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'bun:test';
import { join } from 'node:path';
import type { CheckReport, SourceClient } from '../../src/integrations/sources/index.ts';
import { IRON_ARCHIVE, nfChapterPath, RR_FICTION_ID, RR_SLUG, rrChapterPath, startSourceSite, type SourceSite } from '../support/source-site/index.ts';
import { siteClient } from '../support/source-site/test-client.ts';

/** The health check (`bun run sources:check`): per field, which selector matched, or that none did. */
let site: SourceSite;
let client: SourceClient;

beforeAll(async () => {
  site = await startSourceSite();
  ({ client } = siteClient(site));
});
afterAll(() => site.close());
beforeEach(() => site.control.reset());

const fieldsOf = (report: CheckReport) => Object.fromEntries(report.fields.map((f) => [f.field, f.matched]));

describe('check', () => {
  test('a novelfire book page as it is: every field found by its first selector', async () => {
    const report = await client.check(`${site.novelfireUrl}/book/${IRON_ARCHIVE}`);
    expect(report.page).toBe('book');
    expect(fieldsOf(report)).toMatchObject({
      title: 'div.novel-info h1.novel-title',
      author: 'span[itemprop=author]',
      cover: 'figure.cover img',
      description: '.summary .content',
      genres: '.categories .property-item',
      status: '.header-stats strong.completed',
      chapterCount: '.header-stats span:has(i.icon-book-open) strong',
      'chapterList.rows': 'ul.chapter-list li a[href]',
    });
    expect(report.fields.find((f) => f.field === 'author')).toEqual({ field: 'author', matched: 'span[itemprop=author]', tried: ['span[itemprop=author]', '.author a', '.author span'], value: 'Selma Ork' });
  });

  test('after a redesign: fallback selectors that matched, and fields that matched nothing, with what was tried', async () => {
    site.control.fault(`/book/${IRON_ARCHIVE}`, 'redesign');
    const report = await client.check(`${site.novelfireUrl}/book/${IRON_ARCHIVE}`);
    expect(fieldsOf(report)).toMatchObject({ title: 'h1[itemprop=name]', cover: 'meta[property="og:image"]', description: '.summary', author: null, genres: null, status: null, chapterCount: null });
    const genres = report.fields.find((f) => f.field === 'genres')!;
    expect(genres).toEqual({ field: 'genres', matched: null, tried: ['.categories .property-item', '.categories a'] });
    // The description fallback read the summary without its "Show more".
    expect(report.fields.find((f) => f.field === 'description')!.value).toBe('Three hundred chapters of keys, ledgers and locked galleries.');
  });

  test('Royal Road: the script, then the legacy table; chapter body and author note', async () => {
    const fiction = `${site.royalroadUrl}/fiction/${RR_FICTION_ID}/${RR_SLUG}`;
    expect(fieldsOf(await client.check(fiction)).chapterList).toBe('window.chapters');
    site.control.fault(`/rr/fiction/${RR_FICTION_ID}/${RR_SLUG}`, 'redesign');
    expect(fieldsOf(await client.check(fiction)).chapterList).toBe('table#chapters tr.chapter-row');
    const chapter = await client.check(`${site.url}${rrChapterPath(2)}`);
    expect(chapter.page).toBe('chapter');
    expect(fieldsOf(chapter)).toMatchObject({ 'chapter.body': 'div.chapter-inner.chapter-content', 'chapter.authorNote': 'div.author-note-portlet' });
  });

  test('a chapter page without its body, and an empty list: reported, not thrown', async () => {
    expect(fieldsOf(await client.check(`${site.novelfireUrl}${nfChapterPath(IRON_ARCHIVE, 2)}`))).toMatchObject({ 'chapter.title': 'span.chapter-title', 'chapter.body': 'div#content' });
    site.control.fault(nfChapterPath(IRON_ARCHIVE, 2), 'redesign');
    const chapter = await client.check(`${site.novelfireUrl}${nfChapterPath(IRON_ARCHIVE, 2)}`);
    expect(chapter.fields.find((f) => f.field === 'chapter.body')).toEqual({ field: 'chapter.body', matched: null, tried: ['div#content', '#chapter-container', '.chapter-content'] });
    const list = await client.check(`${site.novelfireUrl}/genre-no-such-genre/sort-popular/status-all/all-novel?page=1`);
    expect(list.page).toBe('list');
    expect(fieldsOf(list)).toMatchObject({ 'list.item': null, 'list.next': null });
  });
});

describe('bun run sources:check', () => {
  const run = async (...args: string[]) => {
    // Asynchronous: the site answers from this very process.
    const child = Bun.spawn([process.execPath, join(import.meta.dir, '../../src/integrations/sources/check-cli.ts'), ...args], {
      env: { ...process.env, SOURCE_BASE_URL: site.novelfireUrl, SOURCE_ROYALROAD_URL: site.royalroadUrl, SCRAPE_RATE: '0' },
      stdout: 'pipe',
      stderr: 'pipe',
    });
    const [out, code] = await Promise.all([new Response(child.stdout).text(), child.exited]);
    return { out, code };
  };

  test('without a URL: a catalogue page, its first book and that book first chapter of each source; exit 0', async () => {
    const { out, code } = await run();
    expect(code).toBe(0);
    expect(out).toContain(`list ${site.novelfireUrl}/genre-all/sort-popular/status-all/all-novel?page=1`);
    expect(out).toContain(`book ${site.novelfireUrl}/book/${IRON_ARCHIVE}`);
    expect(out).toContain(`chapter ${site.novelfireUrl}/book/${IRON_ARCHIVE}/chapter-1`);
    expect(out).toContain(`chapter ${site.url}${rrChapterPath(1)}`);
    expect(out).not.toContain('FAIL');
  }, 20_000);

  test('a required field that matched nothing: FAIL and exit 1', async () => {
    const { out, code } = await run(`${site.novelfireUrl}/genre-no-such-genre/sort-popular/status-all/all-novel?page=1`);
    expect(code).toBe(1);
    expect(out).toMatch(/FAIL list\.item\s+nothing matched \(tried ul\.novel-list li\.novel-item \| \.novel-list \.novel-item\)/);
  }, 20_000);
});
