/**
 * The kosync protocol as KOReader's Progress sync plugin speaks it (plugins/kosync.koplugin:
 * api.json, KOSyncClient.lua) and koreader-sync-server answers it (config/errors.lua): errors are
 * `{ code, message }` with the reference server's codes and statuses.
 */
export const KOSYNC_ERRORS = {
  unauthorized: { status: 401, code: 2001, message: 'Unauthorized' },
  invalidFields: { status: 403, code: 2003, message: 'Invalid request' },
  documentMissing: { status: 403, code: 2004, message: "Field 'document' not provided." },
  registrationDisabled: {
    status: 402,
    code: 2005,
    message: 'User registration is disabled. Chapterhouse accounts are made by signing in on the website: create an app password on your account page, then log in here with your username and that app password.',
  },
} as const;
export type KosyncError = { status: number; code: number; message: string };

/**
 * Chapterhouse's own, like 2005 (the reference server has no limits): 429. KOReader's push keeps a
 * push refused with any status but 401 in its queue and sends it again later, which is what a
 * limit wants; a 401 would drop it.
 */
export function rateLimited(retryAfterSeconds: number): KosyncError {
  return { status: 429, code: 2006, message: `Too many requests. Try again in ${retryAfterSeconds} seconds.` };
}

/**
 * A locked-out sign-in as KOReader's login (GET /users/auth) must see it: its API description
 * expects 200 or 401 there, and only then shows the body's message; any other status fails the
 * call and the reader sees "Unknown server error". So 401, with the wait in the message.
 */
export function signInLocked(retryAfterSeconds: number): KosyncError {
  return { status: 401, code: 2006, message: `Too many failed sign-ins. Try again in ${retryAfterSeconds} seconds.` };
}

/** KOReader sends 32 hex digits; the reference server takes any non-empty id without a colon. */
const DOCUMENT = /^[^:\s]{1,128}$/;
const MAX_PROGRESS = 2048;
const MAX_DEVICE = 200;

export function isDocumentId(value: unknown): value is string {
  return typeof value === 'string' && DOCUMENT.test(value);
}

/** A PUT /syncs/progress body: document, progress, percentage, device, device_id, timestamp? (Unix seconds). */
export interface ProgressPush {
  document: string;
  progress: string;
  percentage: number;
  device: string;
  deviceId: string;
  /** Unix seconds, when the device says when it was there (a queued push); absent: now. */
  timestamp?: number;
}

/** Parsed like the reference server: `percentage` through tonumber, `progress` as text (a page number for PDFs). */
export function parsePush(text: string): ProgressPush | KosyncError {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return KOSYNC_ERRORS.invalidFields;
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return KOSYNC_ERRORS.invalidFields;
  const b = body as Record<string, unknown>;
  if (!isDocumentId(b.document)) return KOSYNC_ERRORS.documentMissing;
  const percentage = typeof b.percentage === 'number' ? b.percentage : typeof b.percentage === 'string' && b.percentage.trim() !== '' ? Number(b.percentage) : NaN;
  const progress = typeof b.progress === 'number' && Number.isFinite(b.progress) ? String(b.progress) : b.progress;
  const deviceId = b.device_id ?? '';
  if (!Number.isFinite(percentage) || percentage < 0 || percentage > 1) return KOSYNC_ERRORS.invalidFields;
  if (typeof progress !== 'string' || progress.length === 0 || progress.length > MAX_PROGRESS) return KOSYNC_ERRORS.invalidFields;
  if (typeof b.device !== 'string' || b.device.length === 0 || b.device.length > MAX_DEVICE) return KOSYNC_ERRORS.invalidFields;
  if (typeof deviceId !== 'string' || deviceId.length > MAX_DEVICE) return KOSYNC_ERRORS.invalidFields;
  if (b.timestamp !== undefined && (typeof b.timestamp !== 'number' || !Number.isFinite(b.timestamp) || b.timestamp <= 0)) return KOSYNC_ERRORS.invalidFields;
  return { document: b.document, progress, percentage, device: b.device, deviceId, ...(b.timestamp !== undefined ? { timestamp: b.timestamp as number } : {}) };
}

/** GET /syncs/progress/:document: `{}` when nothing is known, as the reference server answers. */
export interface ProgressAnswer {
  document?: string;
  progress?: string;
  percentage?: number;
  device?: string;
  /** Left out when the device sent none, as the reference server does (never ""). */
  device_id?: string;
  timestamp?: number;
}

/** The device name KOReader shows ("Sync to latest location …% from device '…'?") for a place read on the web. */
export const WEB_DEVICE = 'Chapterhouse';
export const WEB_DEVICE_ID = 'chapterhouse-web';
