import type { PageContext } from '../../../../src/platform/http/page-context.ts';
import { formatCreated } from '../shared/format.ts';
import type { IssuedLinkShown } from './types.ts';

const HEADINGS = { setPassword: 'users.link.setPassword', reset: 'users.link.reset', invite: 'users.link.invite' } as const;

/**
 * A one-time link just made, shown in this answer only: only its hash is stored, so it can never be
 * shown again. "Copy link" appears where the browser lets a page write to the clipboard
 * (public/js/admin-users.js); the field can always be selected and copied by hand.
 */
export function IssuedLink({ ctx, link }: { ctx: PageContext; link: IssuedLinkShown }): JSX.Element {
  const { t } = ctx;
  return (
    <section class="notice notice--ok issued-link" role="status" aria-labelledby="issued-link-heading">
      <h2 id="issued-link-heading" safe>
        {t(HEADINGS[link.kind], { username: link.username ?? '' })}
      </h2>
      <p safe>{t('users.link.once', { expires: formatCreated(ctx.locale, link.expiresAt) })}</p>
      <p class="issued-link__row">
        <label for="issued-link-url" class="visually-hidden" safe>
          {t(HEADINGS[link.kind], { username: link.username ?? '' })}
        </label>
        <input id="issued-link-url" class="issued-link__url" type="text" readonly value={link.url} spellcheck="false" autocomplete="off" />
        <button type="button" class="button" hidden data-copy-from="issued-link-url" data-copied={t('users.copied')} safe>
          {t('users.copy')}
        </button>
      </p>
    </section>
  );
}
