import { Type as T, type Static, type TOptional } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { availableParallelism } from 'node:os';
import { SOURCE_SETTINGS, sourceBaseUrlsFromEnv, type SourceBaseUrls, type SourceEnvName } from './integrations/sources/settings.ts';

/**
 * The environment table of docs/api.md (decisions.md), parsed once at start.
 * Every variable is optional; an invalid value stops the process with one line naming it.
 */
const Url = (pattern: string, hint: string) => T.String({ pattern, description: hint });
const httpUrl = Url('^https?://[^\\s]+$', 'an http(s) URL');

export const EnvSchema = T.Object({
  PORT: T.Optional(T.Integer({ minimum: 0, maximum: 65535, description: 'a port number 0-65535' })),
  BASE_URL: T.Optional(httpUrl),
  DATA_DIR: T.Optional(T.String({ minLength: 1, description: 'a directory path' })),
  ROLE: T.Optional(T.Union([T.Literal('all'), T.Literal('web'), T.Literal('worker')], { description: 'one of all, web, worker' })),
  WEB_PROCESSES: T.Optional(T.Union([T.Literal('auto'), T.Integer({ minimum: 1, maximum: 64 })], { description: 'a count 1-64, or auto (one per core)' })),
  DATABASE_URL: T.Optional(Url('^postgres(ql)?://[^\\s]+$', 'a postgres:// URL')),
  REDIS_URL: T.Optional(Url('^rediss?://[^\\s]+$', 'a redis:// URL')),
  S3_ENDPOINT: T.Optional(httpUrl),
  S3_BUCKET: T.Optional(T.String({ pattern: '^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$', description: 'an S3 bucket name' })),
  S3_REGION: T.Optional(T.String({ minLength: 1 })),
  S3_ACCESS_KEY_ID: T.Optional(T.String({ minLength: 1 })),
  S3_SECRET_ACCESS_KEY: T.Optional(T.String({ minLength: 1 })),
  S3_PUBLIC_URL: T.Optional(httpUrl),
  AUTH_SECRET: T.Optional(T.String({ minLength: 32, description: 'at least 32 characters' })),
  DEBUG_LOGIN_TOKEN: T.Optional(T.String({ minLength: 16, description: 'at least 16 characters' })),
  ADMIN_USERNAMES: T.Optional(T.String()),
  REGISTRATION: T.Optional(T.Union([T.Literal('closed'), T.Literal('invite'), T.Literal('open')], { description: 'one of closed, invite, open' })),
  GOOGLE_CLIENT_ID: T.Optional(T.String({ minLength: 1 })),
  GOOGLE_CLIENT_SECRET: T.Optional(T.String({ minLength: 1 })),
  GITHUB_CLIENT_ID: T.Optional(T.String({ minLength: 1 })),
  GITHUB_CLIENT_SECRET: T.Optional(T.String({ minLength: 1 })),
  OIDC_ISSUER: T.Optional(httpUrl),
  OIDC_CLIENT_ID: T.Optional(T.String({ minLength: 1 })),
  OIDC_CLIENT_SECRET: T.Optional(T.String({ minLength: 1 })),
  AI_BASE_URL: T.Optional(httpUrl),
  AI_API_KEY: T.Optional(T.String()),
  AI_TEXT_MODEL: T.Optional(T.String({ minLength: 1 })),
  AI_IMAGE_MODEL: T.Optional(T.String({ minLength: 1 })),
  AI_TIMEOUT_SECONDS: T.Optional(T.Number({ minimum: 1, maximum: 3600, description: 'seconds, 1-3600' })),
  AI_MAX_RETRIES: T.Optional(T.Integer({ minimum: 0, maximum: 10, description: 'a count, 0-10' })),
  TTS_OPENAI_URL: T.Optional(httpUrl),
  TTS_OPENAI_KEY: T.Optional(T.String()),
  TTS_OPENAI_MODEL: T.Optional(T.String({ minLength: 1, description: 'a model name' })),
  TTS_ENGINES: T.Optional(T.String({ pattern: '^\\s*(espeak|flite|openai)\\s*(,\\s*(espeak|flite|openai)\\s*)*$', description: 'a comma-separated list of espeak, flite, openai' })),
  POLAR_API_URL: T.Optional(httpUrl),
  POLAR_ACCESS_TOKEN: T.Optional(T.String({ minLength: 1 })),
  POLAR_PRODUCT_ID: T.Optional(T.String({ minLength: 1 })),
  POLAR_WEBHOOK_SECRET: T.Optional(T.String({ minLength: 1 })),
  SCRAPER_URL: T.Optional(httpUrl),
  // Each source's base URL variable (SOURCE_BASE_URL, …), from src/integrations/sources/registry.ts.
  ...(Object.fromEntries(SOURCE_SETTINGS.map((s) => [s.env, T.Optional(httpUrl)])) as Record<SourceEnvName, TOptional<typeof httpUrl>>),
  SCRAPE_RATE: T.Optional(T.Number({ minimum: 0, maximum: 100, description: 'requests per second per source host, 0-100 (0: no limit)' })),
  SCRAPE_UPDATE_HOURS: T.Optional(T.Number({ minimum: 0.05, maximum: 720, description: 'hours between new-chapter checks, 0.05-720' })),
  IMPORT_MAX_MB: T.Optional(T.Number({ minimum: 1, maximum: 2048, description: 'megabytes, 1-2048' })),
  BODY_MAX_MB: T.Optional(T.Number({ minimum: 0.1, maximum: 100, description: 'megabytes, 0.1-100' })),
  IMPORT_MAX_ENTRY_MB: T.Optional(T.Number({ minimum: 1, maximum: 1024, description: 'megabytes, 1-1024' })),
  IMPORT_MAX_CHAPTER_TEXT_MB: T.Optional(T.Number({ minimum: 0.1, maximum: 256, description: 'megabytes of text, 0.1-256' })),
  IMPORT_MAX_BOOK_TEXT_MB: T.Optional(T.Number({ minimum: 1, maximum: 1024, description: 'megabytes of text, 1-1024' })),
  IMPORT_MAX_PAGES: T.Optional(T.Integer({ minimum: 1, maximum: 1000000, description: 'a page count, 1-1000000' })),
  IMPORT_MAX_PARSE_MINUTES: T.Optional(T.Number({ minimum: 0.1, maximum: 1440, description: 'minutes, 0.1-1440' })),
  IMPORT_MAX_MEMORY_MB: T.Optional(T.Number({ minimum: 64, maximum: 65536, description: 'megabytes, 64-65536' })),
  COVER_MAX_DIMENSION: T.Optional(T.Integer({ minimum: 64, maximum: 16384, description: 'pixels, 64-16384' })),
  TRUST_PROXY: T.Optional(T.Union([T.Literal('0'), T.Literal('1')], { description: '0 or 1' })),
  SEED_DEMO: T.Optional(T.Union([T.Literal('0'), T.Literal('1')], { description: '0 or 1' })),
  METRICS_TOKEN: T.Optional(T.String({ minLength: 16, pattern: '^\\S+$', description: 'at least 16 characters, no spaces' })),
  LOG_LEVEL: T.Optional(T.Union(['debug', 'info', 'warn', 'error'].map((l) => T.Literal(l)), { description: 'debug, info, warn or error' })),
});
export type Env = Static<typeof EnvSchema>;

