import type { ColumnType, Generated } from 'kysely';

/** Row types of the migrations under migrations/. Keep in step with them. */
type Timestamp = ColumnType<Date, Date | string, Date | string>;
/** A timestamp column with a default: optional on insert. */
type DefaultTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** jsonb: read as a value, written as a JSON string. */
type Json = ColumnType<unknown, string, string>;
type DefaultJson = ColumnType<unknown, string | undefined, string>;

export interface BooksTable {
  slug: string;
  title: string;
  author: Generated<string>;
  description: Generated<string>;
  cover_key: string | null;
  status: Generated<'ongoing' | 'completed'>;
  source_url: string | null;
  chapter_count: Generated<number>;
  rating_count: Generated<number>;
  rating_sum: Generated<number>;
  has_audio: Generated<boolean>;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
  search_vector: ColumnType<string, never, never>;
  /** Readers in the last 7 / 30 days, refreshed by the catalogue.refresh-popularity job. */
  reads_7d: Generated<number>;
  reads_30d: Generated<number>;
  /** Bayesian average (generated); NULL while the book has no rating. */
  rating_score: ColumnType<number | null, never, never>;
  /** `<source>:<slug or id>` of a scraped book (migration 20261125000100); null for imports and demo books. */
  source_key: string | null;
  /** When the new-chapters job last looked at the source. */
  last_checked_at: Timestamp | null;
  /** Accepted by an admin from the AI tools (migration 20261125000200). */
  tagline: Generated<string>;
  content_warnings: DefaultJson;
  quality_score: number | null;
  quality_reasons: DefaultJson;
  /** BCP 47 tag of the text (migration 20261130000500); 'en' unless an import said otherwise. */
  language: Generated<string>;
}

export interface GenresTable {
  slug: string;
  name: string;
}

export interface BookGenresTable {
  book_slug: string;
  genre_slug: string;
}

export interface ChaptersTable {
  id: Generated<number>;
  book_slug: string;
  number: number;
  title: Generated<string>;
  text: Generated<string>;
  word_count: Generated<number>;
  content_hash: Generated<string>;
  /** The source's stable chapter key (a chapter id or its number on the site); null for imports. */
  source_key: string | null;
  /** Stored rendering and `${RENDER_VERSION}:${md5(text)}` it was made from (features/catalogue/writes/stored-html.ts). */
  html: string | null;
  html_source: string | null;
  /** The rendering compressed (raw deflate, sync-flushed), its CRC-32 as a signed integer and its UTF-8 length. */
  html_deflated: Uint8Array | null;
  html_crc: number | null;
  html_bytes: number | null;
  /** `"text":…,"html":…` of the chapter's JSON, compressed the same way (catalogue/writes/stored-html.ts). */
  json_deflated: Uint8Array | null;
  json_crc: number | null;
  json_bytes: number | null;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}

export type Role = 'user' | 'pro' | 'admin';

export interface AppUsersTable {
  id: Generated<string>;
  username: string;
  role: Generated<Role>;
  email: string | null;
  email_verified: Generated<boolean>;
  avatar_key: string | null;
  provider_avatar_url: string | null;
  oauth_provider: string | null;
  oauth_id: string | null;
  payment_customer_id: string | null;
  password_hash: string | null;
  library_private: Generated<boolean>;
  pro_until: Timestamp | null;
  /** The event time of the newest payment event applied (migration 20261125000500). */
  billing_event_at: Timestamp | null;
  /** Legacy three-segment tokens of this account are refused (migration 20261130000200). */
  legacy_tokens_revoked: Generated<boolean>;
  /** Set by an admin: the account cannot sign in and every token of it is refused (migration 20261130000300). */
  disabled_at: Timestamp | null;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}

export type AccountLinkKind = 'invite' | 'password';

/** One-time invite and set-password links; only a SHA-256 of the token is stored (migration 20261130000300). */
export interface AccountLinksTable {
  token_hash: string;
  kind: AccountLinkKind;
  /** The account a set-password link is for; null for invites. */
  user_id: string | null;
  /** The role an invite gives (null: `user`). */
  role: Role | null;
  created_by: string | null;
  created_at: DefaultTimestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  used_by: string | null;
}

/** What admins did to accounts, links and the policy (migration 20261130000300). */
export interface AdminAuditTable {
  id: Generated<string>;
  actor_id: string | null;
  actor_name: string;
  action: string;
  target_id: string | null;
  target_name: string | null;
  detail: DefaultJson;
  created_at: DefaultTimestamp;
}

/** The owner's rules, at most one row; absent = the defaults of the configuration (features/policy). */
export interface InstancePolicyTable {
  id: Generated<boolean>;
  limits_enabled: boolean;
  audio_chapters_per_day: number;
  translations_per_day: number;
  pro_features_open: boolean;
  updated_at: DefaultTimestamp;
  updated_by: string | null;
}

