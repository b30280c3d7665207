import type { Db } from '../../platform/db/index.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/http/errors.ts';
import { userByAppKey, type AppPasswordUser } from '../accounts/app-passwords/service.ts';
import { progressOf, recordProgress, type StartedReading } from '../progress/service.ts';
import { fileNameMd5 } from './partial-md5.ts';
import { WEB_DEVICE, WEB_DEVICE_ID, type ProgressAnswer, type ProgressPush } from './model.ts';
import { binaryDocumentFor, findDocument, findPosition, upsertDocuments, writePosition, type DocumentRow } from './queries.ts';

export interface KosyncDeps {
  db: Db;
  clock: Clock;
  startedReading: StartedReading;
}

/** `x-auth-user` is the account's username, `x-auth-key` the md5 of one of its app passwords. */
export function authorize(deps: KosyncDeps, user: string | null, key: string | null): Promise<AppPasswordUser | null> {
  if (!user || !key) return Promise.resolve(null);
  return userByAppKey(deps.db, user, key, deps.clock());
}

export interface ExportedFile {
  objectKey: string;
  slug: string;
  range: { from: number; to: number };
  /** The names KOReader may give the file (koreader-names.ts). */
  fileNames: string[];
  /** partialMD5 of the stored bytes. */
  partialMd5: string;
  /** Chapter number per spine item (DocFragment[i + 1]), null for the cover and title pages. */
  spine: (number | null)[];
}

/** The ids KOReader may send for an exported file: its partial MD5 (the default) and the md5 of each name it may have. */
export async function recordExportedFile(db: Db, file: ExportedFile): Promise<void> {
  const common = { book_slug: file.slug, chapter_from: file.range.from, chapter_to: file.range.to, spine: file.spine, object_key: file.objectKey };
  const byName = [...new Set(file.fileNames.map(fileNameMd5))].map((document) => ({ document, method: 'filename' as const, ...common }));
  await upsertDocuments(db, [{ document: file.partialMd5, method: 'binary', ...common }, ...byName]);
}

/**
 * Whether a stored export has its ids recorded (copies stored before this feature are built anew).
 * Its name ids are recorded again on the way, so that a copy stored before KOReader's OPDS names
 * were known gets them, and a name moves to the newest build that has it.
 */
export async function isRecordedExport(db: Db, objectKey: string, fileNames: string[]): Promise<boolean> {
  const binary = await binaryDocumentFor(db, objectKey);
  if (!binary) return false;
  const common = { book_slug: binary.book_slug, chapter_from: binary.chapter_from, chapter_to: binary.chapter_to, spine: spineOf(binary), object_key: objectKey };
  await upsertDocuments(db, [...new Set(fileNames.map(fileNameMd5))].map((document) => ({ document, method: 'filename' as const, ...common })));
  return true;
}

const FRAGMENT = /^\/body\/DocFragment\[(\d{1,6})\]/;

function spineOf(doc: DocumentRow): (number | null)[] {
  const spine = typeof doc.spine === 'string' ? JSON.parse(doc.spine) : doc.spine;
  return Array.isArray(spine) ? spine : [];
}

/** The chapter a crengine xPointer points into (DocFragment[N] is spine item N, from 1), or null. */
export function chapterAt(spine: (number | null)[], xPointer: string): number | null {
  const match = FRAGMENT.exec(xPointer);
  if (!match) return null;
  return spine[Number(match[1]) - 1] ?? null;
}

/**
 * Keeps the device's place as sent, and moves the web's progress to the chapter it points into
 * (newest wins by time, so an older push does not undo reading done since on the web).
 */
export async function pushProgress(deps: KosyncDeps, user: AppPasswordUser, push: ProgressPush): Promise<{ document: string; timestamp: number }> {
  const nowMs = deps.clock().getTime();
  const at = new Date(push.timestamp === undefined ? nowMs : Math.min(Math.round(push.timestamp * 1000), nowMs));
  await writePosition(deps.db, user.id, push.document, { progress: push.progress, percentage: push.percentage, device: push.device, device_id: push.deviceId, updated_at: at });
  const doc = await findDocument(deps.db, push.document);
  const chapter = doc ? chapterAt(spineOf(doc), push.progress) : null;
  if (doc && chapter !== null) {
    try {
      await recordProgress(deps.db, { kind: 'user', userId: user.id }, { slug: doc.book_slug, chapter, timestamp: at.getTime() }, deps.startedReading, new Date(nowMs));
    } catch (error) {
      // The chapter was removed from the book since the export: the device's place is still kept.
      if (!(error instanceof AppError && error.status === 404)) throw error;
    }
  }
  return { document: push.document, timestamp: Math.floor(at.getTime() / 1000) };
}

/**
 * The place to offer the device: its own last push while that is the newest, else, for a book
 * exported here, the start of the chapter the reader has reached on the web since.
 */
export async function pullProgress(deps: KosyncDeps, user: AppPasswordUser, document: string): Promise<ProgressAnswer> {
  const [position, doc] = await Promise.all([findPosition(deps.db, user.id, document), findDocument(deps.db, document)]);
  if (doc) {
    const web = await progressOf(deps.db, { kind: 'user', userId: user.id }, doc.book_slug);
    const spine = spineOf(doc);
    const pushedAt = position ? new Date(position.updated_at).getTime() : -Infinity;
    if (web && Date.parse(web.updated) > pushedAt && (!position || chapterAt(spine, position.progress) !== web.chapter)) {
      const index = spine.indexOf(web.chapter);
      if (index >= 0) {
        return {
          document,
          progress: `/body/DocFragment[${index + 1}]/body`,
          percentage: Math.round((index / spine.length) * 10_000) / 10_000,
          device: WEB_DEVICE,
          device_id: WEB_DEVICE_ID,
          timestamp: Math.floor(Date.parse(web.updated) / 1000),
        };
      }
    }
  }
  if (!position) return {};
  return {
    document,
    progress: position.progress,
    percentage: Number(position.percentage),
    device: position.device,
    ...(position.device_id ? { device_id: position.device_id } : {}),
    timestamp: Math.floor(new Date(position.updated_at).getTime() / 1000),
  };
}
