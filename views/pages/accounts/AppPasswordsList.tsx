import type { PageContext } from '../../../src/platform/http/page-context.ts';
import { formatDateTime, formatLastSeen } from './last-seen.ts';
import type { AppPasswordEntry } from './types.ts';

export interface AppPasswordsListProps {
  ctx: PageContext;
  passwords: AppPasswordEntry[];
  now?: Date;
}

function When({ ctx, iso, now }: { ctx: PageContext; iso: string; now: Date }): JSX.Element {
  return (
    <time datetime={iso} title={formatDateTime(ctx.locale, iso)} safe>
      {formatLastSeen(ctx.locale, iso, now)}
    </time>
  );
}

/**
 * The active app passwords, or the empty state; `#app-passwords-list` is what a revoke replaces.
 * Each revoke is a form (POST /account/app-passwords/:id/revoke, a 303 back without JavaScript);
 * with htmx the same address answers this list as it is now, so the empty state shows as soon as
 * the last password goes.
 */
export function AppPasswordsList({ ctx, passwords, now = new Date() }: AppPasswordsListProps): JSX.Element {
  const { t } = ctx;
  return (
    <div id="app-passwords-list">
      {passwords.length === 0 ? (
        <p class="app-passwords__empty" id="app-passwords-empty" safe>
          {t('appPasswords.empty')}
        </p>
      ) : (
        <ul class="sessions app-passwords__list" role="list">
          {passwords.map((p) => {
            const revoke = `/account/app-passwords/${encodeURIComponent(p.id)}/revoke`;
            return (
              <li class="session">
                <div class="session__info">
                  <p class="session__device" safe>
                    {p.name}
                  </p>
                  <p class="session__meta">
                    <span>
                      <span safe>{t('appPasswords.createdAt')}</span> <When ctx={ctx} iso={p.created} now={now} />
                    </span>
                    <span>
                      <span safe>{t('appPasswords.lastUsed')}</span>{' '}
                      {p.lastUsed ? <When ctx={ctx} iso={p.lastUsed} now={now} /> : <span safe>{t('appPasswords.neverUsed')}</span>}
                    </span>
                  </p>
                </div>
                <form method="post" action={revoke}>
                  <button
                    type="submit"
                    class="button button--quiet"
                    hx-post={revoke}
                    hx-target="#app-passwords-list"
                    hx-swap="outerHTML"
                    hx-confirm={t('appPasswords.confirm', { name: p.name })}
                    aria-label={t('appPasswords.revokeNamed', { name: p.name })}
                    safe
                  >
                    {t('appPasswords.revoke')}
                  </button>
                </form>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}

/** The section's live region, filled out of band after a revoke so that screen readers hear it. */
export function AppPasswordsStatus({ message, outOfBand = false }: { message?: string; outOfBand?: boolean }): JSX.Element {
  return (
    <p class="visually-hidden" id="app-passwords-status" role="status" hx-swap-oob={outOfBand ? 'innerHTML' : undefined} safe>
      {message ?? ''}
    </p>
  );
}
