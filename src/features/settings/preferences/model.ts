import { t } from 'elysia';
import { FONT_FAMILIES, THEMES } from '../../../platform/http/appearance.ts';
import { LOCALES } from '../../../platform/i18n/locale.ts';
import { FONT_SIZE_RANGE, oneOf } from '../model.ts';

/** The appearance menu's form (or the same fields as JSON): a subset of the reader's settings. */
export const PreferencesForm = t.Object({
  theme: t.Optional(oneOf(THEMES, 'theme')),
  locale: t.Optional(oneOf(LOCALES, 'locale')),
  font_family: t.Optional(oneOf(FONT_FAMILIES, 'font_family')),
  font_size: t.Optional(t.Numeric({ minimum: FONT_SIZE_RANGE.min, maximum: FONT_SIZE_RANGE.max, error: 'font_size must be a number from 0.5 to 3.0' })),
  return_to: t.Optional(t.String({ maxLength: 2000 })),
});
