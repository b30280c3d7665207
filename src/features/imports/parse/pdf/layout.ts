import type { Line } from './lines.ts';

/**
 * The book's typography, measured over all its pages: the body text's size, the distance between
 * its lines and between its paragraphs, the width of a full line and whether lines are justified.
 */
export interface Layout {
  bodySize: number;
  lineGap: number;
  paragraphGap: number;
  width: number;
  justified: boolean;
}

export const isBody = (line: Line, layout: Pick<Layout, 'bodySize'>) => Math.abs(line.size - layout.bodySize) <= layout.bodySize * 0.08;

export function measure(pages: readonly Line[][]): Layout {
  const sizes = new Map<number, number>();
  for (const lines of pages) for (const line of lines) bump(sizes, Math.round(line.size * 2) / 2, line.text.length);
  const bodySize = mode(sizes) || 10;
  const gaps = new Map<number, number>();
  const widths: number[] = [];
  for (const lines of pages) {
    const left = pageLeft(lines, { bodySize });
    lines.forEach((line, i) => {
      if (!isBody(line, { bodySize })) return;
      widths.push(line.right - left);
      const next = lines[i + 1];
      const gap = next && isBody(next, { bodySize }) ? line.y - next.y : 0;
      if (gap > bodySize * 0.8 && gap < bodySize * 4) bump(gaps, Math.round(gap * 2) / 2, 1);
    });
  }
  const lineGap = mode(gaps) || bodySize * 1.2;
  const wider = new Map([...gaps].filter(([gap]) => gap > lineGap * 1.15 && gap < lineGap * 2.5));
  const width = percentile(widths, 0.9) || bodySize * 30;
  const full = widths.filter((w) => w >= width - bodySize * 0.5).length;
  return { bodySize, lineGap, paragraphGap: mode(wider) || lineGap, width, justified: widths.length > 0 && full / widths.length > 0.45 };
}

/** Where body lines start on this page (mirrored margins move it from page to page). */
export function pageLeft(lines: readonly Line[], layout: Pick<Layout, 'bodySize'>): number {
  const starts = new Map<number, number>();
  for (const line of lines) if (isBody(line, layout)) bump(starts, Math.round(line.x), 1);
  return mode(starts) || Math.min(...lines.map((l) => l.x), Infinity);
}

function bump(counts: Map<number, number>, key: number, by: number): void {
  counts.set(key, (counts.get(key) ?? 0) + by);
}

function mode(counts: Map<number, number>): number {
  let best = 0;
  let most = 0;
  for (const [key, count] of counts) if (count > most) [best, most] = [key, count];
  return best;
}

function percentile(values: number[], p: number): number {
  if (!values.length) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;
}
