import type { PageContext } from '../../../src/platform/http/page-context.ts';

/** "Your data": download everything as JSON (a plain link: the server sends an attachment), and the way to deletion. */
export function AccountDataSection({ ctx }: { ctx: PageContext }): JSX.Element {
  const { t } = ctx;
  return (
    <section class="account-section" id="data" aria-labelledby="account-data">
      <h2 id="account-data" safe>
        {t('account.data.heading')}
      </h2>
      <p class="account-section__intro" safe>
        {t('account.data.intro')}
      </p>
      <p>
        <a class="button button--quiet" href="/api/account/export" download="" id="account-export" safe>
          {t('account.data.download')}
        </a>
      </p>
      <h3 class="account-danger__heading" safe>
        {t('account.delete.heading')}
      </h3>
      <p class="account-section__intro" safe>
        {t('account.delete.summary')}
      </p>
      <p>
        <a class="button button--quiet button--danger" href="/account/delete" id="account-delete" safe>
          {t('account.delete.start')}
        </a>
      </p>
    </section>
  );
}
