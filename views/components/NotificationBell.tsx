import type { PageContext } from '../../src/platform/http/page-context.ts';
import { pathOf } from './paths.ts';

/** Where the bell's count comes from; public/js/notifications.js asks again every minute while visible. */
export const BADGE_PATH = '/notifications/badge';
/** The event that makes the bell ask again (sent by the notifications page's htmx answers too). */
export const REFRESH_EVENT = 'notifications:refresh';

/**
 * The header's link to /notifications, for signed-in viewers. The header is part of cached pages
 * (a chapter page is cached per viewer, not per count), so the count is never rendered here: an
 * empty slot fetches it as a fragment once the page has loaded, and again on REFRESH_EVENT.
 */
export function NotificationBell({ ctx }: { ctx: PageContext }): JSX.Element {
  if (!ctx.viewer) return '';
  const { t } = ctx;
  const here = pathOf(ctx.path) === '/notifications';
  return (
    <>
      <a class="bell" id="notification-bell" href="/notifications" aria-current={here ? 'page' : undefined}>
        <svg class="bell__icon" viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
          <path
            fill="none"
            stroke="currentColor"
            stroke-width="2"
            stroke-linecap="round"
            stroke-linejoin="round"
            d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9M10.3 21a1.94 1.94 0 0 0 3.4 0"
          />
        </svg>
        <span class="visually-hidden" safe>
          {t('notifications.title')}
        </span>
        <span class="bell__count" id="notification-count" hx-get={BADGE_PATH} hx-trigger={`load, ${REFRESH_EVENT} from:body`} hx-swap="innerHTML"></span>
      </a>
      <script src={ctx.asset('js/notifications.js')} defer></script>
    </>
  );
}

/** The fragment inside the bell: nothing at 0 (the slot hides), else the figure with its spoken form. */
export function NotificationBadge({ ctx, count }: { ctx: PageContext; count: number }): JSX.Element {
  if (count <= 0) return '';
  return (
    <span class="bell__badge">
      <span aria-hidden="true" safe>
        {count > 99 ? '99+' : String(count)}
      </span>
      <span class="visually-hidden" safe>
        {ctx.t('notifications.unread', { count })}
      </span>
    </span>
  );
}
