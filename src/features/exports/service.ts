import type { Cache } from '../../platform/cache/port.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/index.ts';
import { AppError, badRequest, notFound, unauthorized } from '../../platform/http/errors.ts';
import type { Caller } from '../../platform/http/auth.ts';
import type { ObjectStore } from '../../platform/objects/port.ts';
import { enqueueKind, type JobKindSpec } from '../../platform/queue/index.ts';
import type { SpeechCatalog } from '../../integrations/tts/index.ts';
import { requireExport } from '../billing/gate.ts';
import type { PolicySource } from '../policy/model.ts';
import { findExportBook, rangeFingerprint } from '../export/queries.ts';
import { parseRange } from '../export/range.ts';
import { GENERATOR_VERSION } from '../covers/drawn/service.ts';
import { RENDER_VERSION } from '../../platform/markup/chapter-html.ts';
import { resolveVoice } from '../audio/voices/service.ts';
import { resolveDialogueVoice } from '../audio/voices/dialogue.ts';
import { narrationVoice } from '../audio/narration.ts';
import { settingsOf } from '../settings/service.ts';
import { exportKey, type ExportIdentity } from './keys.ts';
import type { ExportFormat, ExportJobPayload, ExportJobResponse, ExportRequestBody } from './model.ts';
import { insertDone, insertPending, jobProgress, liveBuild, pronunciationDigest, requestById, finishRequests, type ExportRequestRow } from './queries.ts';
import { failureInWords, stageInWords } from './words.ts';

export interface ExportsDeps {
  db: Db;
  objects: ObjectStore;
  cache: Cache;
  clock: Clock;
  policy: PolicySource;
  speech: SpeechCatalog;
  /** exports.build; tests may run it with their own worker. */
  kind: JobKindSpec;
}

/**
 * More chapters than this in one file is a request to split the book. A narrated EPUB is a ZIP
 * without Zip64 (under 4 GiB): 500 chapters of 20 minutes at 48 kbit/s are about 2.9 GB.
 */
export const MAX_EXPORT_CHAPTERS: Record<ExportFormat, number> = { 'epub-narrated': 500, audiobook: 1000 };

/**
 * POST /api/exports: a narrated EPUB or an audiobook of a chapter range in one voice, for readers
 * with the Pro features under the owner's policy (the EPUB export's rule; those readers listen
 * without a daily limit, so the narration an export needs is never refused by it). Answers the
 * request's id. A file already made of the same book, range, voice and pronunciations is served
 * again (the request is done at once); a build on its way is joined; otherwise a job is queued.
 */
export async function requestExport(deps: ExportsDeps, caller: Caller, body: ExportRequestBody): Promise<{ job_id: string }> {
  requireExport(await deps.policy.current(), caller.user);
  if (!caller.user) throw unauthorized('Sign in to make exports');
  const book = await findExportBook(deps.db, body.slug);
  if (!book) throw notFound('Book not found');
  const range = parseRange({ from: body.from?.toString(), to: body.to?.toString() }, book.first_chapter, book.last_chapter);
  const print = await rangeFingerprint(deps.db, book.slug, range.from, range.to);
  if (print.count === 0) throw badRequest(`There are no chapters from ${range.from} to ${range.to}`);
  const most = MAX_EXPORT_CHAPTERS[body.format];
  if (print.count > most) throw badRequest(`An export of this kind holds at most ${most} chapters; choose a shorter range`);
  const settings = await settingsOf(deps.db, caller.reader);
  const { voice: main, format: audioFormat } = await resolveVoice(deps.speech, body.voice ?? (await offeredOrDefault(deps.speech, settings.voice)));
  // The dialogue read by a second voice as the reader listens (their setting, when it speaks the voice's language), unless the body says.
  const dialogue = body.dialogue_voice === undefined
    ? await resolveDialogueVoice(deps.speech, main, settings.dialogue_voice ?? null).catch(() => null)
    : await resolveDialogueVoice(deps.speech, main, body.dialogue_voice || null);
  const voice = { id: narrationVoice(main.id, null, dialogue?.voice.id ?? null) };
  const identity: ExportIdentity = { format: body.format, slug: book.slug, from: range.from, to: range.to, voice: voice.id };
  const objectKey = exportKey(identity, [
    RENDER_VERSION, book.title, book.author, book.description, book.language, book.cover_key ?? `drawn:${GENERATOR_VERSION}`,
    print.digest ?? '', await pronunciationDigest(deps.db, book.slug),
  ]);
  const request = { userId: caller.user.id, slug: book.slug, from: range.from, to: range.to, format: body.format, voice: voice.id, objectKey };
  const stored = await deps.objects.head(objectKey);
  if (stored) return { job_id: (await insertDone(deps.db, request, stored.size, deps.clock())).id };
  const live = await liveBuild(deps.db, objectKey);
  if (live?.job_id) return { job_id: (await insertPending(deps.db, request, live.job_id)).id };
  const payload: ExportJobPayload = { slug: book.slug, from: range.from, to: range.to, format: body.format, voice: voice.id, audioFormat, objectKey, requestedBy: caller.user.id };
  const job = await enqueueKind(deps.db, deps.kind, payload, { dedupeKey: objectKey });
  return { job_id: (await insertPending(deps.db, request, job.id)).id };
}

