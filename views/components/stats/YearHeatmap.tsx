import type { StatsDay } from '../../../src/features/stats/service.ts';
import { addDays, dayStart } from '../../../src/features/stats/streak.ts';
import type { PageContext } from '../../../src/platform/http/page-context.ts';
import { activityOf, levelOf } from './activity.ts';
import { dayTitle } from './labels.ts';

const CELL = 11;
const GAP = 2;
const STEP = CELL + GAP;
const TOP = 14;
/** A month's name needs about three weeks' width; a shorter first month goes without one. */
const MONTH_LABEL_WEEKS = 3;

export type YearHeatmapProps = { ctx: PageContext; days: readonly StatsDay[]; from: string; today: string };

/**
 * The year at a glance: one square a day, a column a week (Monday first), shaded by the day's
 * reading and listening. Plain SVG drawn here; it scales with its box (viewBox), and each square
 * names its day and totals for screen readers and on hover.
 */
export function YearHeatmap({ ctx, days, from, today }: YearHeatmapProps): JSX.Element {
  const byDay = new Map(days.map((d) => [d.day, d]));
  // The grid starts on the Monday on or before `from`.
  const offset = (dayStart(from).getUTCDay() + 6) % 7;
  const start = addDays(from, -offset);
  const total = Math.round((dayStart(today).getTime() - dayStart(start).getTime()) / 86_400_000) + 1;
  const weeks = Math.ceil(total / 7);
  const width = weeks * STEP;
  const months: { week: number; label: string }[] = [];
  const cells: JSX.Element[] = [];
  let lastMonth = -1;
  for (let i = 0; i < total; i++) {
    const day = addDays(start, i);
    const week = Math.floor(i / 7);
    const weekday = i % 7;
    const date = dayStart(day);
    if (weekday === 0 && date.getUTCMonth() !== lastMonth && week < weeks - 1) {
      lastMonth = date.getUTCMonth();
      if (months.length && week - months[months.length - 1]!.week < MONTH_LABEL_WEEKS) months.pop();
      months.push({ week, label: date.toLocaleDateString(ctx.locale, { month: 'short', timeZone: 'UTC' }) });
    }
    if (day < from) continue;
    const stats = byDay.get(day);
    cells.push(
      <rect x={week * STEP} y={TOP + weekday * STEP} width={CELL} height={CELL} rx={2} class={`stats-heat stats-heat--${levelOf(activityOf(stats))}`} data-day={day}>
        <title safe>{dayTitle(ctx, day, stats)}</title>
      </rect>,
    );
  }
  return (
    <figure class="stats-heatmap">
      <svg viewBox={`0 0 ${width} ${TOP + 7 * STEP}`} role="img" aria-label={ctx.t('stats.yearLabel')} preserveAspectRatio="xMinYMin meet">
        {months.map(({ week, label }) => (
          <text x={week * STEP} y={10} class="stats-heatmap__month" safe>
            {label}
          </text>
        ))}
        {cells}
      </svg>
      <figcaption class="stats-legend">
        <span safe>{ctx.t('stats.less')}</span>
        {[0, 1, 2, 3, 4].map((level) => (
          <svg viewBox="0 0 11 11" class="stats-legend__swatch" aria-hidden="true">
            <rect width={11} height={11} rx={2} class={`stats-heat stats-heat--${level}`} />
          </svg>
        ))}
        <span safe>{ctx.t('stats.more')}</span>
      </figcaption>
    </figure>
  );
}
