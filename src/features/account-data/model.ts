import { t } from 'elysia';

/** `DELETE /api/account`: the account's username, typed again. */
export const DeleteAccountBody = t.Object({
  confirm: t.Optional(t.String({ maxLength: 256, error: 'confirm must be your username' })),
});

/** The confirmation page's form (application/x-www-form-urlencoded). */
export const DeleteAccountForm = t.Object({ confirm: t.Optional(t.String({ maxLength: 1024 })) }, { additionalProperties: true });

export const DELETE_ERRORS = {
  missing: 'confirm is required: send your username to delete your account',
  mismatch: 'confirm does not match your username: type it exactly to delete your account',
  lastAdmin: 'You are the only administrator: make another account an administrator before deleting yours',
} as const;

/**
 * At most this many rows of each list go into an export (newest first); a list that was cut is
 * named in `truncated`. Comments hold up to 10,000 characters each, so they are capped lower.
 */
export const EXPORT_LIMITS = {
  sessions: 50,
  login_providers: 50,
  progress: 10_000,
  library: 10_000,
  comments: 5_000,
  comment_votes: 10_000,
  ratings: 10_000,
  following: 10_000,
  followers: 10_000,
  discovery_votes: 10_000,
  notifications: 1_000,
  app_passwords: 100,
  reading_days: 20_000,
  kosync_positions: 10_000,
} as const;

export type ExportList = keyof typeof EXPORT_LIMITS;

export const EXPORT_FORMAT = 'chapterhouse-account-export';
export const EXPORT_VERSION = 1;
