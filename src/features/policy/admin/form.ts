import { PER_DAY_RANGE, type PolicyForm, type PolicyPatch } from '../model.ts';

export const NUMBER_FIELDS = ['audio_chapters_per_day', 'translations_per_day'] as const;
export type NumberField = (typeof NUMBER_FIELDS)[number];

export interface PolicyFormOutcome {
  /** The values to save; empty when anything is invalid (then nothing is saved). */
  patch: PolicyPatch;
  invalid: NumberField[];
}

const WHOLE = /^\d{1,4}$/;

/**
 * The settings page's form without JavaScript: it always carries both checkboxes, so an absent
 * one means "off"; the numbers arrive as text and must be whole numbers in the API's range.
 */
export function readPolicyForm(form: PolicyForm): PolicyFormOutcome {
  const checked = (value: string | undefined) => value === 'true' || value === 'on';
  const patch: PolicyPatch = { limits_enabled: checked(form.limits_enabled), pro_features_open: checked(form.pro_features_open) };
  const invalid: NumberField[] = [];
  for (const field of NUMBER_FIELDS) {
    const text = (form[field] ?? '').trim();
    const value = Number(text);
    if (!WHOLE.test(text) || value < PER_DAY_RANGE.min || value > PER_DAY_RANGE.max) invalid.push(field);
    else patch[field] = value;
  }
  return invalid.length > 0 ? { patch: {}, invalid } : { patch, invalid };
}
