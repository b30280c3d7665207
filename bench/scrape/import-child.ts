/** Imports one PDF and prints its peak resident memory (bench/scrape.ts runs it alone in a process). */
import { parseBook } from '../../src/features/imports/parse/index.ts';

let peak = process.memoryUsage().rss;
const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
const started = performance.now();
const book = await parseBook(process.argv[2]!, 'pdf');
peak = Math.max(peak, process.memoryUsage().rss);
clearInterval(sampler);
console.log(JSON.stringify({ peakMb: peak / 1024 / 1024, seconds: (performance.now() - started) / 1000, chapters: book.chapters.length, rule: book.rule }));
