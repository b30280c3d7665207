import type { Privacy } from '../../../src/features/settings/model.ts';
import type { Translate } from '../../../src/platform/i18n/index.ts';

export type PrivacySectionProps = { t: Translate; username: string; privacy: Privacy; /** After the no-JS form was saved. */ saved?: boolean };

/**
 * The privacy choice of a signed-in reader, a form of its own beside the settings form (it writes
 * the account, not the seven reading settings). Without JavaScript the button posts it and the page
 * comes back (303); with htmx a change of the checkbox saves it at once and this section is swapped.
 */
export function PrivacySection({ t, username, privacy, saved = false }: PrivacySectionProps): JSX.Element {
  return (
    <section class="settings-privacy" id="privacy" aria-labelledby="privacy-heading">
      <form class="settings-group privacy-form" id="privacy-form" method="post" action="/settings/privacy" hx-post="/settings/privacy" hx-trigger="change, submit" hx-target="#privacy" hx-swap="outerHTML">
        <h2 class="settings-privacy__heading" id="privacy-heading" safe>
          {t('privacy.title')}
        </h2>
        <div class="field field--check">
          <input type="checkbox" id="privacy-library" name="library_private" value="true" checked={privacy.library_private} aria-describedby="privacy-library-hint" />
          <label for="privacy-library" safe>
            {t('privacy.libraryPrivate')}
          </label>
          <p id="privacy-library-hint" class="field__hint" safe>
            {t('privacy.libraryPrivateHint')}
          </p>
        </div>
        <div class="settings-form__actions">
          <button type="submit" class="button button--quiet" id="privacy-save" safe>
            {t('privacy.save')}
          </button>
          <a href={`/users/${encodeURIComponent(username)}`} safe>
            {t('privacy.viewProfile')}
          </a>
        </div>
        {saved ? (
          <p class="notice notice--ok" role="status" id="privacy-saved" safe>
            {t(privacy.library_private ? 'privacy.savedPrivate' : 'privacy.savedPublic')}
          </p>
        ) : (
          ''
        )}
      </form>
    </section>
  );
}
