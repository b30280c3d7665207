import { ROMAN } from '../text.ts';
import type { Line } from './lines.ts';

/**
 * Running headers and footers and page numbers: lines at a page's top or bottom edge that repeat
 * (digits aside) at the same height and size on many pages — on 40 % of them, or on three when
 * set smaller than the text (a chapter's own running title) — and lone page numbers at the edges.
 */
const EDGE = 2;
const PAGE_NUMBER = new RegExp(String.raw`^[-–—(\s]*(?:page\s+|p\.\s*)?(?:\d{1,5}|${ROMAN})(?:\s*(?:of|/)\s*\d{1,5})?[-–—)\s]*$`, 'i');
const shape = (line: Line) => `${line.text.toLowerCase().replace(/\d+/g, '#').replace(/\s+/g, ' ')}|${Math.round(line.size)}`;

const edges = (lines: readonly Line[]) => lines.filter((_, i) => i < EDGE || i >= lines.length - EDGE);

export function runningShapes(pages: readonly Line[][], bodySize: number): Set<string> {
  const seen = new Map<string, { ys: number[]; size: number }>();
  for (const lines of pages) {
    for (const line of new Set(edges(lines))) {
      const key = shape(line);
      const entry = seen.get(key) ?? { ys: [], size: line.size };
      entry.ys.push(line.y);
      seen.set(key, entry);
    }
  }
  const running = new Set<string>();
  const often = Math.max(3, Math.ceil(pages.length * 0.4));
  for (const [key, { ys, size }] of seen) {
    const sorted = [...ys].sort((a, b) => a - b);
    const middle = sorted[Math.floor(sorted.length / 2)]!;
    const steady = ys.filter((y) => Math.abs(y - middle) <= 3).length;
    if (steady >= often || (steady >= 3 && size < bodySize * 0.95)) running.add(key);
  }
  return running;
}

export function dropRunning(lines: readonly Line[], running: ReadonlySet<string>, bodySize: number): Line[] {
  const edge = new Set(edges(lines));
  return lines.filter((line) => !(edge.has(line) && (running.has(shape(line)) || (PAGE_NUMBER.test(line.text) && line.size <= bodySize * 1.1))));
}