export interface S3Config {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  publicUrl: string;
}

/** Speech engines (src/integrations/tts): which are offered, and the optional OpenAI-compatible server. */
export interface TtsConfig {
  engines: readonly ('espeak' | 'flite' | 'openai')[];
  openai: { url: string; key: string | null; model: string } | null;
}

export interface Config {
  port: number;
  baseUrl: string;
  /** BASE_URL was set: links and the CSRF check use it; unset, they follow each request's own origin. */
  baseUrlFixed: boolean;
  dataDir: string;
  role: 'all' | 'web' | 'worker';
  /** Processes serving HTTP on the port together (web-processes.ts): this one and the web processes it starts. */
  webProcesses: number;
  databaseUrl: string | null;
  redisUrl: string | null;
  s3: S3Config | null;
  authSecret: string | null;
  debugLoginToken: string | null;
  adminUsernames: readonly string[];
  /** REGISTRATION: who may make a username-and-password account. Invites work in every mode; `open` adds the sign-up form. */
  registration: 'closed' | 'invite' | 'open';
  seedDemo: boolean;
  /** Take the client address from X-Forwarded-For (set only behind a reverse proxy you run). */
  trustProxy: boolean;
  logLevel: 'debug' | 'info' | 'warn' | 'error';
  /** METRICS_TOKEN: GET /metrics answers a scraper sending it as a Bearer token; null: no /metrics. */
  metricsToken: string | null;
  /** BODY_MAX_MB: the largest request body of any route without a limit of its own (upload routes have theirs). */
  bodyMaxBytes: number;
  tts: TtsConfig;
  content: ContentConfig;
  /** The payment provider (Polar): checkout needs the token and product, the webhook only its secret. */
  payments: PaymentsConfig;
  /** AI_BASE_URL set: an OpenAI-compatible service for text and images (src/integrations/ai); null: AI routes answer 503. */
  ai: AiConfig | null;
  env: Readonly<Env>;
}

