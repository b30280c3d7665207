import { LOCALES, LOCALE_NAMES, type Locale } from '../../src/platform/i18n/locale.ts';
import { offersOf, type PageContext } from '../../src/platform/http/page-context.ts';
import { switchPath } from '../../src/features/translation/paths.ts';
import { TranslationStatus } from './TranslationStatus.tsx';

export type TranslationSwitchProps = { ctx: PageContext; slug: string; chapter: number; current: Locale | null; translating?: Locale | null };

/**
 * The reader's language switch: choosing a language posts to /translate/{slug}/{n}; with htmx the
 * answer (TranslationStatus.tsx) lands in the status line below, says "translating…" and polls
 * until the translation is there, then swaps the title and the text in place. Without scripts the
 * button posts the same form and the server redirects to the page with ?locale=.
 */
export function TranslationSwitch({ ctx, slug, chapter, current, translating = null }: TranslationSwitchProps): JSX.Element {
  const { t } = ctx;
  // Without an AI service nothing can be translated: no switch, only the note on a stored translation shown by ?locale=.
  if (!offersOf(ctx).translation) {
    return current ? (
      <p class="translation__note" safe>
        {t('translation.status.machine', { language: LOCALE_NAMES[current] })}
      </p>
    ) : (
      <></>
    );
  }
  const chosen = current ?? translating;
  const action = switchPath(slug, chapter);
  return (
    <div class="translation">
      <form class="translation__switch" method="post" action={action} hx-post={action} hx-trigger="change, submit" hx-target="#translation-status" hx-swap="innerHTML">
        <label for="translation-locale" safe>
          {t('translation.switch.label')}
        </label>
        <select id="translation-locale" name="locale" data-translation-locale data-confirm-change>
          <option value="" selected={chosen === null} safe>
            {t('translation.switch.original')}
          </option>
          {LOCALES.map((locale) => (
            <option value={locale} lang={locale} selected={locale === chosen} safe>
              {LOCALE_NAMES[locale]}
            </option>
          ))}
        </select>
        <button type="submit" class="button button--quiet translation__go" safe>
          {t('translation.switch.go')}
        </button>
      </form>
      <div id="translation-status" class="translation__status" role="status" aria-live="polite">
        {current ? (
          <p class="translation__note" safe>
            {t('translation.status.machine', { language: LOCALE_NAMES[current] })}
          </p>
        ) : translating ? (
          // Opened with ?locale= while the translation is made (a plain form post lands here): it polls like the switch.
          <TranslationStatus ctx={ctx} slug={slug} chapter={chapter} state={{ kind: 'busy', locale: translating }} />
        ) : (
          ''
        )}
      </div>
    </div>
  );
}
