import {
  dialogueSpans, markOpenQuotes, MIME_TYPES, narrateChunks, sentenceTimings, TtsError, wavHeader, wavSamples, withDialogue, WAV_HEADER_BYTES, type AudioFormat, type ChunkPlan, type SpeechCatalog,
} from '../../../integrations/tts/index.ts';
import type { Mp3Backend } from '../../../integrations/tts/mp3.ts';
import type { ObjectStore } from '../../../platform/objects/port.ts';
import { AppError } from '../../../platform/http/errors.ts';
import { LeaseLostError, lockIfOwned, PermanentJobError, type JobBody, type JobContext } from '../../../platform/queue/index.ts';
import { audioKey, partKey, partsPrefix } from '../keys.ts';
import type { Target } from '../queries.ts';
import { bookTitles, jumpRequest, markDone, markFailed, markGenerating, saveAudioFile } from './queries.ts';
import { notifyJobEnded } from './notify.ts';
import { describeFailure, withChunkRetries } from '../failures.ts';
import { storedSentences } from '../timings/sentences.ts';
import { settleOrphans } from './state.ts';
import { bumpCatalogueVersion } from '../../catalogue/version.ts';
import { resolveVoice } from '../voices/service.ts';
import { resolveDialogueVoice } from '../voices/dialogue.ts';
import { parseNarration } from '../narration.ts';
import { narrationScript } from '../script.ts';
import { fileLayout, type FileLayout, type MadeChunk } from './layout.ts';
import { nextChunk } from './order.ts';

/**
 * The body of an `audio.generate` job, run in a Bun worker (jobs/audio.generate.worker.ts; tests
 * build it with fake engines). It narrates the chapter chunk by chunk and stores each encoded
 * piece at once as an object of its own, keyed by its chunk (../keys.ts, `audio-parts/`), which is
 * how listeners in any process hear the chapter while it is generated (stream/live.ts). Between
 * chunks it reads a listener's wish to hear a later chunk first (audio_jobs.jump_to, set by a
 * stream from a sentence): it goes there, on to the end, then back to what it skipped (order.ts).
 * At the end the whole file is stored (the pieces in chunk order, layout.ts), the job marked done
 * with its audio_files row (sentence timings: timings/sentences.ts; where each chunk begins, for
 * streams from a sentence) in the transaction that completes the queue job, and the pieces deleted.
 */
export interface AudioJobPayload extends Target {
  requestedBy: string | null;
  /**
   * The chunk a stream from a sentence asked for when it created the job: the first wish, there
   * from the start (audio_jobs.jump_to is written after the enqueue, which the worker may beat).
   */
  startAt?: number;
}

export interface AudioJobResult {
  key: string | null;
  bytes: number;
  duration: number;
}

export interface AudioJobDeps {
  speech: SpeechCatalog;
  /** Opened on first use inside the worker thread. */
  objects: () => Promise<ObjectStore>;
  mp3Backend?: Mp3Backend | 'auto';
  chunkRetryDelaysMs?: readonly number[];
}

export function createAudioJob(deps: AudioJobDeps): JobBody<AudioJobPayload, AudioJobResult> {
  return async (payload, ctx) => {
    const target: Target = { slug: payload.slug, chapter: payload.chapter, voice: payload.voice };
    const objects = await deps.objects();
    await settleOrphans(ctx.db);
    if (!(await markGenerating(ctx.db, ctx.jobId, target, payload.requestedBy))) return { key: null, bytes: 0, duration: 0 };
    try {
      return await generate(deps, objects, payload, ctx);
    } catch (error) {
      if (ctx.signal.aborted || error instanceof LeaseLostError) throw error; // the queue re-runs or cancels it
      const permanent = isPermanent(error);
      const reason = describeFailure(error);
      if (permanent || ctx.attempt >= ctx.maxAttempts) {
        await recordFailure(ctx, payload, reason);
        await bumpCatalogueVersion(ctx); // the book's has_audio may have changed
  await removeParts(objects, ctx.jobId);
      }
      ctx.log.warn('audio generation failed', { ...target, attempt: ctx.attempt, permanent, error: reason });
      // The queue keeps this message as jobs.error: the same words as the row's.
      throw permanent ? new PermanentJobError(reason) : new Error(reason, { cause: error });
    }
  };
}

/** The stored file: every piece in chunk order; a WAV with one real header in front of the samples of all. */
async function* assemble(objects: ObjectStore, jobId: string, format: AudioFormat, layout: FileLayout, sampleRate: number): AsyncGenerator<Uint8Array> {
  if (format === 'wav') yield wavHeader(sampleRate, layout.size - WAV_HEADER_BYTES);
  for (let chunk = 0; chunk < layout.chunks.length; chunk++) {
    const piece = await objects.get(partKey(jobId, chunk, format));
    if (!piece) throw new Error(`piece ${chunk} of the audio vanished before it was stored`);
    const bytes = new Uint8Array(await new Response(piece.body).arrayBuffer());
    yield format === 'wav' ? wavSamples(bytes) : bytes;
  }
}

