import type { Db } from '../../platform/db/index.ts';
import type { AudioSentence } from '../../platform/db/schema.ts';
import type { ObjectStore } from '../../platform/objects/port.ts';
import { frameOffsets } from '../../integrations/tts/index.ts';
import type { Mp3Backend } from '../../integrations/tts/mp3.ts';
import type { ExportJobPayload } from './model.ts';
import { asMp3 } from './transcode.ts';

/** One chapter as the writers take it: its text, its narration as MP3 and the sentences' times in it. */
export interface PackedChapter {
  number: number;
  title: string;
  /** Markdown. */
  text: string;
  mp3: Uint8Array;
  /** Exact: the MP3's frames × samples per frame / rate. */
  durationSeconds: number;
  sampleRate: number;
  sentences: AudioSentence[];
}

const BATCH = 20;
const FULL_GC_EVERY = 10;

/**
 * The chapters of the range with their narration, read one at a time (the text a batch at a
 * time), so that a long export keeps one chapter's audio in memory. `packed(n, total)` after each.
 */
export async function* packedChapters(
  db: Db, objects: ObjectStore, job: ExportJobPayload, mp3Backend: Mp3Backend | 'auto', packed: (done: number, total: number) => Promise<void>,
): AsyncGenerator<PackedChapter> {
  const total = await chapterCount(db, job);
  let done = 0;
  let after = job.from - 1;
  for (;;) {
    const batch = await db
      .selectFrom('chapters as c')
      .leftJoin('audio_files as a', (join) => join.onRef('a.slug', '=', 'c.book_slug').onRef('a.chapter', '=', 'c.number').on('a.voice', '=', job.voice))
      .select(['c.number', 'c.title', 'c.text', 'a.object_key', 'a.format', 'a.sentences'])
      .where('c.book_slug', '=', job.slug)
      .where('c.number', '>', after)
      .where('c.number', '<=', job.to)
      .orderBy('c.number')
      .limit(BATCH)
      .execute();
    for (const row of batch) {
      if (!row.object_key || !row.format) throw new Error(`chapter ${row.number} has no stored narration in ${job.voice}`);
      const stored = await objects.get(row.object_key);
      if (!stored) throw new Error(`the narration of chapter ${row.number} is missing from the store`);
      const mp3 = await asMp3(new Uint8Array(await new Response(stored.body).arrayBuffer()), row.format, mp3Backend);
      const frames = frameOffsets(mp3);
      if (!frames.offsets.length) throw new Error(`the narration of chapter ${row.number} holds no MP3 frames`);
      const durationSeconds = (frames.offsets.length * frames.samplesPerFrame) / frames.sampleRate;
      yield { number: row.number, title: row.title, text: row.text, mp3, durationSeconds, sampleRate: frames.sampleRate, sentences: row.sentences ?? [] };
      await packed(++done, total);
      // A chapter's audio buffers are large objects, which young-generation collections leave
      // alone: a full collection every few chapters keeps them from piling up (memory stays flat).
      Bun.gc(done % FULL_GC_EVERY === 0);
    }
    if (batch.length < BATCH) return;
    after = batch.at(-1)!.number;
  }
}

async function chapterCount(db: Db, job: ExportJobPayload): Promise<number> {
  const row = await db
    .selectFrom('chapters')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('book_slug', '=', job.slug)
    .where('number', '>=', job.from)
    .where('number', '<=', job.to)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
