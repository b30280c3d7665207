import { sql, type Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import type { AiUsage } from '../../integrations/ai/index.ts';

/** Adds to the counts of one UTC day and kind of generation (ai_usage_daily). */
export async function addUsage(db: Kysely<Database>, day: string, kind: string, usage: AiUsage, failures: number): Promise<void> {
  await db
    .insertInto('ai_usage_daily')
    .values({ day, kind, requests: usage.requests, prompt_tokens: usage.promptTokens, completion_tokens: usage.completionTokens, images: usage.images, failures })
    .onConflict((oc) =>
      oc.columns(['day', 'kind']).doUpdateSet({
        requests: sql`ai_usage_daily.requests + excluded.requests`,
        prompt_tokens: sql`ai_usage_daily.prompt_tokens + excluded.prompt_tokens`,
        completion_tokens: sql`ai_usage_daily.completion_tokens + excluded.completion_tokens`,
        images: sql`ai_usage_daily.images + excluded.images`,
        failures: sql`ai_usage_daily.failures + excluded.failures`,
      }),
    )
    .execute();
}

/** The usage rows from `since` (a UTC day) on, newest first. */
export function usageSince(db: Kysely<Database>, since: string) {
  return db
    .selectFrom('ai_usage_daily')
    .select([sql<string>`day::text`.as('day'), 'kind', 'requests', 'prompt_tokens', 'completion_tokens', 'images', 'failures'])
    .where('day', '>=', since)
    .orderBy('day', 'desc')
    .orderBy('kind')
    .execute();
}