export interface UserSessionsTable {
  id: string;
  user_id: string;
  user_agent: Generated<string>;
  ip: Generated<string>;
  device_fingerprint: string;
  created: DefaultTimestamp;
  last_seen: DefaultTimestamp;
}

/** E-reader app passwords (migration 20261128000200; features/accounts/app-passwords). */
export interface AppPasswordsTable {
  id: string;
  user_id: string;
  name: string;
  /** sha256 hex of the md5 hex of the password (accounts/app-passwords/secrets.ts). */
  key_hash: string;
  created_at: DefaultTimestamp;
  last_used_at: Timestamp | null;
  revoked_at: Timestamp | null;
}

export interface UserIdentitiesTable {
  provider: 'google' | 'github' | 'oidc';
  provider_user_id: string;
  user_id: string;
  email: string | null;
  created_at: DefaultTimestamp;
}

export interface ProgressTable {
  id: Generated<number>;
  user_id: string | null;
  session_id: string | null;
  slug: string;
  chapter: number;
  scroll: Generated<number>;
  audio_time: Generated<number>;
  updated_at: DefaultTimestamp;
  /** The furthest point ever reached (migration 20261201000100; a trigger starts it at the place). */
  furthest_chapter: Generated<number>;
  furthest_scroll: Generated<number>;
  /** A look-back: an earlier chapter opened, not yet the place (features/progress/reading-place.ts). */
  back_chapter: number | null;
  back_scroll: number | null;
  back_since: Date | null;
  /** The look-back's own audio position (migration 20261201000300). */
  back_audio: number | null;
}

/** Reading statistics per reader, UTC day and book, kept by a trigger on progress (migration 20261128000400). */
export interface ReadingDaysTable {
  user_id: string;
  day: ColumnType<string, string, string>;
  slug: string;
  chapters: Generated<number>;
  words: Generated<number>;
  listened_seconds: Generated<number>;
}

export interface UserSettingsTable {
  id: Generated<number>;
  user_id: string | null;
  session_id: string | null;
  auto_next: boolean | null;
  voice: string | null;
  speed: number | null;
  theme: string | null;
  locale: string | null;
  font_family: string | null;
  font_size: number | null;
  updated_at: DefaultTimestamp;
}

export type Shelf = 'reading' | 'plan_to_read' | 'completed' | 'dropped';

export interface UserLibraryTable {
  user_id: string;
  slug: string;
  shelf: Generated<Shelf>;
  added_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}

export interface BookCommentsTable {
  id: Generated<number>;
  slug: string;
  chapter: number | null;
  parent_id: number | null;
  /** NULL once the author's account is deleted; such a comment is always a "[deleted]" placeholder (migration 20261125001000). */
  author_id: string | null;
  text: string;
  upvotes: Generated<number>;
  downvotes: Generated<number>;
  created_at: DefaultTimestamp;
  deleted_at: Timestamp | null;
  /** Top order score, kept by a trigger (migrations/20261121000900_add_comment_ranking.ts). */
  hot: Generated<number>;
  /** Rendered markdown and the renderer's version (features/comments/render.ts); null: render when read. */
  html: string | null;
  html_version: string | null;
}

/** Comments shown per thread (chapter 0: the book's own), kept by triggers (migrations/20261125001100_add_comment_counts.ts). */
export interface CommentCountsTable {
  slug: string;
  chapter: number;
  count: number;
}

export interface CommentVotesTable {
  comment_id: number;
  voter_id: string;
  direction: 'up' | 'down';
  created_at: DefaultTimestamp;
}

export interface BookRatingsTable {
  id: Generated<number>;
  user_id: string | null;
  session_id: string | null;
  slug: string;
  rating: number;
  updated_at: DefaultTimestamp;
}

export interface UserSubscriptionsTable {
  follower_id: string;
  followee_id: string;
  created_at: DefaultTimestamp;
}

export interface DiscoveryVotesTable {
  id: Generated<number>;
  user_id: string | null;
  session_id: string | null;
  slug: string;
  action: 'like' | 'pass' | 'save';
  created_at: DefaultTimestamp;
  /** Discovery (migration 000930): this save swipe added the book to the library. */
  saved_to_library: Generated<boolean>;
}

export interface NotificationsTable {
  id: Generated<number>;
  user_id: string;
  title: string;
  body: Generated<string>;
  link: string | null;
  read: Generated<boolean>;
  created_at: DefaultTimestamp;
  /** What an unread notification is about, so a later one on the same thing joins it (`audio-ready:<slug>`). */
  topic: string | null;
  /** The items it gathers (the chapters whose audio is ready). */
  items: number[] | null;
}

