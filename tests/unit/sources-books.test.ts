import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'bun:test';
import type { SourceClient } from '../../src/integrations/sources/index.ts';
import { IRON_ARCHIVE, RR_FICTION_ID, RR_SLUG, SMALL_LIGHTS, startSourceSite, type SourceSite } from '../support/source-site/index.ts';
import { failure, siteClient } from '../support/source-site/test-client.ts';

/** Book pages and chapter lists of both adapters, read from the local site through the real client. */
let site: SourceSite;
let client: SourceClient;

beforeAll(async () => {
  site = await startSourceSite();
  ({ client } = siteClient(site));
});
afterAll(() => site.close());
beforeEach(() => site.control.reset());

describe('novelfire', () => {
  test('every book field: title, author, cover (data-src, not the data: placeholder), description without "Show more", genres, status, count', async () => {
    const book = await client.book(`${site.novelfireUrl}/book/${IRON_ARCHIVE}`);
    expect({ ...book, chapters: book.chapters.length }).toEqual({
      source: 'novelfire',
      url: `${site.novelfireUrl}/book/${IRON_ARCHIVE}`,
      sourceSlug: IRON_ARCHIVE,
      title: 'The Iron Archive',
      author: 'Selma Ork',
      coverUrl: `${site.novelfireUrl}/static/covers/${IRON_ARCHIVE}.svg`,
      description: 'Three hundred chapters of keys, ledgers and locked galleries.',
      genres: ['Fantasy', 'Martial Arts', 'Mystery'],
      status: 'completed',
      chapterCount: 300,
      chapters: 300,
    });
    const ongoing = await client.book(`${site.novelfireUrl}/book/${SMALL_LIGHTS}`);
    expect(ongoing).toMatchObject({ status: 'ongoing', chapterCount: 20, genres: ['Slice of Life'] });
  });

  test('the 300-chapter list: every page up to the highest page number seen, the chapter listed twice kept once', async () => {
    const { chapters } = await client.book(`${site.novelfireUrl}/book/${IRON_ARCHIVE}`);
    expect(chapters.map((c) => c.number)).toEqual(Array.from({ length: 300 }, (_, i) => i + 1));
    expect(new Set(chapters.map((c) => c.key)).size).toBe(300);
    expect(chapters[149]).toEqual({ key: '150', number: 150, title: expect.stringMatching(/^Chapter 150: /), url: `${site.novelfireUrl}/book/${IRON_ARCHIVE}/chapter-150` });
    // Page 1 links to pages 1-3 only: pages 4-6 are found on the way; page 7 does not exist.
    const pages = site.control.requests.map((r) => r.path).filter((p) => p.includes('/chapters'));
    expect(pages).toEqual([1, 2, 3, 4, 5, 6].map((n) => `/book/${IRON_ARCHIVE}/chapters?page=${n}`));
    // The site did list chapter 150 twice (so the single entry above is the de-duplication's work).
    const page3 = await (await fetch(`${site.novelfireUrl}/book/${IRON_ARCHIVE}/chapters?page=3`)).text();
    expect(page3.match(/href="\/book\/the-iron-archive\/chapter-150"/g)).toHaveLength(2);
  });

  test('a book that grows: new chapters appear in the list, numbered by the site', async () => {
    site.control.addChapters(SMALL_LIGHTS, 35);
    const book = await client.book(`${site.novelfireUrl}/book/${SMALL_LIGHTS}/chapter-3`);
    expect(book.chapterCount).toBe(55);
    expect(book.chapters.map((c) => c.number)).toEqual(Array.from({ length: 55 }, (_, i) => i + 1));
    expect(book.chapters.at(-1)!.url).toBe(`${site.novelfireUrl}/book/${SMALL_LIGHTS}/chapter-55`);
  });

  test('the mirror layout (/novel/ for /book/) and chapter URLs resolve to the canonical book', async () => {
    expect(client.resolve(`${site.novelfireUrl}/book/${SMALL_LIGHTS}/chapter-7?x=1#top`)).toEqual({ source: 'novelfire', bookUrl: `${site.novelfireUrl}/book/${SMALL_LIGHTS}`, sourceSlug: SMALL_LIGHTS });
    const mirrored = await client.book(`${site.novelfireUrl}/novel/${SMALL_LIGHTS}`);
    expect(mirrored).toMatchObject({ url: `${site.novelfireUrl}/novel/${SMALL_LIGHTS}`, title: 'Harbour of Small Lights' });
    expect(mirrored.chapters[0]!.url).toBe(`${site.novelfireUrl}/novel/${SMALL_LIGHTS}/chapter-1`);
    expect(await failure(client.book(`${site.novelfireUrl}/about`))).toBe('unsupported_url');
  });
});

describe('Royal Road', () => {
  const fictionUrl = () => `${site.royalroadUrl}/fiction/${RR_FICTION_ID}/${RR_SLUG}`;

  test('every book field, and the chapters from window.chapters keyed by chapter id, numbered order + 1', async () => {
    const book = await client.book(`${fictionUrl()}/chapter/${RR_FICTION_ID * 1000 + 4}/part-4`);
    expect({ ...book, chapters: book.chapters.slice(0, 2) }).toEqual({
      source: 'royalroad',
      url: fictionUrl(),
      sourceSlug: String(RR_FICTION_ID),
      title: "The Cartographer's War",
      author: 'Mika Stroud',
      coverUrl: `${site.royalroadUrl}/static/covers/${RR_SLUG}.svg`,
      description: 'Maps that redraw the land they describe.',
      genres: ['Fantasy', 'War and Military'],
      status: 'ongoing',
      chapterCount: 12,
      chapters: [1, 2].map((n) => ({ key: String(RR_FICTION_ID * 1000 + n), number: n, title: expect.stringMatching(new RegExp(`^${n}\\. `)), url: `${fictionUrl()}/chapter/${RR_FICTION_ID * 1000 + n}/part-${n}` })),
    });
    expect(book.chapters.map((c) => c.number)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    // The table of contents is one page: one request.
    expect(site.control.requests).toHaveLength(1);
  });

  test('without the script, the legacy table gives the same chapters', async () => {
    const scripted = await client.book(fictionUrl());
    site.control.fault(`/rr/fiction/${RR_FICTION_ID}/${RR_SLUG}`, 'redesign');
    const tabled = await client.book(fictionUrl());
    expect(tabled.chapters).toEqual(scripted.chapters);
  });
});
