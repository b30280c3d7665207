import { afterAll, beforeAll, expect, test } from 'bun:test';
import { parseDocument } from 'htmlparser2';
import { findOne, getAttributeValue, textContent } from 'domutils';
import type { Element } from 'domhandler';
import { startTestApp, type TestApp } from '../support/app.ts';

/** The audio player's markup on the chapter page (its behaviour: tests/e2e/player*.e2e.ts). */
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

async function player(path: string, cookie?: string) {
  const res = await app.fetch(path, { headers: { accept: 'text/html', ...(cookie ? { cookie } : {}) } });
  expect(res.status).toBe(200);
  const doc = parseDocument(await res.text());
  const section = findOne((e) => e.attribs['data-player'] !== undefined, doc.children, true);
  expect(section).not.toBeNull();
  const part = (name: string) => findOne((e) => e.attribs[`data-player-${name}`] !== undefined, section!.children, true);
  return { section: section!, part, attr: (name: string) => getAttributeValue(section!, name) };
}

test('a book without a cover: the player shows its drawn cover (PNG, which media controls take)', async () => {
  await app.platform.db.updateTable('books').set({ cover_key: null }).where('slug', '=', 'letters-to-the-lighthouse').execute();
  const { attr } = await player('/book/letters-to-the-lighthouse/1');
  expect(attr('data-cover')).toMatch(/^\/covers\/_drawn\/letters-to-the-lighthouse\.png\?v=[0-9a-f]{10}$/);
  const cover = await app.fetch(attr('data-cover')!);
  expect(cover.status).toBe(200);
  expect(cover.headers.get('content-type')).toBe('image/png');
  // Shared links show it too.
  for (const path of ['/book/letters-to-the-lighthouse', '/book/letters-to-the-lighthouse/1']) {
    const html = await (await app.fetch(path, { headers: { accept: 'text/html' } })).text();
    expect(html).toMatch(/<meta property="og:image" content="http:\/\/[^"]+\/covers\/_drawn\/letters-to-the-lighthouse\.png\?v=[0-9a-f]{10}"/);
  }
});

test('hidden until its script runs; carries the chapter, book, cover and next chapter, nothing about the listener', async () => {
  const { section, attr, part } = await player('/book/ink-and-alibis/2');
  expect(section.attribs.hidden).toBe('');
  expect(attr('data-slug')).toBe('ink-and-alibis');
  expect(attr('data-chapter')).toBe('2');
  expect(attr('data-title')).toBe('Who Holds the Key');
  expect(attr('data-book')).toBe('Ink and Alibis');
  expect(attr('data-author')).toBe('Margery Fell');
  expect(attr('data-cover')).toMatch(/^\/covers\/ink-and-alibis\/[0-9a-f]+\.svg$/);
  expect(attr('data-next-url')).toBe('/book/ink-and-alibis/3');
  expect(attr('data-next-chapter')).toBe('3');
  // Speed and position are filled in by the script from the listener's settings and progress.
  expect(getAttributeValue(part('speed') as Element, 'value')).toBe('1');
  expect(textContent(part('elapsed') as Element)).toBe('0:00');
  expect(getAttributeValue(part('audio') as Element, 'preload')).toBe('none');
  expect(getAttributeValue(part('audio') as Element, 'src')).toBeUndefined();
});

test('the sleep timer offers the end of the chapter and 15, 30, 45 and 60 minutes; the speed slider reaches 3', async () => {
  const { part } = await player('/book/ink-and-alibis/2');
  const sleep = part('sleep') as Element;
  const options = sleep.children.filter((c): c is Element => (c as Element).name === 'option').map((o) => o.attribs.value);
  expect(options).toEqual(['', 'chapter', '15', '30', '45', '60']);
  const speed = part('speed') as Element;
  expect([speed.attribs.min, speed.attribs.max]).toEqual(['0.5', '3']);
});

test('the last chapter has no next chapter to play on to', async () => {
  const { attr, part } = await player('/book/ink-and-alibis/6');
  expect(attr('data-next-url')).toBeUndefined();
  expect(part('auto-next')).toBeNull();
});

test('its words are in the reader\'s language, including both ways of saying the daily limit', async () => {
  const { attr, part } = await player('/book/ink-and-alibis/2', 'locale=fr');
  expect(textContent(part('listen-label') as Element)).toBe('Écouter');
  // The page is the same under every policy: the number, and which words, come from /api/policy when the limit is met.
  expect(attr('data-msg-upgrade')).toContain('Chapterhouse Pro');
  expect(attr('data-msg-upgrade')).toContain('{n} chapitres gratuits');
  expect(attr('data-msg-limit')).toBe('Vous avez atteint la limite d’écoute quotidienne de ce serveur ({n} par jour), fixée par son propriétaire. Elle repart demain.');
  expect(attr('data-msg-limit')).not.toContain('Pro');
});
