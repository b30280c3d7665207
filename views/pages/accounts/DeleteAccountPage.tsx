import { Layout } from '../../layouts/Layout.tsx';
import type { DeleteAccountPageProps } from './types.ts';

/**
 * A pattern matching the text exactly. Browsers compile `pattern` in the RegExp `v` mode, where
 * only syntax characters may be escaped (an escaped "-" would make the pattern invalid).
 */
function exactly(text: string): string {
  return text.replace(/[\\^$.*+?()[\]{}|/]/g, (c) => `\\${c}`);
}

const MARK = '{username}';

/** The phrase with the username in bold wherever the language puts it. */
function withUsername(phrase: string, username: string): JSX.Element {
  const [before = '', after = ''] = phrase.split(MARK);
  return (
    <>
      <span safe>{before}</span>
      <strong class="account-delete__username" safe>
        {username}
      </strong>
      <span safe>{after}</span>
    </>
  );
}

/**
 * The confirmation before an account is deleted (works without JavaScript): what goes and what
 * stays, a warning for a subscription that deleting does not cancel, and the username typed again.
 * The last administrator is told why it cannot be deleted and gets no form.
 */
export function DeleteAccountPage({ ctx, username, lastAdmin, liveSubscription, error }: DeleteAccountPageProps): JSX.Element {
  const { t } = ctx;
  return (
    <Layout ctx={ctx} title={t('account.delete.title')} noindex>
      <div class="account-delete">
        <p class="account-delete__back">
          <a href="/account" safe>
            {t('account.delete.back')}
          </a>
        </p>
        <h1 safe>{t('account.delete.title')}</h1>
        <p safe>{t('account.delete.intro')}</p>
        <ul class="account-delete__list">
          <li safe>{t('account.delete.goes')}</li>
          <li safe>{t('account.delete.comments')}</li>
          <li safe>{t('account.delete.signOut')}</li>
        </ul>
        <p class="account-delete__tip">
          <span safe>{t('account.delete.exportFirst')}</span>{' '}
          <a href="/api/account/export" download="" safe>
            {t('account.data.download')}
          </a>
        </p>
        {liveSubscription ? (
          <div class="notice account-delete__billing" id="delete-subscription">
            <p safe>{t('account.delete.subscription')}</p>
            <p>
              <a href="/pro" safe>
                {t('account.delete.manageSubscription')}
              </a>
            </p>
          </div>
        ) : (
          ''
        )}
        {error ? (
          <p class="notice notice--error" role="alert" id="delete-error" safe>
            {error}
          </p>
        ) : (
          ''
        )}
        {lastAdmin ? (
          <p class="notice notice--error" id="delete-last-admin" safe>
            {t('account.delete.lastAdmin')}
          </p>
        ) : (
          <form class="account-delete__form" method="post" action="/account/delete">
            <div class="field">
              <label for="delete-confirm">
                {withUsername(t('account.delete.typeUsername', { username: MARK }), username)}
              </label>
              <input
                id="delete-confirm"
                name="confirm"
                type="text"
                required
                pattern={exactly(username)}
                title={t('account.delete.typeExactly', { username })}
                autocomplete="off"
                autocapitalize="off"
                spellcheck="false"
                aria-invalid={error ? 'true' : undefined}
                aria-describedby={error ? 'delete-error' : undefined}
                autofocus={error ? true : undefined}
              />
            </div>
            <div class="account-delete__actions">
              <button type="submit" class="button button--danger" id="delete-submit" safe>
                {t('account.delete.submit')}
              </button>
              <a class="button button--quiet" href="/account" safe>
                {t('account.delete.cancel')}
              </a>
            </div>
          </form>
        )}
      </div>
    </Layout>
  );
}