export type AudioJobStatus = 'pending' | 'generating' | 'done' | 'failed';

export interface AudioJobsTable {
  id: Generated<string>;
  slug: string;
  chapter: number;
  voice: string;
  status: Generated<AudioJobStatus>;
  error: string | null;
  requested_by: string | null;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
  /** The chunk a listener asked to hear next (migration 001300); the job reads it between chunks. */
  jump_to: number | null;
  /** A reader asked for this chapter itself (POST /api/audio, not ahead of time). */
  asked: Generated<boolean>;
  /** Its narration was streamed to a listener while it was made. */
  heard: Generated<boolean>;
}

export interface AudioFilesTable {
  slug: string;
  chapter: number;
  voice: string;
  object_key: string;
  format: 'mp3' | 'wav';
  size_bytes: Generated<number>;
  duration_seconds: Generated<number>;
  created_at: DefaultTimestamp;
  /** Sentence timings of the file (migration 001100); NULL for audio stored before they were kept. */
  sentences: ColumnType<AudioSentence[] | null, string | null | undefined, string | null>;
  /** Where each chunk of the script begins in the file (migration 001300); NULL for audio stored before. */
  chunks: ColumnType<AudioChunk[] | null, string | null | undefined, string | null>;
}

export type ExportFormat = 'epub-narrated' | 'audiobook';
export type ExportStatus = 'pending' | 'running' | 'done' | 'failed';

