import type { PageContext } from '../../../src/platform/http/page-context.ts';
import { AppPasswordsList, AppPasswordsStatus } from './AppPasswordsList.tsx';
import type { AppPasswordsState } from './types.ts';

export type AppPasswordsSectionProps = AppPasswordsState & {
  ctx: PageContext;
  username: string;
  now?: Date;
};

/**
 * E-reader apps (OPDS readers, KOReader's sync plugin) sign in with the username and a password of
 * their own. Creating one is a form (POST /account/app-passwords: with htmx this section comes back
 * with the new password shown once; without JavaScript a 303 to the page, which shows it once);
 * revoking is a form per row (AppPasswordsList.tsx).
 */
export function AppPasswordsSection({ ctx, username, passwords, created, problem, now = new Date() }: AppPasswordsSectionProps): JSX.Element {
  const { t } = ctx;
  const base = ctx.baseUrl.replace(/\/+$/, '');
  const addresses = [
    { id: 'app-passwords-opds', label: t('appPasswords.opds'), url: `${base}/opds` },
    { id: 'app-passwords-kosync', label: t('appPasswords.kosync'), url: `${base}/kosync` },
  ];
  return (
    <section class="account-section account-form app-passwords" id="app-passwords" aria-labelledby="account-app-passwords">
      <h2 id="account-app-passwords" safe>
        {t('appPasswords.heading')}
      </h2>
      <p class="account-section__intro" safe>
        {t('appPasswords.intro', { username })}
      </p>
      <dl class="account-facts app-passwords__addresses">
        {addresses.map((a) => (
          <div>
            <dt safe>{a.label}</dt>
            <dd>
              <code id={a.id} safe>
                {a.url}
              </code>
            </dd>
          </div>
        ))}
      </dl>

      {created ? (
        <div class="notice notice--ok app-passwords__created" role="status" id="app-password-created">
          <p safe>{t('appPasswords.created', { name: created.name })}</p>
          <p class="app-passwords__secret">
            <code id="app-password-value" safe>
              {created.password}
            </code>
          </p>
          <p>
            <span safe>{t('appPasswords.createdUsername')}</span>{' '}
            <code safe>{username}</code>
          </p>
          <p safe>{t('appPasswords.createdOnce')}</p>
        </div>
      ) : (
        ''
      )}

      <AppPasswordsStatus />
      <AppPasswordsList ctx={ctx} passwords={passwords} now={now} />

      <form method="post" action="/account/app-passwords" hx-post="/account/app-passwords" hx-target="#app-passwords" hx-swap="outerHTML" class="account-form__form">
        <div class="field">
          <label for="app-password-name" safe>
            {t('appPasswords.name')}
          </label>
          <input
            id="app-password-name"
            name="name"
            type="text"
            required
            maxlength="60"
            autocomplete="off"
            value={problem?.value}
            aria-invalid={problem ? 'true' : undefined}
            aria-describedby={problem ? 'app-password-problem app-password-name-hint' : 'app-password-name-hint'}
            autofocus={problem ? true : undefined}
          />
          <p class="field__hint" id="app-password-name-hint" safe>
            {t('appPasswords.nameHint')}
          </p>
        </div>
        {problem ? (
          <p class="notice notice--error" role="alert" id="app-password-problem" safe>
            {problem.message}
          </p>
        ) : (
          ''
        )}
        <p class="account-form__actions">
          <button type="submit" class="button" id="app-password-create" safe>
            {t('appPasswords.create')}
          </button>
        </p>
      </form>
    </section>
  );
}
