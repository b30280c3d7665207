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

test('the sleep timer counts listening, not the wall clock: a pause stops it, a reload keeps it, the last 10 s fade out and the volume comes back', async () => {
  // A tab of its own with Playwright's clock: time moves only when the test says so.
  const context = await browser.newContext();
  const tab = await context.newPage();
  // data: URLs have no storage; use a real origin served by Chromium itself.
  await tab.route('http://player.test/**', (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>sleep</title>' }));
  await context.clock.install();
  await tab.goto('http://player.test/');
  await context.clock.pauseAt((await tab.evaluate(() => Date.now())) + 1000);
  // The audio element's part the timer uses: its events, paused, ended and volume.
  const start = async () => {
    for (const name of ['format', 'sleep']) await tab.addScriptTag({ path: part(name) });
    await tab.evaluate(() => {
      const audio = Object.assign(new EventTarget(), { paused: true, ended: false, volume: 0.8 });
      const player = {
        audio,
        expired: 0,
        play: () => {
          audio.paused = false;
          audio.dispatchEvent(new Event('playing'));
        },
        pause: () => {
          audio.paused = true;
          audio.dispatchEvent(new Event('pause'));
        },
        timer: null as any,
        read: () => ({ left: player.timer.left(), value: player.timer.value(), volume: audio.volume, paused: audio.paused, expired: player.expired, wall: Date.now() }),
      };
      player.timer = (window as any).ChapterhousePlayer.createSleepTimer(() => {
        player.expired++;
        player.pause();
      }, () => {}, audio);
      (window as any).player = player;
    });
  };
  const read = () => tab.evaluate(() => (window as any).player.read());
  const act = (what: string) => tab.evaluate((w) => (window as any).player[w](), what);

  await start();
  await tab.evaluate(() => (window as any).player.timer.choose('1'));
  expect(await read()).toMatchObject({ left: 60, value: '1', volume: 0.8 });
  // Not playing yet: time passes, the timer does not move.
  await context.clock.runFor(5000);
  expect((await read()).left).toBe(60);
  await act('play');
  await context.clock.runFor(20_000);
  expect((await read()).left).toBeCloseTo(40, 1);
  // Paused for five minutes of wall clock: still 40 s of listening left.
  await act('pause');
  const paused = await read();
  await context.clock.runFor(300_000);
  const later = await read();
  expect(later.wall - paused.wall).toBe(300_000);
  expect(later.left).toBe(paused.left);

  // A reload (or the next chapter) carries the listening left over.
  await tab.reload();
  await start();
  expect(await read()).toMatchObject({ value: '1', volume: 0.8, paused: true });
  expect((await read()).left).toBeCloseTo(40, 1);
  await act('play');
  await context.clock.runFor(29_000);
  expect(await read()).toMatchObject({ volume: 0.8, paused: false });
  // The last 10 s: the volume falls step by step.
  const volumes: number[] = [];
  for (let i = 0; i < 10; i++) {
    await context.clock.runFor(1000);
    volumes.push((await read()).volume);
  }
  expect(volumes[0]).toBeCloseTo(0.8, 2);
  expect(volumes[5]).toBeCloseTo(0.4, 2);
  for (let i = 1; i < volumes.length; i++) expect(volumes[i]!).toBeLessThan(volumes[i - 1]!);
  expect(volumes[9]).toBeGreaterThan(0);
  // Out of time: paused once, the timer off, and the volume back for the next play.
  await context.clock.runFor(2000);
  expect(await read()).toMatchObject({ left: null, value: '', volume: 0.8, paused: true, expired: 1 });
  expect(await tab.evaluate(() => sessionStorage.getItem('chapterhouse.sleep'))).toBeNull();
  await context.clock.runFor(60_000);
  expect((await read()).expired).toBe(1);

  // Turned off during the fade, the volume comes back at once.
  await tab.evaluate(() => (window as any).player.timer.choose('1'));
  await act('play');
  await context.clock.runFor(55_000);
  expect((await read()).volume).toBeLessThan(0.8);
  await tab.evaluate(() => (window as any).player.timer.choose(''));
  expect(await read()).toMatchObject({ left: null, volume: 0.8, paused: false, expired: 1 });

  const chapter = await tab.evaluate(() => {
    const timer = (window as any).player.timer;
    timer.choose('chapter');
    return { value: timer.value(), end: timer.stopsAtChapterEnd(), left: timer.left() };
  });
  expect(chapter).toEqual({ value: 'chapter', end: true, left: null });
  await context.close();
});

test('clock and speed labels', async () => {
  const labels = await page.evaluate(() => {
    const ns = (window as any).ChapterhousePlayer;
    return [ns.clock(0), ns.clock(75.4), ns.clock(3725), ns.clock(Infinity), ns.clock(NaN), ns.speedLabel(1), ns.speedLabel(2.5), ns.speedLabel(1.25), ns.speedLabel(0.75000001)];
  });
  expect(labels).toEqual(['0:00', '1:15', '1:02:05', '--:--', '--:--', '1×', '2.5×', '1.25×', '0.75×']);
});
