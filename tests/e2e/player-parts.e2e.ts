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
  for (const name of ['format', 'sleep', 'highlight', 'keys', 'controls']) await page.addScriptTag({ path: part(name) });
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

test('the sleep timer counts listening, not the clock: a pause, a wait for data or a new source stops it (even before its event arrives); a reload keeps it; the last 10 s fade out and the volume comes back', async () => {
  // A tab of its own with Playwright's clock: time moves only when the test says so.
  const context = await browser.newContext();
  const tab = await context.newPage();
  // data: URLs have no storage; use a real origin served by Chromium itself.
  await tab.route('http://player.test/**', (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>sleep</title>' }));
  await context.clock.install();
  await tab.goto('http://player.test/');
  await context.clock.pauseAt((await tab.evaluate(() => Date.now())) + 1000);
  // What the timer reads of the audio element: its events, paused, ended, readyState and volume.
  const start = async () => {
    for (const name of ['format', 'sleep']) await tab.addScriptTag({ path: part(name) });
    await tab.evaluate(() => {
      const audio = Object.assign(new EventTarget(), { paused: true, ended: false, readyState: 4, volume: 0.8 });
      const fire = (type: string) => audio.dispatchEvent(new Event(type));
      const player = {
        audio,
        fire,
        expired: 0,
        shown: [] as (number | null)[],
        play: () => {
          audio.paused = false;
          fire('play');
          fire('playing');
        },
        pause: () => {
          audio.paused = true;
          fire('pause');
        },
        timer: null as any,
        read: () => ({ left: player.timer.left(), value: player.timer.value(), volume: audio.volume, paused: audio.paused, expired: player.expired, shown: player.shown.at(-1), wall: Date.now() }),
      };
      player.timer = (window as any).ChapterhousePlayer.createSleepTimer(() => {
        player.expired++;
        player.pause();
      }, (_state: unknown, left: number | null) => player.shown.push(left), audio);
      (window as any).player = player;
    });
  };
  const read = () => tab.evaluate(() => (window as any).player.read());
  const act = (what: string) => tab.evaluate((w) => (window as any).player[w](), what);
  const set = (changes: Record<string, unknown>, event?: string) =>
    tab.evaluate(([c, e]) => {
      const player = (window as any).player;
      Object.assign(player.audio, c);
      if (e) player.fire(e);
    }, [changes, event] as const);
  const choose = (value: string) => tab.evaluate((v) => (window as any).player.timer.choose(v), value);

  await start();
  await choose('1');
  expect(await read()).toMatchObject({ left: 60, value: '1', volume: 0.8, shown: 60 });
  // Not playing yet: time passes, the timer does not move.
  await context.clock.runFor(5000);
  expect((await read()).left).toBe(60);
  await act('play');
  await context.clock.runFor(20_000);
  expect(await read()).toMatchObject({ left: 40, shown: 40 });

  // Paused, and the clock jumps five minutes before the pause event is handled: none of it counts.
  await set({ paused: true });
  const paused = await read();
  await context.clock.fastForward('05:00');
  await context.clock.runFor(1000);
  await set({}, 'pause');
  const later = await read();
  expect(later.wall - paused.wall).toBe(301_000);
  expect(later).toMatchObject({ left: 40, shown: 40 });

  // A new source on the element (live stream to stored file, another voice or chapter): the load
  // empties it (paused, nothing to play, no pause event) and it counts again once it plays.
  await act('play');
  await context.clock.runFor(5000);
  expect((await read()).left).toBe(35);
  await set({ paused: true, readyState: 0 }, 'emptied');
  await context.clock.runFor(60_000);
  await set({ paused: false }, 'play');
  await context.clock.runFor(10_000);
  expect((await read()).left).toBe(35);
  await set({ readyState: 4 }, 'playing');
  await context.clock.runFor(5000);
  expect((await read()).left).toBe(30);
  // Waiting for data while "playing": not heard, not counted.
  await set({ readyState: 2 }, 'waiting');
  await context.clock.runFor(60_000);
  expect((await read()).left).toBe(30);
  await set({ readyState: 4 }, 'playing');
  await context.clock.runFor(2000);
  await act('pause');
  expect((await read()).left).toBe(28);

  // A reload (or a page turn to the next chapter) carries the listening left over.
  await tab.reload();
  await start();
  expect(await read()).toMatchObject({ left: 28, value: '1', volume: 0.8, paused: true, shown: 28 });
  await act('play');
  await context.clock.runFor(16_000);
  expect(await read()).toMatchObject({ left: 12, volume: 0.8, paused: false });
  // The last 10 s: the volume falls with the listening left.
  const volumes: number[] = [];
  for (let i = 0; i < 5; i++) {
    await context.clock.runFor(1000);
    volumes.push((await read()).volume);
  }
  expect(volumes.map((v) => Math.round(v * 1000) / 1000)).toEqual([0.8, 0.8, 0.72, 0.64, 0.56]);
  // Paused during the fade: the volume is back at once and stays while paused; playing fades again.
  await act('pause');
  expect(await read()).toMatchObject({ left: 7, volume: 0.8, paused: true });
  await context.clock.runFor(60_000);
  expect(await read()).toMatchObject({ left: 7, volume: 0.8 });
  await act('play');
  expect((await read()).volume).toBeCloseTo(0.56, 3);
  await context.clock.runFor(2000);
  expect((await read()).volume).toBeCloseTo(0.4, 3);
  // Out of time: paused once, the timer off, and the volume back for the next play.
  await context.clock.runFor(5000);
  expect(await read()).toMatchObject({ left: null, value: '', volume: 0.8, paused: true, expired: 1, shown: null });
  expect(await tab.evaluate(() => sessionStorage.getItem('chapterhouse.sleep'))).toBeNull();
  await act('play');
  await context.clock.runFor(60_000);
  expect(await read()).toMatchObject({ expired: 1, volume: 0.8, paused: false });

  // Turned off during the fade, the volume comes back at once and playing goes on.
  await choose('1');
  await context.clock.runFor(55_000);
  expect((await read()).volume).toBeCloseTo(0.4, 3);
  await choose('');
  expect(await read()).toMatchObject({ left: null, volume: 0.8, paused: false, expired: 1 });

  // "End of chapter" has no minutes: playing on does not end it (next-chapter.js asks it at the end).
  await choose('chapter');
  await context.clock.runFor(120_000);
  expect(await tab.evaluate(() => {
    const timer = (window as any).player.timer;
    return { value: timer.value(), end: timer.stopsAtChapterEnd(), left: timer.left(), saved: JSON.parse(sessionStorage.getItem('chapterhouse.sleep')!) };
  })).toEqual({ value: 'chapter', end: true, left: null, saved: { mode: 'chapter' } });
  expect((await read()).expired).toBe(1);
  await context.close();
});

test('space plays or pauses from anywhere on the page while listening, but not in fields, editable text, buttons, links or with a modifier', async () => {
  const tab = await browser.newPage();
  await tab.setContent(`<!doctype html><meta charset=utf-8>
    <div id="bar" tabindex="-1"><button id="in-bar">⋯</button><input id="slider" type="range"></div>
    <main style="height: 4000px">
      <p id="text" tabindex="0">Some text of the chapter.</p>
      <input id="field"><textarea id="area"></textarea><div id="edit" contenteditable="true">x</div>
      <select id="choice"><option>a</option><option>b</option></select>
      <button id="button">Button</button><a id="link" href="#far">Link</a>
      <details><summary id="summary">More</summary>Hidden</details>
    </main>`);
  for (const name of ['format', 'keys']) await tab.addScriptTag({ path: part(name) });
  await tab.evaluate(() => {
    const w = window as any;
    w.toggles = 0;
    w.clicks = 0;
    const controls = { toggle: () => w.toggles++, skip: () => {}, nudgeSpeed: () => {} };
    const bar = document.getElementById('bar')!;
    w.ChapterhousePlayer.bindKeys(bar, controls);
    w.ChapterhousePlayer.bindPageSpace(bar, controls);
    document.getElementById('button')!.addEventListener('click', () => w.clicks++);
    // Whether the page's own handling kept space from scrolling (window hears it last).
    window.addEventListener('keydown', (e) => {
      if (e.key === ' ') w.prevented = e.defaultPrevented;
    });
  });
  const state = () => tab.evaluate(() => ({ toggles: (window as any).toggles, prevented: (window as any).prevented, clicks: (window as any).clicks }));
  const spaceOn = async (selector: string | null, key = 'Space') => {
    await tab.evaluate((s) => (s ? document.querySelector<HTMLElement>(s)!.focus() : (document.activeElement as HTMLElement | null)?.blur()), selector);
    await tab.keyboard.press(key);
    return state();
  };

  expect(await spaceOn(null)).toMatchObject({ toggles: 1, prevented: true });
  expect(await tab.evaluate(() => window.scrollY)).toBe(0);
  expect(await spaceOn('#text')).toMatchObject({ toggles: 2, prevented: true });
  // A held key toggles once.
  await tab.keyboard.down(' ');
  await tab.keyboard.down(' ');
  await tab.keyboard.up(' ');
  expect(await state()).toMatchObject({ toggles: 3, prevented: true });
  // In the bar the bar's own keys play or pause, once.
  expect(await spaceOn('#bar')).toMatchObject({ toggles: 4 });
  expect(await spaceOn('#slider')).toMatchObject({ toggles: 5 });

  // Space that means something else where it is pressed.
  for (const modified of ['Shift+Space', 'Control+Space', 'Alt+Space', 'Meta+Space']) expect(await spaceOn(null, modified)).toMatchObject({ toggles: 5, prevented: false });
  for (const own of ['#field', '#area', '#edit', '#link', '#summary', '#in-bar']) expect(await spaceOn(own)).toMatchObject({ toggles: 5 });
  expect(await tab.locator('#field').inputValue()).toBe(' ');
  expect(await tab.locator('#area').inputValue()).toBe(' ');
  expect((await tab.locator('#edit').textContent())!.length).toBe(2);
  expect(await tab.evaluate(() => document.querySelector('details')!.open)).toBe(true);
  expect(await spaceOn('#button')).toMatchObject({ toggles: 5, clicks: 1 });
  expect(await spaceOn('#choice')).toMatchObject({ toggles: 5 });
  await tab.keyboard.press('Escape');
  // Space opened the select's list, which closes on its own time: a click on the page makes sure
  // it is gone, so the next key reaches the page and not the list.
  await tab.mouse.click(200, 600);

  // Before listening starts (the bar still hidden) space scrolls the page as usual.
  await tab.evaluate(() => {
    document.getElementById('bar')!.hidden = true;
    window.scrollTo(0, 0);
  });
  expect(await spaceOn(null)).toMatchObject({ toggles: 5, prevented: false });
  await tab.waitForFunction(() => window.scrollY > 0);
  await tab.close();
});

test('the speed cycle goes up through 0.5× to 3× (2.5× and 3× included) and back to the slowest', async () => {
  const speeds = await page.evaluate(() => {
    const ns = (window as any).ChapterhousePlayer;
    const cycle: number[] = [];
    for (let speed = 1, i = 0; i < 9; i++) cycle.push((speed = ns.nextSpeed(speed)));
    return { cycle, all: ns.SPEEDS, between: [1.1, 2.75, 0.6, 0.5, 2.95].map(ns.nextSpeed) };
  });
  expect(speeds.cycle).toEqual([1.25, 1.5, 1.75, 2, 2.5, 3, 0.5, 0.75, 1]);
  expect(speeds.all).toEqual([0.5, 0.75, 1, 1.25, 1.5, 1.75, 2, 2.5, 3]);
  // A speed set on the slider goes on to the next step above it.
  expect(speeds.between).toEqual([1.25, 3, 0.75, 0.75, 3]);
});

test('clock and speed labels', async () => {
  const labels = await page.evaluate(() => {
    const ns = (window as any).ChapterhousePlayer;
    return [ns.clock(0), ns.clock(75.4), ns.clock(3725), ns.clock(Infinity), ns.clock(NaN), ns.speedLabel(1), ns.speedLabel(2.5), ns.speedLabel(1.25), ns.speedLabel(0.75000001)];
  });
  expect(labels).toEqual(['0:00', '1:15', '1:02:05', '--:--', '--:--', '1×', '2.5×', '1.25×', '0.75×']);
});