/** A voice from the settings that the server no longer offers falls back to the first voice. */
async function offeredOrDefault(speech: SpeechCatalog, id: string): Promise<string | undefined> {
  return (await speech.engineOfVoice(id)) ? id : undefined;
}

/** The request, for its reader (or an admin); anyone else learns nothing of it (404). */
export async function ownRequest(deps: Pick<ExportsDeps, 'db'>, caller: Caller, id: string): Promise<ExportRequestRow> {
  if (!caller.user) throw unauthorized('Sign in to see your exports');
  const row = UUID.test(id) ? await requestById(deps.db, id) : undefined;
  if (!row || (row.user_id !== caller.user.id && caller.user.role !== 'admin')) throw notFound('Export not found');
  return row;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export const fileUrl = (id: string) => `/api/exports/${id}/file`;

/**
 * Where a request stands, with the progress of its build. A build whose job ended without telling
 * (its worker lost on the last attempt) is failed here, for every request that waited for it.
 */
export async function currentState(deps: Pick<ExportsDeps, 'db' | 'clock'>, row: ExportRequestRow): Promise<{ row: ExportRequestRow; progress: number }> {
  if (row.status === 'done') return { row, progress: 1 };
  if (row.status === 'failed' || !row.job_id) return { row, progress: 0 };
  const job = await jobProgress(deps.db, row.job_id);
  if (job && job.status !== 'failed' && job.status !== 'cancelled') return { row, progress: Math.max(0, Math.min(1, Number(job.progress))) };
  await finishRequests(deps.db, row.object_key, { status: 'failed', error: job?.error ?? 'the job no longer exists' }, deps.clock());
  return { row: (await requestById(deps.db, row.id))!, progress: 0 };
}

/** GET /api/exports/{job_id}. */
export async function exportStatus(deps: Pick<ExportsDeps, 'db' | 'clock'>, caller: Caller, id: string): Promise<ExportJobResponse> {
  const { row, progress } = await currentState(deps, await ownRequest(deps, caller, id));
  const base = { status: row.status, progress, format: row.format, slug: row.book_slug, from: row.from_chapter, to: row.to_chapter, voice: row.voice };
  if (row.status === 'done') return { ...base, url: fileUrl(row.id), size: Number(row.size_bytes ?? 0) };
  if (row.status === 'failed') return { ...base, error: failureInWords(row.error) };
  return { ...base, message: stageInWords(row) };
}

export class ExportNotReady extends AppError {
  constructor() {
    super(409, 'conflict', 'The export is not ready yet (GET /api/exports/{job_id} says when it is)');
  }
}
