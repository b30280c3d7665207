import { describe, expect, test } from 'bun:test';
import { parseNovelfireBook, parseNovelfireChapter, parseNovelfireChapterList } from '../../src/integrations/sources/novelfire/parse.ts';
import { parseRoyalroadBook, parseRoyalroadChapter } from '../../src/integrations/sources/royalroad/parse.ts';
import { scrubWatermarks } from '../../src/integrations/sources/watermarks.ts';
import { chapterList } from '../../src/integrations/sources/pagination.ts';
import type { Trace } from '../../src/integrations/sources/extract.ts';

/** Pages as the sites write them (sources.md), parsed by the profiles' selectors. */
describe('watermarks spliced into the text', () => {
  test('sentences naming the site go, misspelt domains included; the prose around them stays', () => {
    expect(scrubWatermarks('She ran. Read the latest at novelfire.net. Then she stopped.')).toBe('She ran. Then she stopped.');
    for (const mark of ['n0velfire.net', 'NoveIFire.net', 'novel-fire[.]net', 'novelfire dot net', 'NOVELFIRE.NET', 'novelphoenix.com']) {
      expect({ mark, out: scrubWatermarks(`A lamp. Find this at ${mark} first! A stair.`) }).toEqual({ mark, out: 'A lamp. A stair.' });
    }
    expect(scrubWatermarks('The novel fire spread along the dock.')).toBe('The novel fire spread along the dock.');
    // As the markdown conversion escapes it.
    expect(scrubWatermarks('A lamp. Read it at novelfire\\[.\\]net now. A stair.')).toBe('A lamp. A stair.');
  });

  test("Royal Road's anti-piracy lines in their wordings, with the plea that follows; prose about theft stays", () => {
    expect(scrubWatermarks('Good. This narrative has been unlawfully taken from Royal Road. Report it. She left.')).toBe('Good. She left.');
    expect(scrubWatermarks('Rain. If you spot this story on Amazon, know that it has been stolen. Report the violation.\nWind.')).toBe('Rain.\nWind.');
    expect(scrubWatermarks('Unauthorized usage: this tale is on Amazon without the author’s consent. Report any sightings. Dusk.')).toBe('Dusk.');
    const prose = 'He reported the stolen horse to the captain. The tale of the theft was long. Report it, she said.';
    expect(scrubWatermarks(prose)).toBe(prose);
  });
});

describe('novelfire', () => {
  test('a redesign: the fallback selector finds the title, a field that matches nothing is reported', () => {
    const trace: Trace = [];
    const book = parseNovelfireBook('<h1 itemprop="name">New Layout</h1><meta property="og:image" content="/c.jpg">', 'https://novelfire.net/book/x', trace);
    expect(book).toMatchObject({ title: 'New Layout', coverUrl: 'https://novelfire.net/c.jpg', author: '', status: 'ongoing' });
    expect(trace.find((f) => f.field === 'title')).toMatchObject({ matched: 'h1[itemprop=name]' });
    expect(trace.find((f) => f.field === 'author')).toMatchObject({ matched: null });
  });

  test('a cover in data-src wins over a data: placeholder in src', () => {
    const book = parseNovelfireBook('<div class="novel-info"><h1 class="novel-title">T</h1></div><figure class="cover"><img src="data:image/gif;base64,AAA" data-src="/real.jpg"></figure>', 'https://novelfire.net/book/t');
    expect(book.coverUrl).toBe('https://novelfire.net/real.jpg');
  });

  test('the chapter list follows pagination to the highest page seen, not the last link', async () => {
    const page = (n: number, last: number) =>
      `<ul class="chapter-list">${[1, 2].map((i) => `<li><a href="/book/b/chapter-${(n - 1) * 2 + i}" title="C${(n - 1) * 2 + i}"></a></li>`).join('')}</ul>
       <ul class="pagination">${[n - 1, n, n + 1].filter((p) => p >= 1 && p <= last).map((p) => `<a class="page-link" href="?page=${p}">${p}</a>`).join('')}${n < last ? '<a rel="next" href="?page=' + (n + 1) + '">›</a>' : ''}</ul>`;
    const asked: number[] = [];
    const chapters = await chapterList(async (n) => (asked.push(n), parseNovelfireChapterList(page(n, 6), 'https://novelfire.net/book/b/chapters')));
    expect(asked).toEqual([1, 2, 3, 4, 5, 6]);
    expect(chapters.map((c) => c.number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(chapters[0]).toMatchObject({ key: '1', title: 'C1', url: 'https://novelfire.net/book/b/chapter-1' });
  });

  test('a chapter body keeps the story and loses the rest', () => {
    const html = `<span class="chapter-title">Chapter 3: Gate</span><div id="content">
      <p>Chapter 3: Gate</p><p>The&nbsp;gate was <em>open</em>. Read more at n0velfire.net. Nobody came.</p>
      <div class="box-ads">BUY</div><p class="wm">novelfire.net</p><nfx1>x</nfx1><script>evil()</script>
      <p>Second paragraph.</p><img src="/adblock.png"><div class="box-notification">Disable your ad blocker</div></div>`;
    const chapter = parseNovelfireChapter(html, { number: 3, title: 'Chapter 3: Gate' });
    expect(chapter).toEqual({ title: 'Chapter 3: Gate', markdown: 'The gate was *open*. Nobody came.\n\nSecond paragraph.', authorNote: null });
  });
});

describe('Royal Road', () => {
  test('the table of contents from window.chapters, keyed by chapter id; the old table as a fallback', () => {
    const scripted = parseRoyalroadBook(`<div class="fic-header"><h1>F</h1></div><span class="label">COMPLETED</span><script>window.chapters = [{"id":91,"title":"One","order":0,"url":"/fiction/1/f/chapter/91/one"},{"id":95,"title":"Two","order":1,"url":"/fiction/1/f/chapter/95/two"}];</script>`, 'https://www.royalroad.com/fiction/1/f');
    expect(scripted.status).toBe('completed');
    expect(scripted.chapters).toEqual([
      { key: '91', number: 1, title: 'One', url: 'https://www.royalroad.com/fiction/1/f/chapter/91/one' },
      { key: '95', number: 2, title: 'Two', url: 'https://www.royalroad.com/fiction/1/f/chapter/95/two' },
    ]);
    const legacy = parseRoyalroadBook('<div class="fic-header"><h1>F</h1></div><table id="chapters"><tr class="chapter-row"><td><a href="/fiction/1/f/chapter/7/a">A</a></td></tr></table>', 'https://www.royalroad.com/fiction/1/f');
    expect(legacy.chapters).toEqual([{ key: '7', number: 1, title: 'A', url: 'https://www.royalroad.com/fiction/1/f/chapter/7/a' }]);
  });

  test('what the page hides with its own style rules is removed; the author note is kept apart', () => {
    const html = `<style>.xq1{display:none;speak:never}</style><div class="author-note-portlet"><p>Thanks!</p></div>
      <div class="chapter-inner chapter-content"><p>Story.</p><span class="xq1">Stolen from Royal Road.</span><p>More story.</p><p style="display:none">hidden too</p></div>`;
    expect(parseRoyalroadChapter(html, { number: 1, title: 'One' })).toEqual({ title: 'One', markdown: 'Story.\n\nMore story.', authorNote: 'Thanks!' });
  });
});
