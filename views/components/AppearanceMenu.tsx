import { SelectField } from './SelectField.tsx';
import { FONT_FAMILIES, THEMES } from '../../src/platform/http/appearance.ts';
import { LOCALES, LOCALE_NAMES, LOCALE_TAGS } from '../../src/platform/i18n/locale.ts';
import type { PageContext } from '../../src/platform/http/page-context.ts';

export const FONT_SIZES = [0.875, 1, 1.125, 1.25, 1.5, 1.75, 2] as const;

// Building an Intl.NumberFormat costs more than rendering the rest of the menu (a tenth of a
// chapter page in a profile): one per locale, made on first use.
const percentFormats = new Map<PageContext['locale'], Intl.NumberFormat>();
function percentFormat(locale: PageContext['locale']): Intl.NumberFormat {
  let format = percentFormats.get(locale);
  if (!format) percentFormats.set(locale, (format = new Intl.NumberFormat(LOCALE_TAGS[locale], { style: 'percent', maximumFractionDigits: 1 })));
  return format;
}

/**
 * Theme, font, text size and language. The serif choice is the book font (Literata, served by the
 * app), named as such. A <details> and a plain form work without JS (Save posts,
 * the server answers 303 back to return_to); with htmx every change posts at once (204) and
 * public/js/prefs.js applies it to <html> and hides Save.
 */
export function AppearanceMenu({ ctx }: { ctx: PageContext }): JSX.Element {
  const { t } = ctx;
  // A size outside the presets (the cookie allows 0.5–3.0) still shows as selected.
  const sizes: number[] = [...FONT_SIZES];
  if (!sizes.includes(ctx.fontSize)) sizes.push(ctx.fontSize);
  sizes.sort((a, b) => a - b);
  const percent = percentFormat(ctx.locale);

  return (
    <details class="appearance">
      <summary class="button button--quiet">
        <svg class="appearance__icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round">
          <path d="M4 6h10M18 6h2M4 12h4M12 12h8M4 18h12" />
          <circle cx="16" cy="6" r="2" />
          <circle cx="10" cy="12" r="2" />
          <circle cx="18" cy="18" r="2" />
        </svg>
        <span class="appearance__label" safe>
          {t('appearance.title')}
        </span>
      </summary>
      <form
        class="appearance__panel"
        method="post"
        action="/prefs"
        hx-post="/prefs"
        hx-trigger="change"
        hx-sync="this:queue last"
        hx-swap="none"
        data-prefs
      >
        <input type="hidden" name="return_to" value={ctx.path} />
        <SelectField id="prefs-theme" name="theme" label={t('appearance.theme')} selected={ctx.theme}
          options={THEMES.map((theme) => ({ value: theme, label: t(`theme.${theme}`) }))} />
        <SelectField id="prefs-font" name="font_family" label={t('appearance.font')} selected={ctx.fontFamily}
          options={FONT_FAMILIES.map((font) => ({ value: font, label: t(`font.${font}`) }))} />
        <SelectField id="prefs-size" name="font_size" label={t('appearance.fontSize')} selected={String(ctx.fontSize)}
          options={sizes.map((size) => ({ value: String(size), label: percent.format(size) }))} />
        <SelectField id="prefs-locale" name="locale" confirmChange label={t('appearance.locale')} selected={ctx.locale}
          options={LOCALES.map((locale) => ({ value: locale, label: LOCALE_NAMES[locale], lang: locale }))} />
        <button type="submit" class="button" data-prefs-save safe>
          {t('action.save')}
        </button>
        <a class="appearance__more" href="/settings" safe>
          {t('settings.link')}
        </a>
      </form>
    </details>
  );
}
