import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import type { AiUsage } from '../../integrations/ai/index.ts';
import type { Logger } from '../../platform/log.ts';
import { addUsage, usageSince } from './queries.ts';

/** A UTC day as the usage table keys it. */
export const usageDay = (now: Date) => now.toISOString().slice(0, 10);

/**
 * Counts what one generation asked of the AI service (per UTC day and kind) and logs it with its
 * job, so an admin sees the day's usage and an operator can match a bill to jobs.
 */
export function usageRecorder(db: Kysely<Database>, log: Logger, kind: string, now: () => Date, jobId?: string) {
  const total: AiUsage = { requests: 0, promptTokens: 0, completionTokens: 0, images: 0 };
  return {
    total,
    onUsage(usage: AiUsage): void {
      total.requests += usage.requests;
      total.promptTokens += usage.promptTokens;
      total.completionTokens += usage.completionTokens;
      total.images += usage.images;
      void addUsage(db, usageDay(now()), kind, usage, 0).catch((error) => log.warn('AI usage not counted', { error }));
    },
    /** Logs the totals once the generation ended (well or not). */
    finish(outcome: 'done' | 'failed' | 'cancelled'): void {
      if (outcome === 'failed') void addUsage(db, usageDay(now()), kind, { requests: 0, promptTokens: 0, completionTokens: 0, images: 0 }, 1).catch(() => {});
      log.info('AI usage', { kind, jobId, outcome, ...total });
    },
  };
}

export interface UsageDay {
  day: string;
  kind: string;
  requests: number;
  promptTokens: number;
  completionTokens: number;
  images: number;
  failures: number;
}

/** The last `days` days of usage, newest first (the admin dashboard). */
export async function recentUsage(db: Kysely<Database>, now: Date, days = 14): Promise<UsageDay[]> {
  const since = usageDay(new Date(now.getTime() - (days - 1) * 86_400_000));
  const rows = await usageSince(db, since);
  return rows.map((r) => ({
    day: r.day.slice(0, 10),
    kind: r.kind,
    requests: Number(r.requests),
    promptTokens: Number(r.prompt_tokens),
    completionTokens: Number(r.completion_tokens),
    images: Number(r.images),
    failures: Number(r.failures),
  }));
}
