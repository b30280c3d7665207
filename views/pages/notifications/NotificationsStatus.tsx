import type { PageContext } from '../../../src/platform/http/page-context.ts';

/** htmx puts the answer (the page) in place of the whole section; without htmx the form posts and the page reloads. */
export const SWAP_SECTION = { 'hx-target': '#notifications', 'hx-select': '#notifications', 'hx-swap': 'outerHTML' } as const;

export type NotificationsStatusProps = {
  ctx: PageContext;
  unread: number;
  /** The user has any notification at all (else there is nothing to clear). */
  any: boolean;
  /** Sent beside an item's htmx answer, to replace the one on the page (out of band). */
  oob?: boolean;
};

/** The unread figure and the actions on all notifications, kept in step after each action. */
export function NotificationsStatus({ ctx, unread, any, oob }: NotificationsStatusProps): JSX.Element {
  const { t } = ctx;
  const summary = unread > 0 ? t('notifications.unread', { count: unread }) : any ? t('notifications.allRead') : '';
  return (
    <div id="notifications-status" class="notifications__status" hx-swap-oob={oob ? 'true' : undefined}>
      <p class="notifications__summary" safe>
        {summary}
      </p>
      <div class="notifications__tools">
        {unread > 0 ? (
          <form method="post" action="/notifications/read-all" hx-post="/notifications/read-all" {...SWAP_SECTION}>
            <button type="submit" class="button" id="notifications-read-all" safe>
              {t('notifications.markAllRead')}
            </button>
          </form>
        ) : (
          ''
        )}
        {any ? (
          // Without JavaScript the form asks on a page of its own; with htmx the browser asks first.
          <form
            method="post"
            action="/notifications/clear"
            hx-post="/notifications/clear"
            hx-vals={JSON.stringify({ confirmed: '1' })}
            hx-confirm={t('notifications.confirmClear')}
            {...SWAP_SECTION}
          >
            <button type="submit" class="button button--quiet button--danger" id="notifications-clear" safe>
              {t('notifications.clearAll')}
            </button>
          </form>
        ) : (
          ''
        )}
      </div>
    </div>
  );
}
