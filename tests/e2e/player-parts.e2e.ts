import { afterAll, beforeAll, expect, test } from 'bun:test';
import { resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from './support.ts';

/** The player's parts (public/js/player/*.js) on a bare page in Chromium, without the app. */
let browser: Browser;
let page: Page;
const part = (name: string) => resolve(import.meta.dir, `../../public/js/player/${name}.js`);

beforeAll(async () => {
  browser = await launchBrowser();
  page = await browser.newPage();
  await page.goto('data:text/html,<!doctype html><meta charset=utf-8><title>parts</title>');
  for (const name of ['format', 'sleep', 'highlight']) await page.addScriptTag({ path: part(name) });
});
afterAll(() => browser.close());

test('sentences are found in the text whatever the markup, quotes and spacing; ones that are not there stay null', async () => {
  const found = await page.evaluate(() => {
    document.body.innerHTML = `<div id="t">
      <h2>The Harbour</h2>
      <p>“Is it <em>really</em> you?” she asked.   He   nodded.</p>
      <p>The <a href="#x">lighthouse</a> was dark&nbsp;— nobody had lit it since 1902. <img alt="a map"> Then the bell rang.</p>
      <ul><li>Salt</li><li>Rope</li></ul>
    </div>`;
    const sentences = ['Chapter 4: The Harbour.', 'The Harbour.', '"Is it really you?" she asked.', 'He nodded.', 'The lighthouse was dark - nobody had lit it since 1902.', 'A sentence the page does not have.', 'Then the bell rang.', 'Salt.', 'Rope.'].map((text, i) => ({ start: i, end: i + 1, text }));
    const ranges = (window as any).ChapterhousePlayer.locateSentences(document.getElementById('t'), sentences);
    return ranges.map((r: Range | null) => (r ? r.toString().replace(/\s+/g, ' ') : null));
  });
  expect(found).toEqual([
    null, // the title is read first but is not in the chapter's text
    'The Harbour',
    '“Is it really you?” she asked.',
    'He nodded.',
    'The lighthouse was dark — nobody had lit it since 1902.',
    null,
    'Then the bell rang.',
    'Salt',
    'Rope',
  ]);
});

test('a short sentence found only far ahead (a title repeated in the text) is not taken, so it does not skip what comes between', async () => {
  const found = await page.evaluate(() => {
    document.body.innerHTML = `<div id="t"><p>The departure board had already flipped the express to its last service before closure. Clara read it twice and walked the length of platform nine.</p><p>The train was old.</p></div>`;
    const sentences = ['Platform Nine', 'The departure board had already flipped the express to its last service before closure.', 'Clara read it twice and walked the length of platform nine.', 'The train was old.'].map((text, i) => ({ start: i, end: i + 1, text }));
    return (window as any).ChapterhousePlayer.locateSentences(document.getElementById('t'), sentences).map((r: Range | null) => (r ? r.toString() : null));
  });
  expect(found).toEqual([null, 'The departure board had already flipped the express to its last service before closure.', 'Clara read it twice and walked the length of platform nine.', 'The train was old.']);
});

test('the sleep timer counts down, survives a reload of the tab (sessionStorage) and calls back once when it runs out', async () => {
  await page.goto('data:text/html,<!doctype html><title>sleep</title>');
  // data: URLs have no storage; use a real origin served by Chromium itself.
  await page.route('http://player.test/**', (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>sleep</title>' }));
  await page.goto('http://player.test/');
  for (const name of ['format', 'sleep']) await page.addScriptTag({ path: part(name) });
  const first = await page.evaluate(() => {
    const ticks: (number | null)[] = [];
    const timer = (window as any).ChapterhousePlayer.createSleepTimer(() => {}, (_state: unknown, left: number | null) => ticks.push(left));
    timer.choose('15');
    return { value: timer.value(), left: timer.left(), chapter: timer.stopsAtChapterEnd(), ticks };
  });
  expect(first.value).toBe('15');
  expect(first.left).toBeGreaterThan(899);
  expect(first.left).toBeLessThanOrEqual(900);
  expect(first.chapter).toBe(false);

  await page.reload();
  for (const name of ['format', 'sleep']) await page.addScriptTag({ path: part(name) });
  const again = await page.evaluate(() => {
    const timer = (window as any).ChapterhousePlayer.createSleepTimer(() => {}, () => {});
    return { value: timer.value(), left: timer.left() };
  });
  expect(again.value).toBe('15');
  expect(again.left).toBeLessThan(first.left!);

  // A deadline that has passed: the callback fires once and the timer is off.
  const expired = await page.evaluate(async () => {
    const saved = JSON.parse(sessionStorage.getItem('chapterhouse.sleep')!);
    sessionStorage.setItem('chapterhouse.sleep', JSON.stringify({ ...saved, deadline: Date.now() + 1200 }));
    let calls = 0;
    const timer = (window as any).ChapterhousePlayer.createSleepTimer(() => calls++, () => {});
    await new Promise((r) => setTimeout(r, 3500));
    return { calls, value: timer.value(), stored: sessionStorage.getItem('chapterhouse.sleep') };
  });
  expect(expired).toEqual({ calls: 1, value: '', stored: null });

  const chapter = await page.evaluate(() => {
    const timer = (window as any).ChapterhousePlayer.createSleepTimer(() => {}, () => {});
    timer.choose('chapter');
    return { value: timer.value(), end: timer.stopsAtChapterEnd(), left: timer.left() };
  });
  expect(chapter).toEqual({ value: 'chapter', end: true, left: null });
});

test('clock and speed labels', async () => {
  const labels = await page.evaluate(() => {
    const ns = (window as any).ChapterhousePlayer;
    return [ns.clock(0), ns.clock(75.4), ns.clock(3725), ns.clock(Infinity), ns.clock(NaN), ns.speedLabel(1), ns.speedLabel(2.5), ns.speedLabel(1.25), ns.speedLabel(0.75000001)];
  });
  expect(labels).toEqual(['0:00', '1:15', '1:02:05', '--:--', '--:--', '1×', '2.5×', '1.25×', '0.75×']);
});
