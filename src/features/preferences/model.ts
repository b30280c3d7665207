import { t } from 'elysia';
import { FONT_FAMILIES, LOCALES, THEMES } from '../../../views/context.ts';

/** Appearance choices an anonymous visitor keeps in cookies until settings exist. */
export const PreferencesForm = t.Object({
  theme: t.Optional(t.UnionEnum(THEMES, { error: `theme must be one of ${THEMES.join(', ')}` })),
  locale: t.Optional(t.UnionEnum(LOCALES, { error: `locale must be one of ${LOCALES.join(', ')}` })),
  font_family: t.Optional(t.UnionEnum(FONT_FAMILIES, { error: `font_family must be one of ${FONT_FAMILIES.join(', ')}` })),
  font_size: t.Optional(t.Numeric({ minimum: 0.5, maximum: 3, error: 'font_size must be a number from 0.5 to 3.0' })),
  return_to: t.Optional(t.String({ maxLength: 2000 })),
});
