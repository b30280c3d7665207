import type { PageContext } from '../../../src/platform/http/page-context.ts';
import { formatDateTime, formatLastSeen } from './last-seen.ts';
import type { DeviceSession } from './types.ts';

export type SessionsListProps = {
  ctx: PageContext;
  sessions: DeviceSession[];
  now?: Date;
};

/**
 * The devices signed in to this account. Another device is signed out with htmx (DELETE answers
 * 204; public/js/avatar-upload.js lets htmx apply hx-swap="delete" to a 204, which it otherwise
 * skips). This device uses a plain /logout form, whose redirect leaves the page as it should.
 */
export function SessionsList({ ctx, sessions, now = new Date() }: SessionsListProps): JSX.Element {
  const { t } = ctx;
  const ordered = [...sessions.filter((s) => s.current), ...sessions.filter((s) => !s.current)];
  return (
    <ul class="sessions" role="list">
      {ordered.map((session) => (
        <li class="session">
          <div class="session__info">
            <p class="session__device">
              <span safe>{session.device}</span>
              {session.current ? (
                <span class="badge badge--current" safe>
                  {t('sessions.current')}
                </span>
              ) : (
                ''
              )}
            </p>
            <p class="session__meta">
              <span safe>{session.ip}</span>
              <span>
                <span safe>{t('sessions.lastSeen')}</span>{' '}
                <time datetime={session.lastSeen} title={formatDateTime(ctx.locale, session.lastSeen)} safe>
                  {formatLastSeen(ctx.locale, session.lastSeen, now)}
                </time>
              </span>
            </p>
          </div>
          {session.current ? (
            <form method="post" action="/logout">
              <button type="submit" class="button button--quiet" safe>
                {t('sessions.signOutHere')}
              </button>
            </form>
          ) : (
            <button
              type="button"
              class="button button--quiet"
              hx-delete={`/api/sessions/${encodeURIComponent(session.id)}`}
              hx-target="closest li"
              hx-swap="delete"
              hx-confirm={t('sessions.confirm', { device: session.device })}
              aria-label={t('sessions.signOutDevice', { device: session.device })}
              data-delete-on-204
              safe
            >
              {t('sessions.signOut')}
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}
