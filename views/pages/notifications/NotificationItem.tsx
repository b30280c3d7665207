import type { Notification } from '../../../src/features/notifications/model.ts';
import type { PageContext } from '../../../src/platform/http/page-context.ts';
import { formatDateTime, formatLastSeen } from '../accounts/last-seen.ts';

export type NotificationItemProps = { ctx: PageContext; notification: Notification; now: Date; autofocus?: boolean };

// htmx replaces just this item with the answer (the item again, or nothing once dismissed).
const SWAP_ITEM = { 'hx-target': 'closest li', 'hx-swap': 'outerHTML' } as const;
// Not in @kitajs/html's <button> type; a spread is not checked for unknown attributes.
const AUTOFOCUS = { autofocus: true } as const;

/**
 * One notification. With a link, its title is the button that opens it (the server marks it read,
 * then sends the reader there); without one, an unread notification gets "Mark as read". Every
 * control is a plain form, so all of it works without JavaScript.
 */
export function NotificationItem({ ctx, notification: n, now, autofocus }: NotificationItemProps): JSX.Element {
  const { t } = ctx;
  const base = `/notifications/${n.id}`;
  const focus = autofocus ? AUTOFOCUS : {};
  const safeUnreadLabel = n.read ? (
    ''
  ) : (
    <span class="visually-hidden" safe>
      {`${t('notifications.unreadLabel')} `}
    </span>
  );
  return (
    <li class={n.read ? 'notification' : 'notification notification--unread'} id={`notification-${n.id}`}>
      {n.link ? (
        <form class="notification__open-form" method="post" action={`${base}/open`}>
          <button type="submit" class="notification__open" {...focus}>
            {safeUnreadLabel}
            <span class="notification__title" safe>
              {n.title}
            </span>
          </button>
        </form>
      ) : (
        <p class="notification__title" tabindex={autofocus ? '-1' : undefined} {...focus}>
          {safeUnreadLabel}
          <span safe>{n.title}</span>
        </p>
      )}
      {n.body ? (
        <p class="notification__body" safe>
          {n.body}
        </p>
      ) : (
        ''
      )}
      <p class="notification__meta">
        <time datetime={n.created} title={formatDateTime(ctx.locale, n.created)} safe>
          {formatLastSeen(ctx.locale, n.created, now)}
        </time>
      </p>
      <div class="notification__actions">
        {!n.link && !n.read ? (
          <form method="post" action={`${base}/open`} hx-post={`${base}/open`} {...SWAP_ITEM}>
            <button type="submit" class="button button--quiet" aria-label={t('notifications.markReadNamed', { title: n.title })} safe>
              {t('notifications.markRead')}
            </button>
          </form>
        ) : (
          ''
        )}
        <form method="post" action={`${base}/dismiss`} hx-post={`${base}/dismiss`} {...SWAP_ITEM}>
          <button type="submit" class="button button--quiet notification__dismiss" aria-label={t('notifications.dismissNamed', { title: n.title })} safe>
            {t('notifications.dismiss')}
          </button>
        </form>
      </div>
    </li>
  );
}
