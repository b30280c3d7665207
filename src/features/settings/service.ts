import type { Db } from '../../platform/db/index.ts';
import type { Reader } from '../../platform/http/auth.ts';
import { FONT_FAMILIES, THEMES, type FontFamily, type Theme } from '../../platform/http/appearance.ts';
import { LOCALES, type Locale } from '../../platform/i18n/locale.ts';
import { splitStoredVoice } from './dialogue.ts';
import { DEFAULT_SETTINGS, FONT_SIZE_RANGE, SPEED_RANGE, type Privacy, type Settings } from './model.ts';
import { findLibraryPrivate, findSettings, updateLibraryPrivate, upsertSettings, type SettingsRow, type SettingsRowPatch } from './queries.ts';

/** The appearance part of the settings, as far as the reader has chosen it (cookies carry these). */
export interface StoredAppearance {
  theme?: Theme;
  locale?: Locale;
  font_family?: FontFamily;
  font_size?: number;
}

const isOneOf = <T extends string>(values: readonly T[], value: unknown): value is T => typeof value === 'string' && (values as readonly string[]).includes(value);

/** `real` columns hand back 1.1 as 1.100000023841858: keep what the reader chose. */
function tidy(value: number): number {
  return Math.round(value * 1000) / 1000;
}

function inRange(value: number | null | undefined, range: { min: number; max: number }): value is number {
  return typeof value === 'number' && value >= range.min && value <= range.max;
}

/**
 * Row → the seven fields with defaults. A font_size of 0 (older clients stored it for "unset")
 * or one outside the range reads as 1.0; so does anything else the checks would not accept now.
 */
export function toSettings(row: Partial<SettingsRow> | undefined): Settings {
  const voices = splitStoredVoice(row?.voice);
  return {
    auto_next: row?.auto_next ?? DEFAULT_SETTINGS.auto_next,
    voice: voices.voice || DEFAULT_SETTINGS.voice,
    speed: inRange(row?.speed, SPEED_RANGE) ? tidy(row.speed) : DEFAULT_SETTINGS.speed,
    theme: isOneOf(THEMES, row?.theme) ? row.theme : DEFAULT_SETTINGS.theme,
    locale: isOneOf(LOCALES, row?.locale) ? row.locale : DEFAULT_SETTINGS.locale,
    font_family: isOneOf(FONT_FAMILIES, row?.font_family) ? row.font_family : DEFAULT_SETTINGS.font_family,
    font_size: inRange(row?.font_size, FONT_SIZE_RANGE) ? tidy(row.font_size) : DEFAULT_SETTINGS.font_size,
    ...(voices.dialogue_voice ? { dialogue_voice: voices.dialogue_voice } : {}),
  };
}

/** Only the appearance fields the reader actually chose: a default must not pin a cookie. */
export function storedAppearance(row: Partial<SettingsRow> | undefined): StoredAppearance {
  const out: StoredAppearance = {};
  if (isOneOf(THEMES, row?.theme)) out.theme = row.theme;
  if (isOneOf(LOCALES, row?.locale)) out.locale = row.locale;
  if (isOneOf(FONT_FAMILIES, row?.font_family)) out.font_family = row.font_family;
  if (inRange(row?.font_size, FONT_SIZE_RANGE)) out.font_size = tidy(row.font_size);
  return out;
}

export async function settingsRowOf(db: Db, reader: Reader): Promise<SettingsRow | undefined> {
  return findSettings(db, reader);
}

export async function settingsOf(db: Db, reader: Reader): Promise<Settings> {
  return toSettings(await findSettings(db, reader));
}

/** Writes a checked patch (an empty one writes nothing; the voices composed: settings/dialogue.ts) and returns the row as now stored. */
export async function saveSettings(db: Db, reader: Reader, patch: SettingsRowPatch): Promise<SettingsRow | undefined> {
  // An explicit undefined would otherwise become "set to null" in the upsert.
  const given = Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined)) as SettingsRowPatch;
  if (Object.keys(given).length === 0) return findSettings(db, reader);
  return upsertSettings(db, reader, given);
}

/** Whether the reader keeps their library (shelves and recent reading) to themselves. */
export async function privacyOf(db: Db, userId: string): Promise<Privacy> {
  return { library_private: await findLibraryPrivate(db, userId) };
}

export async function savePrivacy(db: Db, userId: string, privacy: Privacy): Promise<Privacy> {
  return { library_private: await updateLibraryPrivate(db, userId, privacy.library_private) };
}
