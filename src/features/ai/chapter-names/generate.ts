import type { Kysely } from 'kysely';
import type { Database } from '../../../platform/db/schema.ts';
import type { AiCall, AiClient } from '../../../integrations/ai/index.ts';
import { BATCH_SIZE, NamesAnswer, type Proposal } from './model.ts';
import { chapterNameMessages, cleanTitle, openingOf } from './prompt.ts';
import * as q from './queries.ts';

export interface NamingRun {
  db: Kysely<Database>;
  client: AiClient;
  call?: AiCall;
  book: { slug: string; title: string; author: string };
  to: number | null;
}

export interface NamedBatch {
  /** 1-based, in order. */
  batch: number;
  proposals: Proposal[];
  /** The last chapter number the batch covered: where a resumed run goes on from. */
  last: number;
}

/**
 * Proposes titles 100 chapters at a time, after chapter `after` (a run resumes from where it
 * stopped). A chapter the model skipped gets no proposal; one it named twice, the first.
 */
export async function* nameChapters(run: NamingRun, after: number, firstBatch = 1): AsyncGenerator<NamedBatch> {
  let batch = firstBatch;
  for (;;) {
    run.call?.signal?.throwIfAborted();
    const chapters = await q.chapterBatch(run.db, run.book.slug, after, run.to, BATCH_SIZE);
    if (chapters.length === 0) return;
    const samples = chapters.map((c) => ({ number: c.number, title: c.title, opening: openingOf(c.text) }));
    const answer = await run.client.json({ name: 'chapter_names', schema: NamesAnswer, messages: chapterNameMessages({ title: run.book.title, author: run.book.author }, samples) }, run.call);
    const proposed = new Map<number, string>();
    for (const item of answer.titles) {
      const title = cleanTitle(item.title);
      if (title && !proposed.has(item.number)) proposed.set(item.number, title);
    }
    const proposals = samples.filter((c) => proposed.has(c.number)).map((c) => ({ number: c.number, old_title: c.title, title: proposed.get(c.number)! }));
    after = chapters.at(-1)!.number;
    yield { batch: batch++, proposals, last: after };
  }
}