/** A reader's narrated EPUB or audiobook export (migration 20261201000600); `object_key` names the shared build. */
export interface ExportRequestsTable {
  id: Generated<string>;
  user_id: string;
  book_slug: string;
  from_chapter: number;
  to_chapter: number;
  format: ExportFormat;
  voice: string;
  object_key: string;
  job_id: string | null;
  status: Generated<ExportStatus>;
  error: string | null;
  /** What the build does now, and how far: chapters narrated, or packed, of how many. */
  stage: 'narrating' | 'packing' | null;
  stage_done: Generated<number>;
  stage_total: Generated<number>;
  size_bytes: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: DefaultTimestamp;
  finished_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

/** Pronunciation lists: per book, or the site's when book_slug is null (migration 20261201000400). */
export interface PronunciationsTable {
  id: Generated<string>;
  book_slug: string | null;
  word: string;
  say: string;
  case_sensitive: boolean;
  /** eSpeak phoneme mnemonics said instead of `say` by eSpeak voices (migration 20261201000500). */
  phonemes: ColumnType<string | null, string | null | undefined, string | null>;
  position: number;
  created_at: DefaultTimestamp;
}

/** A listener's "said wrong" on a word (migration 20261201000400); reporter is platform/http/auth.ts readerKey (`user:<id>` or `anon:<session>`). */
export interface PronunciationReportsTable {
  id: Generated<string>;
  book_slug: string;
  chapter: number;
  word: string;
  voice: string;
  reporter: string;
  created_at: DefaultTimestamp;
}

/** One chunk of stored audio: its first byte in the object and its start in seconds. */
export interface AudioChunk {
  byte: number;
  start: number;
}

/** One sentence of stored audio: seconds from the start of the file, and the words spoken. */
export interface AudioSentence {
  start: number;
  end: number;
  text: string;
}

export interface AiJobsTable {
  id: Generated<string>;
  kind: string;
  status: Generated<'pending' | 'running' | 'done' | 'failed' | 'cancelled' | 'applied'>;
  progress: Generated<number>;
  payload: DefaultJson;
  error: string | null;
  created_by: string | null;
  book_slug: string | null;
  /** The queue job running it (src/platform/queue). */
  job_id: string | null;
  started_at: Timestamp | null;
  finished_at: Timestamp | null;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}

/** Payment webhook events as received (features/billing). */
export interface BillingEventsTable {
  id: string;
  type: string;
  user_id: string | null;
  outcome: string;
  role: string | null;
  event_time: Timestamp;
  received_at: DefaultTimestamp;
}

/** What the AI service was asked, per UTC day and kind of generation (features/ai/usage.ts). */
export interface AiUsageDailyTable {
  day: string;
  kind: string;
  requests: Generated<number>;
  prompt_tokens: Generated<string | number>;
  completion_tokens: Generated<string | number>;
  images: Generated<number>;
  failures: Generated<number>;
}

export type TaskStatus = 'pending' | 'running' | 'done' | 'failed' | 'cancelled';

interface TaskColumns<S> {
  id: Generated<string>;
  status: Generated<S>;
  source: Generated<string>;
  book_slug: string | null;
  progress: Generated<number>;
  detail: DefaultJson;
  error: string | null;
  initiator_id: string | null;
  job_id: string | null;
  started_at: Timestamp | null;
  finished_at: Timestamp | null;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}

export type ScrapeTaskKind = 'book' | 'range' | 'all' | 'update';

export interface ScrapeTasksTable extends TaskColumns<TaskStatus> {
  kind: Generated<ScrapeTaskKind>;
  url: string | null;
  from_chapter: number | null;
  to_chapter: number | null;
}

export type ImportTaskStatus = TaskStatus | 'review';

export interface ImportTasksTable extends TaskColumns<ImportTaskStatus> {
  file_name: Generated<string>;
  object_key: string | null;
  format: 'epub' | 'pdf' | null;
  size_bytes: Generated<number>;
  review: Generated<boolean>;
  rule: Generated<string>;
}

export interface ScrapeHostsTable {
  host: string;
  task_id: string;
  until: Timestamp;
}

/** Machine translation of chapters (migration 20261125000300; features/translation). */
export type TranslationLocale = 'en' | 'pt' | 'es' | 'fr' | 'id';

export interface ChapterTranslationsTable {
  slug: string;
  chapter: number;
  locale: TranslationLocale;
  title: Generated<string>;
  text: string;
  /** chapters.content_hash of the text it was made from: an edited chapter is translated anew. */
  source_hash: string;
  model: Generated<string>;
  created_at: DefaultTimestamp;
}

export interface TranslationJobsTable {
  id: Generated<string>;
  slug: string;
  chapter: number;
  locale: TranslationLocale;
  status: Generated<'pending' | 'running' | 'done' | 'failed'>;
  error: string | null;
  requested_by: string | null;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}

export interface BookGlossariesTable {
  slug: string;
  entries: DefaultJson;
  updated_by: string | null;
  updated_at: DefaultTimestamp;
}

/** KOReader's ids of exported EPUBs (features/kosync). spine: chapter number per DocFragment, null for non-chapter pages. */
export interface KosyncDocumentsTable {
  document: string;
  method: 'binary' | 'filename';
  book_slug: string;
  chapter_from: number;
  chapter_to: number;
  spine: Json;
  object_key: string;
  created_at: DefaultTimestamp;
}

/** The last place a KOReader device pushed, per account and document, as sent. */
export interface KosyncPositionsTable {
  user_id: string;
  document: string;
  progress: string;
  percentage: number;
  device: string;
  device_id: Generated<string>;
  updated_at: Timestamp;
}

export interface Database {
  books: BooksTable;
  genres: GenresTable;
  book_genres: BookGenresTable;
  chapters: ChaptersTable;
  app_users: AppUsersTable;
  user_sessions: UserSessionsTable;
  account_links: AccountLinksTable;
  admin_audit: AdminAuditTable;
  instance_policy: InstancePolicyTable;
  app_passwords: AppPasswordsTable;
  kosync_documents: KosyncDocumentsTable;
  kosync_positions: KosyncPositionsTable;
  reading_days: ReadingDaysTable;
  user_identities: UserIdentitiesTable;
  progress: ProgressTable;
  user_settings: UserSettingsTable;
  user_library: UserLibraryTable;
  book_comments: BookCommentsTable;
  comment_votes: CommentVotesTable;
  comment_counts: CommentCountsTable;
  book_ratings: BookRatingsTable;
  user_subscriptions: UserSubscriptionsTable;
  discovery_votes: DiscoveryVotesTable;
  notifications: NotificationsTable;
  audio_jobs: AudioJobsTable;
  audio_files: AudioFilesTable;
  pronunciations: PronunciationsTable;
  pronunciation_reports: PronunciationReportsTable;
  export_requests: ExportRequestsTable;
  ai_jobs: AiJobsTable;
  ai_usage_daily: AiUsageDailyTable;
  billing_events: BillingEventsTable;
  scrape_tasks: ScrapeTasksTable;
  import_tasks: ImportTasksTable;
  scrape_hosts: ScrapeHostsTable;
  jobs: JobsTable;
  chapter_translations: ChapterTranslationsTable;
  translation_jobs: TranslationJobsTable;
  book_glossaries: BookGlossariesTable;
}

export type JobStatus = 'queued' | 'running' | 'done' | 'failed' | 'cancelled';

/** The durable job queue (src/platform/queue). */
export interface JobsTable {
  id: Generated<string>;
  kind: string;
  payload: DefaultJson;
  status: Generated<JobStatus>;
  priority: Generated<number>;
  attempts: Generated<number>;
  max_attempts: Generated<number>;
  run_at: DefaultTimestamp;
  lease_until: Timestamp | null;
  locked_by: string | null;
  progress: Generated<number>;
  result: Json | null;
  error: string | null;
  cancel_requested: Generated<boolean>;
  dedupe_key: string | null;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
  finished_at: Timestamp | null;
}
