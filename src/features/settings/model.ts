import { t, type Static } from 'elysia';
import type { TLiteral, TUnion } from '@sinclair/typebox';
import { FONT_FAMILIES, THEMES } from '../../platform/http/appearance.ts';
import { LOCALES } from '../../platform/i18n/locale.ts';

/** One reader's settings: the seven fields of GET /api/settings (decisions.md, "Shapes"), and dialogue_voice since. */
export const SETTINGS_FIELDS = ['auto_next', 'voice', 'speed', 'theme', 'locale', 'font_family', 'font_size', 'dialogue_voice'] as const;
export type SettingsField = (typeof SETTINGS_FIELDS)[number];

// The default voice is the first of /api/voices (settings/voices.ts); this one only on a server without any speech engine.
export const DEFAULT_VOICE = 'espeak-en-us';
export const VOICE_PATTERN = '^[a-z0-9][a-z0-9_.:-]{0,63}$';
export const SPEED_RANGE = { min: 0.5, max: 3 } as const;
export const FONT_SIZE_RANGE = { min: 0.5, max: 3 } as const;

/**
 * A closed list as a union of literals rather than t.UnionEnum: the no-JS form is checked with
 * TypeBox's Value.Errors (settings/form.ts), which does not know Elysia's custom kinds, and
 * Elysia fills an absent optional UnionEnum with its first value, which would store a choice
 * the reader never made.
 */
export function oneOf<T extends string>(values: readonly T[], field: SettingsField) {
  const schema = t.Union(values.map((value) => t.Literal(value)), { error: `${field} must be one of ${values.join(', ')}` });
  // Static<> reads unions from tuples only; a one-element tuple of the literal union types it right.
  return schema as unknown as TUnion<[TLiteral<T>]>;
}

export const SettingsSchema = t.Object({
  auto_next: t.Boolean(),
  voice: t.String(),
  speed: t.Number(),
  theme: oneOf(THEMES, 'theme'),
  locale: oneOf(LOCALES, 'locale'),
  font_family: oneOf(FONT_FAMILIES, 'font_family'),
  font_size: t.Number(),
  // Present only when set, so that the seven fields of decisions.md stay exactly what they were.
  dialogue_voice: t.Optional(t.String({ description: 'the voice that reads the dialogue (text in quotation marks), of the same language as voice; absent: voice reads everything' })),
}, { title: 'Settings' });
export type Settings = Static<typeof SettingsSchema>;

/** PUT /api/settings: any subset. Unknown fields are refused by the route (see unknownField). */
export const SettingsPatchSchema = t.Object(
  {
    auto_next: t.Optional(t.Boolean({ error: 'auto_next must be true or false' })),
    voice: t.Optional(t.String({ pattern: VOICE_PATTERN, error: 'voice must be a voice id (a-z, 0-9 and _ . : -, up to 64 characters)' })),
    speed: t.Optional(t.Number({ minimum: SPEED_RANGE.min, maximum: SPEED_RANGE.max, error: 'speed must be a number from 0.5 to 3.0' })),
    theme: t.Optional(oneOf(THEMES, 'theme')),
    locale: t.Optional(oneOf(LOCALES, 'locale')),
    font_family: t.Optional(oneOf(FONT_FAMILIES, 'font_family')),
    font_size: t.Optional(t.Number({ minimum: FONT_SIZE_RANGE.min, maximum: FONT_SIZE_RANGE.max, error: 'font_size must be a number from 0.5 to 3.0 (0 is not allowed)' })),
    // '' is what the page's "Same voice (off)" sends: off, as null is.
    dialogue_voice: t.Optional(t.Union([t.String({ pattern: VOICE_PATTERN }), t.Literal(''), t.Null()], { error: 'dialogue_voice must be null or a voice id of the same language as voice' })),
  },
  { additionalProperties: false },
);
export type SettingsPatch = Static<typeof SettingsPatchSchema>;

export const DEFAULT_SETTINGS: Readonly<Settings> = Object.freeze({
  auto_next: true,
  voice: DEFAULT_VOICE,
  speed: 1,
  theme: 'amber',
  locale: 'en',
  font_family: 'system',
  font_size: 1,
});

/**
 * Elysia drops unknown properties before validating (normalize), so a typo such as `fontSize`
 * would silently change nothing; the route asks this first and answers 400 naming the field.
 */
export function unknownField(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  return Object.keys(body).find((key) => !(SETTINGS_FIELDS as readonly string[]).includes(key));
}

/** The page's form: every value arrives as text and is checked by settings/form.ts. */
const text = () => t.Optional(t.String({ maxLength: 100 }));
export const SettingsFormSchema = t.Object({
  auto_next: text(),
  voice: text(),
  speed: text(),
  theme: text(),
  locale: text(),
  font_family: text(),
  font_size: text(),
  /** Empty: off (the voice reads everything). */
  dialogue_voice: text(),
});
export type SettingsForm = Static<typeof SettingsFormSchema>;

/**
 * Privacy (GET|PUT /api/settings/privacy), kept apart from the seven fields above: GET /api/settings
 * is a fixed shape for the mobile client. The flag lives on app_users (library_private).
 */
export const PrivacySchema = t.Object({ library_private: t.Boolean() }, { title: 'Privacy' });
export type Privacy = Static<typeof PrivacySchema>;
export const PrivacyBody = t.Object(
  { library_private: t.Boolean({ error: 'library_private must be true or false' }) },
  { additionalProperties: false },
);
/** The page's checkbox: present ("true" or "on") means private; absent means public. */
export const PrivacyForm = t.Object({ library_private: t.Optional(t.String({ maxLength: 8 })) });