async function generate(deps: AudioJobDeps, objects: ObjectStore, payload: AudioJobPayload, ctx: JobContext): Promise<AudioJobResult> {
  const target: Target = { slug: payload.slug, chapter: payload.chapter, voice: payload.voice };
  const { voiceId, dialogueVoiceId } = parseNarration(payload.voice);
  const { voice, engine, format } = await resolveVoice(deps.speech, voiceId);
  const dialogue = await resolveDialogueVoice(deps.speech, voice, dialogueVoiceId);
  const narration = await narrationScript(ctx.db, target, voice, dialogue?.voice ?? null);
  if ('missing' in narration) throw new PermanentJobError(narration.missing);
  const { script } = narration;
  if (dialogue) markOpenQuotes(script);
  // Pieces of an earlier attempt may end in the middle of an encoder run: start clean.
  if (ctx.attempt > 1) await removeParts(objects, ctx.jobId);

  const count = script.chunks.length;
  const made = new Map<number, MadeChunk>();
  const partSeconds: (readonly number[] | null)[] = [];
  const planned = new Set<number>();
  const wish = async () => (await jumpRequest(ctx.db, ctx.jobId)) ?? payload.startAt ?? null;
  const plan: ChunkPlan = {
    first: async () => nextChunk(count, planned, null, await wish()),
    next: async (done) => {
      planned.add(done);
      return nextChunk(count, planned, done, await wish());
    },
  };
  let sampleRate = 0;
  const speaking = dialogue ? withDialogue(engine, { engine: dialogue.engine, voiceId: dialogue.voice.id }) : engine;
  const engineWithRetries = withChunkRetries(speaking, deps.chunkRetryDelaysMs);
  // Leaving the loop early (a failed store, an abort) closes the generator, which stops the encoder.
  for await (const piece of narrateChunks(engineWithRetries, voice.id, script, plan, { signal: ctx.signal, mp3Backend: deps.mp3Backend })) {
    // Where the piece sits in its run: a stream from a sentence finds the sentence's bytes by it (stream/live.ts).
    const metadata = { seconds: String(piece.seconds), 'run-time': String(piece.runTime), 'run-byte': String(piece.runByte) };
    await objects.put(partKey(ctx.jobId, piece.index, format), piece.bytes, { contentType: MIME_TYPES[format], metadata });
    sampleRate = piece.sampleRate;
    made.set(piece.index, { size: piece.bytes.length, seconds: piece.seconds, opensRun: piece.opensRun, runSeconds: piece.runSeconds });
    partSeconds[piece.index] = piece.partSeconds;
    // Also the listeners' cue: the runner publishes progress on the cache channel job:<id>.
    ctx.progress((0.95 * made.size) / count, `part ${made.size}`);
  }
  if (made.size !== count) throw new Error(`only ${made.size} of ${count} chunks were narrated`);
  const layout = fileLayout(Array.from({ length: count }, (_, i) => made.get(i)!), format);
  const key = audioKey(payload.slug, payload.chapter, payload.voice, format);
  const duration = Math.round(layout.duration * 1000) / 1000;
  // With a dialogue voice a chunk's time is shared by what each voice's part really took.
  const spans = dialogue ? dialogueSpans(script, partSeconds) : undefined;
  const sentences = storedSentences(script, sentenceTimings(script, layout.seconds, layout.starts, spans), duration);
  // Streamed from the pieces, one at a time: an hour of WAV never sits in memory whole.
  await objects.put(key, assemble(objects, ctx.jobId, format, layout, sampleRate), {
    contentType: MIME_TYPES[format],
    metadata: { duration: String(duration), voice: voice.id, engine: engine.id },
  });

  await ctx.finish(async (trx) => {
    await saveAudioFile(trx, { slug: payload.slug, chapter: payload.chapter, voice: payload.voice, object_key: key, format, size_bytes: layout.size, duration_seconds: duration, sentences, chunks: layout.chunks });
    const row = await markDone(trx, ctx.jobId);
    if (row) await notifyJobEnded(trx, row, 'done', narration.bookTitle);
  });
  await bumpCatalogueVersion(ctx); // the book's has_audio may have turned on (a trigger follows audio_files)
  await removeParts(objects, ctx.jobId);
  ctx.log.info('audio stored', { key, bytes: layout.size, duration });
  return { key, bytes: layout.size, duration };
}

function isPermanent(error: unknown): boolean {
  if (error instanceof TtsError) return !error.transient;
  if (error instanceof AppError) return error.status < 500; // e.g. a voice that is no longer offered
  return error instanceof Error && error.name === 'PermanentJobError';
}

/** Fenced like ctx.finish: only the attempt that still owns the job may end it. */
async function recordFailure(ctx: JobContext, payload: AudioJobPayload, reason: string): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await lockIfOwned(trx, ctx.jobId, ctx.owner))) return;
    const row = await markFailed(trx, ctx.jobId, reason);
    if (!row) return;
    const titles = await bookTitles(trx, [payload.slug]);
    await notifyJobEnded(trx, row, 'failed', titles.get(payload.slug) ?? payload.slug);
  });
}

/** Best effort: a piece left behind is garbage, never wrong audio (keys name the job). */
async function removeParts(objects: ObjectStore, jobId: string): Promise<void> {
  try {
    const parts = await objects.list(partsPrefix(jobId));
    await Promise.all(parts.map((part) => objects.delete(part.key)));
  } catch {
    // An unreachable store now is one later; the pieces are small.
  }
}
