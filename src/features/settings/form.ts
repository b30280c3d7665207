import { Value } from '@sinclair/typebox/value';
import { SETTINGS_FIELDS, SettingsPatchSchema, type SettingsField, type SettingsForm, type SettingsPatch } from './model.ts';

export interface FormOutcome {
  /** The checked values; empty when anything is invalid (then nothing is stored). */
  patch: SettingsPatch;
  /** Fields whose value was refused, in form order. */
  invalid: SettingsField[];
}

const NUMERIC: ReadonlySet<SettingsField> = new Set(['speed', 'font_size']);

function numberOf(text: string): number {
  const trimmed = text.trim();
  return trimmed === '' ? Number.NaN : Number(trimmed);
}

/**
 * The /settings form without JavaScript: text values become the types of PUT /api/settings and
 * pass the same schema, so the page and the API accept exactly the same settings.
 * The form always carries the auto_next checkbox, so its absence means "off".
 */
export function readSettingsForm(form: SettingsForm): FormOutcome {
  const candidate: Record<string, unknown> = {};
  for (const field of SETTINGS_FIELDS) {
    const text = form[field];
    if (field === 'auto_next') {
      candidate.auto_next = text === undefined ? false : text === 'true' || text === 'on' ? true : text === 'false' ? false : text;
      continue;
    }
    if (text === undefined) continue;
    if (field === 'dialogue_voice') {
      candidate.dialogue_voice = text === '' ? null : text; // "Same voice (off)"
      continue;
    }
    candidate[field] = NUMERIC.has(field) ? numberOf(text) : text;
  }
  const invalid = new Set<SettingsField>();
  for (const error of Value.Errors(SettingsPatchSchema, candidate)) {
    const field = error.path.split('/')[1] as SettingsField | undefined;
    if (field) invalid.add(field);
  }
  if (invalid.size > 0) return { patch: {}, invalid: SETTINGS_FIELDS.filter((field) => invalid.has(field)) };
  return { patch: candidate as SettingsPatch, invalid: [] };
}
