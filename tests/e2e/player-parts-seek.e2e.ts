import { afterAll, beforeAll, expect, test } from 'bun:test';
import { resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from './support.ts';

/** The player's timeline (timeline.js) and its move onto the stored file (handover.js), on a bare page. */
let browser: Browser;
let page: Page;
const part = (name: string) => resolve(import.meta.dir, `../../public/js/player/${name}.js`);

beforeAll(async () => {
  browser = await launchBrowser();
  page = await browser.newPage();
  await page.goto('data:text/html,<!doctype html><meta charset=utf-8><title>parts</title>');
  for (const name of ['format', 'timeline', 'handover']) await page.addScriptTag({ path: part(name) });
});
afterAll(() => browser.close());

const SENTENCES = [
  { start: 0, end: 2, text: 'One.' },
  { start: 2, end: 5, text: 'Two.' },
  { start: 5, end: 9, text: 'Three.' },
  { start: 9, end: 12, text: 'Four.' },
];

test('a stream from sentence k shows the start of k plus its own time; a place finds the sentence that holds it', async () => {
  const result = await page.evaluate((sentences) => {
    const timeline = (window as any).ChapterhousePlayer.createTimeline();
    const empty = { known: timeline.known(), at: timeline.at(3), sentence: timeline.sentenceAt(7) };
    timeline.set({ sentences, duration: 12.5, estimated: true });
    const whole = timeline.at(3.25);
    timeline.playFrom(2);
    return {
      empty,
      whole,
      fromTwo: timeline.at(1.5),
      sentences: [-1, 0, 1.99, 2, 6, 11.9, 40].map((t) => timeline.sentenceAt(t)),
      duration: timeline.duration(),
      estimated: timeline.estimated(),
      fallback: (() => {
        timeline.set({ sentences, duration: NaN, estimated: false });
        return [timeline.duration(), timeline.estimated()];
      })(),
    };
  }, SENTENCES);
  expect(result).toEqual({
    empty: { known: false, at: 3, sentence: 0 },
    whole: 3.25,
    fromTwo: 6.5,
    sentences: [0, 0, 0, 1, 2, 3, 3],
    duration: 12.5,
    estimated: true,
    fallback: [12, false],
  });
});

test('the move onto the stored file waits for the next sentence boundary, and not while the stream is stalled', async () => {
  const result = await page.evaluate(async (sentences) => {
    const ns = (window as any).ChapterhousePlayer;
    const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
    const audio = Object.assign(new EventTarget(), { currentTime: 0.2, paused: false, playbackRate: 1 });
    const timeline = ns.createTimeline();
    timeline.set({ sentences, duration: 12, estimated: false });
    timeline.playFrom(1); // the stream began at sentence 1 (2 s into the stored file)
    const moves: Array<{ to: number; after: number }> = [];
    const began = performance.now();
    const handover = ns.createHandover(audio, timeline, (to: number) => moves.push({ to, after: performance.now() - began }));

    // 2.2 s into the chapter: sentence 2 starts in 2.8 s, too far to wait for yet.
    handover.begin();
    await sleep(100);
    const early = moves.length;
    // 4.2 s: 0.8 s to go. The element plays on; the move comes at the boundary.
    audio.currentTime = 2.2;
    audio.dispatchEvent(new Event('timeupdate'));
    const playOn = setInterval(() => (audio.currentTime += 0.05), 50);
    await sleep(1200);
    clearInterval(playOn);
    const first = moves.slice();

    // A stalled stream (no time passes): no move at the planned moment.
    moves.length = 0;
    audio.currentTime = 6.5; // 8.5 s: sentence 3 in 0.5 s, but the time stays there
    handover.begin();
    await sleep(900);
    const stalled = moves.length;
    handover.cancel();
    return { early, first, stalled, active: handover.active() };
  }, SENTENCES);
  expect(result.early).toBe(0);
  expect(result.first.length).toBe(1);
  expect(result.first[0]!.to).toBe(5);
  expect(result.first[0]!.after).toBeGreaterThan(850); // 100 ms + 0.8 s
  expect(result.stalled).toBe(0);
  expect(result.active).toBe(false);
});
