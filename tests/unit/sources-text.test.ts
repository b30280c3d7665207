import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { SourceClient } from '../../src/integrations/sources/index.ts';
import { IRON_ARCHIVE, RR_FICTION_ID, RR_SLUG, startSourceSite, type SourceSite } from '../support/source-site/index.ts';
import { paragraphs } from '../support/source-site/prose.ts';
import { siteClient } from '../support/source-site/test-client.ts';

/** Chapter pages → clean markdown: the noise of each site goes, the story stays. */
let site: SourceSite;
let client: SourceClient;

beforeAll(async () => {
  site = await startSourceSite();
  ({ client } = siteClient(site));
});
afterAll(() => site.close());

/** The local site's seeds (books.ts): the prose a chapter must still hold. */
const IRON_SEED = 7;
const RR_SEED = 17;
const NOISE = /n[o0]v[e3][l1I]\W*f[i1I]re|novelfire|NoveIFire|ADVERTISEMENT|ad blocker|document\.write|Support us|official source|window\.ads|\u00a0|&nbsp;|<|data:image/i;

describe('novelfire', () => {
  // Chapters 1-5 carry each of the five spliced watermark wordings.
  for (const n of [1, 2, 3, 4, 5, 150]) {
    test(`chapter ${n}: no watermark, ad, script, nf element, classed paragraph or heading repeat; every paragraph of prose`, async () => {
      const book = await client.resolve(`${site.novelfireUrl}/book/${IRON_ARCHIVE}`);
      const ref = { key: String(n), number: n, title: `Chapter ${n}`, url: `${book.bookUrl}/chapter-${n}` };
      const chapter = await client.chapter(ref);
      expect(chapter.title).toMatch(new RegExp(`^Chapter ${n}: The \\w+ and the \\w+$`));
      expect(chapter.authorNote).toBeNull();
      expect(chapter.markdown).not.toMatch(NOISE);
      expect(chapter.markdown.startsWith('Chapter')).toBe(false);
      const [first, second, ...rest] = paragraphs(IRON_SEED, n);
      const blocks = chapter.markdown.split('\n\n');
      // The spliced paragraph: its own sentences on both sides of the watermark survive.
      expect(blocks[0]).toBe(`${first} ${second!.split(' ').slice(0, 6).join(' ')} continues.`);
      expect(blocks.slice(1)).toEqual(rest);
      expect(chapter.markdown.split(/\s+/).length).toBeGreaterThan(200);
    });
  }
});

describe('Royal Road', () => {
  const ref = (c: number) => {
    const id = RR_FICTION_ID * 1000 + c;
    return { key: String(id), number: c, title: `${c}.`, url: `${site.royalroadUrl}/fiction/${RR_FICTION_ID}/${RR_SLUG}/chapter/${id}/part-${c}` };
  };

  test('the author note comes apart from the text, in markdown; both notes of a chapter that has two', async () => {
    const odd = await client.chapter(ref(5));
    expect(odd.authorNote).toBe("A note from Mika Stroud\n\nThanks for reading chapter 5! Comments welcome.");
    const even = await client.chapter(ref(4));
    expect(even.authorNote).toContain('Thanks for reading chapter 4!');
    expect(even.authorNote).toContain('Next chapter on Friday.');
    for (const text of [odd.markdown, even.markdown]) expect(text).not.toMatch(/Thanks for reading|Next chapter on Friday|A note from/);
  });

  // 3, 6 and 9 also carry an anti-piracy line spliced into a visible paragraph, each worded differently.
  for (const c of [1, 3, 6, 9]) {
    test(`chapter ${c}: the line the page's style hides and the spliced piracy line go; the prose stays`, async () => {
      const chapter = await client.chapter(ref(c));
      expect(chapter.title).toMatch(new RegExp(`^${c}\\. The \\w+ and the \\w+$`));
      expect(chapter.markdown).not.toMatch(/Royal Road|Amazon|report|sightings|stolen|unlawfully|<|&nbsp;/i);
      expect(chapter.markdown.split('\n\n')).toEqual(paragraphs(RR_SEED, c));
    });
  }
});
