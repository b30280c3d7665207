import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { startTestApp, type TestApp } from '../support/app.ts';

// Previous / all chapters / next: above the chapter's text as well as below it.
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const page = async (path: string, headers: Record<string, string> = {}) => {
  const res = await app.fetch(path, { headers: { accept: 'text/html', ...headers } });
  return { res, body: await res.text() };
};
/** Every <nav> of the page whose name is given by aria-label, as [label, inner HTML]. */
const navs = (body: string) => [...body.matchAll(/<nav class="[^"]*" aria-label="([^"]+)">(.*?)<\/nav>/g)].map((m) => [m[1]!, m[2]!] as const);

describe('chapter navigation at the top and the bottom of a chapter', () => {
  test('two landmarks with their own names, the same three links, one before the text and one after it', async () => {
    const { res, body } = await page('/book/ink-and-alibis/2');
    expect(res.status).toBe(200);
    const chapterNavs = navs(body).filter(([label]) => label.startsWith('Chapter navigation'));
    expect(chapterNavs.map(([label]) => label)).toEqual(['Chapter navigation, top', 'Chapter navigation, bottom']);
    for (const [, links] of chapterNavs) {
      expect(links).toContain('rel="prev" href="/book/ink-and-alibis/1"');
      expect(links).toContain('<a class="reader-nav__contents" href="/book/ink-and-alibis#chapter-2">All chapters</a>');
      expect(links).toContain('rel="next" href="/book/ink-and-alibis/3"');
    }
    const text = body.indexOf('<div class="reader__text"');
    expect(body.indexOf('aria-label="Chapter navigation, top"')).toBeLessThan(text);
    expect(body.indexOf('aria-label="Chapter navigation, top"')).toBeGreaterThan(body.indexOf('<h1 class="reader__title"'));
    expect(body.indexOf('aria-label="Chapter navigation, bottom"')).toBeGreaterThan(text);
    // The keys (public/js/reader.js) still find their targets on the article.
    expect(body).toContain('data-prev-url="/book/ink-and-alibis/1" data-next-url="/book/ink-and-alibis/3"');
  });

  test('at the ends of the book both navs keep the missing step in place, disabled', async () => {
    const first = await page('/book/ink-and-alibis/1');
    const [top, bottom] = navs(first.body).filter(([label]) => label.startsWith('Chapter navigation'));
    for (const [, links] of [top!, bottom!]) {
      expect(links).toContain('<a class="button button--quiet reader-nav__step reader-nav__prev" role="link" aria-disabled="true">');
      expect(links).toContain('rel="next" href="/book/ink-and-alibis/2"');
    }
    expect(first.body).not.toContain('rel="prev"');
  });

  test('the chapter list link goes to the list page holding the chapter', async () => {
    const db = app.platform.db;
    await db.insertInto('books').values({ slug: 'nav-long', title: 'Nav Long', author: 'N' }).execute();
    await db.insertInto('chapters').values([76, 77, 78].map((number) => ({ book_slug: 'nav-long', number, title: '', text: 'x' }))).execute();
    const { body } = await page('/book/nav-long/77');
    const contents = [...body.matchAll(/<a class="reader-nav__contents" href="([^"]+)">/g)].map((m) => m[1]);
    expect(contents).toEqual(['/book/nav-long?chapters_page=2#chapter-77', '/book/nav-long?chapters_page=2#chapter-77']);
  });

  test('the names are in the reader\'s language', async () => {
    const names = {
      pt: ['Navegação entre capítulos, topo', 'Navegação entre capítulos, fim'],
      es: ['Navegación entre capítulos, arriba', 'Navegación entre capítulos, abajo'],
      fr: ['Navigation entre les chapitres, en haut', 'Navigation entre les chapitres, en bas'],
      id: ['Navigasi bab, atas', 'Navigasi bab, bawah'],
    };
    for (const [locale, [top, bottom]] of Object.entries(names)) {
      const { body } = await page('/book/ink-and-alibis/3', { 'accept-language': locale });
      expect(body).toContain(`aria-label="${top}"`);
      expect(body).toContain(`aria-label="${bottom}"`);
    }
  });
});
