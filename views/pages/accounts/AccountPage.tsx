import { Layout } from '../../layouts/Layout.tsx';
import { AccountDataSection } from './AccountDataSection.tsx';
import { AppPasswordsSection } from './AppPasswordsSection.tsx';
import { AvatarEditor } from './AvatarEditor.tsx';
import { EmailSection } from './EmailSection.tsx';
import { PasswordSection } from './PasswordSection.tsx';
import { SessionsList } from './SessionsList.tsx';
import type { AccountPageProps } from './types.ts';
import { offersOf } from '../../../src/platform/http/page-context.ts';

/**
 * The signed-in reader's own page: photo, profile, email, password, plan, signed-in devices, e-reader apps, and
 * their data (download, delete). Every form works without JavaScript (303 back with a notice).
 */
export function AccountPage({ ctx, user, isPro, featuresOpen = false, sessions, appPasswords = { passwords: [] }, now, hasPassword = false, notice, problems = {} }: AccountPageProps): JSX.Element {
  const { t } = ctx;
  return (
    <Layout ctx={ctx} title={t('account.title')}>
      <h1 safe>{t('account.title')}</h1>
      {notice ? (
        <p class="notice notice--ok account-notice" role="status" id="account-notice" safe>
          {notice}
        </p>
      ) : (
        ''
      )}

      <section class="account-section account-profile" id="profile" aria-labelledby="account-profile">
        <h2 id="account-profile" class="visually-hidden" safe>
          {t('account.profile')}
        </h2>
        <AvatarEditor ctx={ctx} user={user} problem={problems.avatar} />
        <dl class="account-facts">
          <div>
            <dt safe>{t('account.username')}</dt>
            <dd safe>{user.username}</dd>
          </div>
          <div>
            <dt safe>{t('account.role')}</dt>
            <dd safe>{t(`account.role.${user.role}`)}</dd>
          </div>
        </dl>
        <p class="account-profile__public">
          <a href={`/users/${encodeURIComponent(user.username)}`} safe>
            {t('account.publicProfile')}
          </a>
        </p>
      </section>

      <EmailSection ctx={ctx} user={user} problem={problems.email} />
      <PasswordSection ctx={ctx} username={user.username} hasPassword={hasPassword} problem={problems.password} />

      <section class="account-section" aria-labelledby="account-plan">
        <h2 id="account-plan" safe>
          {t('account.plan')}
        </h2>
        <p>
          <span class={`badge badge--plan${isPro ? ' badge--pro' : ''}`} safe>
            {t(isPro ? 'account.plan.pro' : 'account.plan.free')}
          </span>{' '}
          <span safe>{t(isPro ? 'account.plan.proLine' : featuresOpen ? 'account.plan.openLine' : 'account.plan.freeLine')}</span>
        </p>
        {user.role === 'admin' || !offersOf(ctx).proForSale ? (
          ''
        ) : (
          <p>
            <a class="button button--quiet" href="/pro" id="account-plan-link" safe>
              {t(isPro ? 'billing.pro.manage' : 'billing.needed.link')}
            </a>
          </p>
        )}
      </section>

      {user.role === 'admin' ? (
        <section class="account-section account-admin" aria-labelledby="account-admin">
          <h2 id="account-admin" safe>
            {t('account.admin')}
          </h2>
          <ul class="account-admin__links">
            <li>
              <a href="/admin/audio" id="account-admin-audio" safe>
                {t('account.admin.audioCache')}
              </a>{' '}
              <span class="account-admin__line" safe>
                {t('account.admin.audioCacheLine')}
              </span>
            </li>
          </ul>
        </section>
      ) : (
        ''
      )}

      <section class="account-section" aria-labelledby="account-sessions">
        <h2 id="account-sessions" safe>
          {t('sessions.heading')}
        </h2>
        <p class="account-section__intro" safe>
          {t('sessions.intro')}
        </p>
        <SessionsList ctx={ctx} sessions={sessions} now={now} />
      </section>

      <AppPasswordsSection ctx={ctx} username={user.username} now={now} {...appPasswords} />

      <AccountDataSection ctx={ctx} />

      <script src={ctx.asset('js/avatar-upload.js')} defer></script>
    </Layout>
  );
}
