import { describe, expect, test } from 'bun:test';
import { YearHeatmap } from '../../views/components/stats/YearHeatmap.tsx';
import { makeCtx } from '../support/page-context.ts';

const monthLabels = (html: string) => [...html.matchAll(/<text x="(\d+)" y="10" class="stats-heatmap__month">([^<]+)<\/text>/g)].map((m) => ({ x: Number(m[1]), label: m[2] }));

describe('the year heatmap’s month names', () => {
  test('never crowd each other: a first month too short for its name goes without one', async () => {
    // 2025-11-28 is a Friday: November has one column before December starts.
    const html = await YearHeatmap({ ctx: makeCtx(), days: [], from: '2025-11-28', today: '2026-11-27' });
    const labels = monthLabels(html);
    expect(labels[0]!.label).toBe('Dec');
    for (let i = 1; i < labels.length; i++) expect(labels[i]!.x - labels[i - 1]!.x).toBeGreaterThanOrEqual(3 * 13);
    expect(labels).toHaveLength(12);
  });

  test('a first month with room keeps its name', async () => {
    const html = await YearHeatmap({ ctx: makeCtx(), days: [], from: '2025-12-01', today: '2026-11-30' });
    expect(monthLabels(html)[0]).toEqual({ x: 0, label: 'Dec' });
  });

  test('the legend’s swatches are drawn at their own size, not stretched like the year', async () => {
    const html = await YearHeatmap({ ctx: makeCtx(), days: [], from: '2025-12-01', today: '2026-11-30' });
    expect(html.match(/<svg viewBox="0 0 11 11" class="stats-legend__swatch"/g)).toHaveLength(5);
  });
});
