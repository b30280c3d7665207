import { t, type Static } from 'elysia';
import { LOCALES, type Locale } from '../../platform/i18n/locale.ts';
import { MAX_CHAPTER } from '../catalogue/model.ts';
import { badRequest } from '../../platform/http/errors.ts';

/**
 * Request and response shapes of the translation API (decisions.md "Translation"; docs/api.md).
 * Bodies are read leniently by Elysia and checked here, so every bad field gets one clear message.
 */
export const TRANSLATION_LOCALES: readonly Locale[] = LOCALES;
export type TranslationStatus = 'pending' | 'running' | 'done' | 'failed';

export interface TranslateRequest {
  slug: string;
  chapter: number;
  locale: Locale;
}

const LOCALE_LIST = TRANSLATION_LOCALES.join(', ');
export const LOCALE_MESSAGE = `locale must be one of ${LOCALE_LIST}`;

export function isTranslationLocale(x: unknown): x is Locale {
  return typeof x === 'string' && (TRANSLATION_LOCALES as readonly string[]).includes(x);
}

/** The locale of a query, or 400 naming the allowed ones. */
export function parseLocale(x: unknown): Locale {
  if (!isTranslationLocale(x)) throw badRequest(LOCALE_MESSAGE);
  return x;
}

/** POST /api/translate's body: `{slug, chapter, locale}` (chapter may be a numeric string, as forms send it). */
export function parseTranslateRequest(body: unknown): TranslateRequest {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw badRequest('Send a JSON object {slug, chapter, locale}');
  const { slug, chapter, locale } = body as Record<string, unknown>;
  if (typeof slug !== 'string' || slug.length < 1 || slug.length > 200) throw badRequest('slug must be a book slug');
  const n = typeof chapter === 'string' && /^[0-9]{1,7}$/.test(chapter) ? Number(chapter) : chapter;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > MAX_CHAPTER) throw badRequest('chapter must be a chapter number (a whole number of at least 1)');
  return { slug, chapter: n, locale: parseLocale(locale) };
}

export const TranslateBody = t.Unknown();
export const ChapterParams = t.Object({
  slug: t.String({ minLength: 1, maxLength: 200 }),
  n: t.Numeric({ minimum: 1, maximum: MAX_CHAPTER, multipleOf: 1, error: 'n must be a chapter number (a whole number of at least 1)' }),
});
export const LocaleQuery = t.Object({ locale: t.Optional(t.String({ maxLength: 16 })) });
export const SlugParams = t.Object({ slug: t.String({ minLength: 1, maxLength: 200 }) });

const JobStatus = t.Union([t.Literal('pending'), t.Literal('running'), t.Literal('done'), t.Literal('failed')]);
export const JobResponse = t.Object({ job_id: t.Union([t.String(), t.Null()]), status: JobStatus }, { title: 'TranslationJob' });
/** `error` is the reason of a failed job, null otherwise. */
export const StatusResponse = t.Object({ job_id: t.Union([t.String(), t.Null()]), status: JobStatus, error: t.Union([t.String(), t.Null()]) }, { title: 'TranslationJobStatus' });

export const GlossaryEntrySchema = t.Object({ source: t.String(), target: t.String(), locale: t.String() }, { title: 'GlossaryEntry' });
export const GlossaryResponse = t.Object({ slug: t.String(), entries: t.Array(GlossaryEntrySchema) }, { title: 'Glossary' });

export type TranslationJob = Static<typeof JobResponse>;
export type TranslationJobStatus = Static<typeof StatusResponse>;
