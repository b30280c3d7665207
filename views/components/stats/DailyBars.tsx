import type { StatsDay } from '../../../src/features/stats/service.ts';
import { addDays } from '../../../src/features/stats/streak.ts';
import type { PageContext } from '../../../src/platform/http/page-context.ts';
import { dayTitle } from './labels.ts';

const BAR = 8;
const GAP = 2;
const HEIGHT = 60;

export type DailyBarsProps = {
  ctx: PageContext;
  days: readonly StatsDay[];
  today: string;
  /** How many days back from today. */
  span: number;
  /** What each bar measures. */
  measure: 'chapters' | 'minutes';
  label: string;
};

/** One bar a day for the last `span` days, scaled to the busiest; empty days leave a baseline tick. */
export function DailyBars({ ctx, days, today, span, measure, label }: DailyBarsProps): JSX.Element {
  const byDay = new Map(days.map((d) => [d.day, d]));
  const values = Array.from({ length: span }, (_, i) => {
    const day = addDays(today, i - span + 1);
    return { day, stats: byDay.get(day) };
  });
  const max = Math.max(1, ...values.map((v) => v.stats?.[measure] ?? 0));
  const width = span * (BAR + GAP);
  return (
    <figure class="stats-bars">
      <figcaption safe>{label}</figcaption>
      <svg viewBox={`0 0 ${width} ${HEIGHT + 2}`} role="img" aria-label={label} preserveAspectRatio="none" class={`stats-bars__svg stats-bars__svg--${measure}`}>
        {values
          .map(({ day, stats }, i) => {
            const value = stats?.[measure] ?? 0;
            const height = value > 0 ? Math.max(2, (value / max) * HEIGHT) : 1;
            return (
              <rect x={i * (BAR + GAP)} y={HEIGHT + 1 - height} width={BAR} height={height} rx={1} class={value > 0 ? 'stats-bar' : 'stats-bar stats-bar--empty'} data-day={day} data-value={String(value)}>
                <title safe>{dayTitle(ctx, day, stats)}</title>
              </rect>
            );
          })}
      </svg>
    </figure>
  );
}
