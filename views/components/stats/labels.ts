import type { StatsDay } from '../../../src/features/stats/service.ts';
import type { PageContext } from '../../../src/platform/http/page-context.ts';

/** A UTC day in the reader's language: "Tue, Mar 3, 2026". */
export function dayName(ctx: PageContext, day: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString(ctx.locale, { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
}

/** "Tue, Mar 3, 2026: 2 chapters, 12 minutes listened" in the reader's language. */
export function dayTitle(ctx: PageContext, day: string, stats: Pick<StatsDay, 'chapters' | 'minutes'> | undefined): string {
  return ctx.t('stats.cell', {
    date: dayName(ctx, day),
    chapters: ctx.t('stats.chapters', { count: stats?.chapters ?? 0 }),
    minutes: ctx.t('stats.minutes', { count: Math.round(stats?.minutes ?? 0) }),
  });
}