/** What reading one uploaded book may cost, as set; unset fields take their defaults. */
export interface ImportLimitSettings {
  entryMb?: number;
  chapterTextMb?: number;
  bookTextMb?: number;
  pages?: number;
  parseMinutes?: number;
  memoryMb?: number;
}

/** Scraping and import (src/features/scraping, src/features/imports). */
export interface ContentConfig extends SourceBaseUrls {
  /** Requests per second per source host; 0 means no limit. */
  scrapeRate: number;
  updateIntervalHours: number;
  importMaxBytes: number;
  /** IMPORT_MAX_* besides the upload's size; src/features/imports/limits.ts fills in the defaults. */
  importLimits: ImportLimitSettings;
  /** COVER_MAX_DIMENSION: a cover wider or taller than this many pixels is never stored (read from its header). */
  coverMaxDimension: number;
  /** SCRAPER_URL: the web layer reaches the scraper backend over HTTP; null: in this process. */
  scraperUrl: string | null;
}

export interface PaymentsConfig {
  apiUrl: string;
  accessToken: string | null;
  productId: string | null;
  webhookSecret: string | null;
}

export interface AiConfig {
  baseUrl: string;
  apiKey: string | null;
  textModel: string;
  imageModel: string;
  /** One request's limit before it counts as a time-out (504). */
  timeoutMs: number;
  /** Retries on 429, 5xx and time-outs, with backoff. */
  maxRetries: number;
}

export class ConfigError extends Error {}

const NUMERIC = new Set(['PORT', 'WEB_PROCESSES', 'AI_TIMEOUT_SECONDS', 'AI_MAX_RETRIES', 'SCRAPE_RATE', 'SCRAPE_UPDATE_HOURS', 'IMPORT_MAX_MB', 'BODY_MAX_MB', 'IMPORT_MAX_ENTRY_MB', 'IMPORT_MAX_CHAPTER_TEXT_MB', 'IMPORT_MAX_BOOK_TEXT_MB', 'IMPORT_MAX_PAGES', 'IMPORT_MAX_PARSE_MINUTES', 'IMPORT_MAX_MEMORY_MB', 'COVER_MAX_DIMENSION']);

/** Parses the environment; throws ConfigError whose message is one line naming the variable. */
export function loadConfig(source: Record<string, string | undefined> = process.env): Readonly<Config> {
  const raw: Record<string, unknown> = {};
  for (const key of Object.keys(EnvSchema.properties)) {
    const value = source[key];
    if (value === undefined || value === '') continue;
    raw[key] = NUMERIC.has(key) && /^\d+(\.\d+)?$/.test(value) ? Number(value) : value;
  }
  const firstError = Value.Errors(EnvSchema, raw).First();
  if (firstError) {
    const name = firstError.path.replace(/^\//, '');
    const schema = (EnvSchema.properties as Record<string, { description?: string }>)[name];
    const expected = schema?.description ?? firstError.message;
    throw new ConfigError(`Invalid environment variable ${name}: expected ${expected}, got ${JSON.stringify(source[name])}`);
  }
  const env = raw as Env;

  const s3Keys = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;
  const s3Given = s3Keys.filter((k) => env[k] !== undefined);
  if (s3Given.length > 0 && s3Given.length < s3Keys.length) {
    const missing = s3Keys.find((k) => env[k] === undefined);
    throw new ConfigError(`Missing environment variable ${missing}: S3 needs ${s3Keys.join(', ')} together`);
  }

  if (env.ROLE && env.ROLE !== 'all' && !env.DATABASE_URL) {
    throw new ConfigError(`Invalid environment variable ROLE: ROLE=${env.ROLE} needs DATABASE_URL (the embedded database serves one process)`);
  }

  const webProcesses = env.WEB_PROCESSES === 'auto' ? availableParallelism() : (env.WEB_PROCESSES ?? 1);
  if (webProcesses > 1 && (!env.DATABASE_URL || !env.REDIS_URL)) {
    throw new ConfigError(`Invalid environment variable WEB_PROCESSES: ${webProcesses} web processes need DATABASE_URL and REDIS_URL (they share the database and the cache)`);
  }

  const ttsEngines = env.TTS_ENGINES ? [...new Set(env.TTS_ENGINES.split(',').map((e) => e.trim() as TtsConfig['engines'][number]))] : null;
  if (ttsEngines?.includes('openai') && !env.TTS_OPENAI_URL) {
    throw new ConfigError('Missing environment variable TTS_OPENAI_URL: TTS_ENGINES names openai');
  }

  const port = env.PORT ?? 3000;
  const baseUrl = (env.BASE_URL ?? `http://localhost:${port}`).replace(/\/+$/, '');
  const s3: S3Config | null = s3Given.length
    ? {
        endpoint: env.S3_ENDPOINT!,
        bucket: env.S3_BUCKET!,
        region: env.S3_REGION ?? 'us-east-1',
        accessKeyId: env.S3_ACCESS_KEY_ID!,
        secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
        publicUrl: (env.S3_PUBLIC_URL ?? env.S3_ENDPOINT!).replace(/\/+$/, ''),
      }
    : null;

  return Object.freeze({
    port,
    baseUrl,
    baseUrlFixed: env.BASE_URL !== undefined,
    dataDir: env.DATA_DIR ?? './data',
    role: env.ROLE ?? 'all',
    webProcesses: env.ROLE === 'worker' ? 1 : webProcesses,
    databaseUrl: env.DATABASE_URL ?? null,
    redisUrl: env.REDIS_URL ?? null,
    s3,
    authSecret: env.AUTH_SECRET ?? null,
    debugLoginToken: env.DEBUG_LOGIN_TOKEN ?? null,
    adminUsernames: Object.freeze((env.ADMIN_USERNAMES ?? '').split(',').map((s) => s.trim()).filter(Boolean)),
    registration: env.REGISTRATION ?? 'closed',
    seedDemo: env.SEED_DEMO !== '0',
    trustProxy: env.TRUST_PROXY === '1',
    logLevel: (env.LOG_LEVEL ?? 'info') as Config['logLevel'],
    metricsToken: env.METRICS_TOKEN ?? null,
    bodyMaxBytes: Math.round((env.BODY_MAX_MB ?? 1) * 1024 * 1024),
    tts: Object.freeze({
      // Fixed order whatever the variable's order: eSpeak's first voice is the default voice.
      engines: Object.freeze((['espeak', 'flite', 'openai'] as const).filter((e) => (ttsEngines ? ttsEngines.includes(e) : e !== 'openai' || env.TTS_OPENAI_URL))),
      openai: env.TTS_OPENAI_URL ? Object.freeze({ url: env.TTS_OPENAI_URL, key: env.TTS_OPENAI_KEY || null, model: env.TTS_OPENAI_MODEL ?? 'tts-1' }) : null,
    }),
    content: Object.freeze({
      ...sourceBaseUrlsFromEnv(env),
      scrapeRate: env.SCRAPE_RATE ?? 2,
      updateIntervalHours: env.SCRAPE_UPDATE_HOURS ?? 6,
      importMaxBytes: Math.round((env.IMPORT_MAX_MB ?? 100) * 1024 * 1024),
      importLimits: Object.freeze({
        entryMb: env.IMPORT_MAX_ENTRY_MB,
        chapterTextMb: env.IMPORT_MAX_CHAPTER_TEXT_MB,
        bookTextMb: env.IMPORT_MAX_BOOK_TEXT_MB,
        pages: env.IMPORT_MAX_PAGES,
        parseMinutes: env.IMPORT_MAX_PARSE_MINUTES,
        memoryMb: env.IMPORT_MAX_MEMORY_MB,
      }),
      coverMaxDimension: env.COVER_MAX_DIMENSION ?? 4096,
      scraperUrl: env.SCRAPER_URL?.replace(/\/+$/, '') ?? null,
    }),
    payments: Object.freeze({
      apiUrl: (env.POLAR_API_URL ?? 'https://api.polar.sh').replace(/\/+$/, ''),
      accessToken: env.POLAR_ACCESS_TOKEN ?? null,
      productId: env.POLAR_PRODUCT_ID ?? null,
      webhookSecret: env.POLAR_WEBHOOK_SECRET ?? null,
    }),
    ai: env.AI_BASE_URL
      ? Object.freeze({
          baseUrl: env.AI_BASE_URL.replace(/\/+$/, ''),
          apiKey: env.AI_API_KEY || null,
          textModel: env.AI_TEXT_MODEL ?? 'gpt-4o-mini',
          imageModel: env.AI_IMAGE_MODEL ?? 'gpt-image-1',
          timeoutMs: Math.round((env.AI_TIMEOUT_SECONDS ?? 120) * 1000),
          maxRetries: env.AI_MAX_RETRIES ?? 2,
        })
      : null,
    env: Object.freeze(env),
  });
}
