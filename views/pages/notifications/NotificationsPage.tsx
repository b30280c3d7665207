import type { PageContext } from '../../../src/platform/http/page-context.ts';
import { Layout } from '../../layouts/Layout.tsx';
import { LoadMore } from '../../components/LoadMore.tsx';
import { NotificationItem } from './NotificationItem.tsx';
import { NotificationsStatus } from './NotificationsStatus.tsx';
import type { Notice, NotificationsPageProps } from './types.ts';

// Not in @kitajs/html's <p> type; a spread is not checked for unknown attributes.
const AUTOFOCUS = { autofocus: true } as const;

/**
 * The signed-in reader's notifications, newest first. Everything an action on all of them changes
 * lives in #notifications, which htmx replaces as a whole; dismissing one removes just its item
 * (the empty state then shows through CSS once the list is empty).
 */
export function NotificationsPage({ ctx, notifications, unread, hasMore, continued, notice, now }: NotificationsPageProps): JSX.Element {
  const { t } = ctx;
  const last = notifications.at(-1);
  return (
    <Layout ctx={ctx} title={t('notifications.title')} noindex>
      <section id="notifications" class="notifications" aria-labelledby="notifications-heading">
        <div class="notifications__head">
          <h1 id="notifications-heading" tabindex="-1" safe>
            {t('notifications.title')}
          </h1>
          <NotificationsStatus ctx={ctx} unread={unread} any={notifications.length > 0 || continued} />
        </div>
        <NoticeLine notice={notice} />
        <ul id="notification-list" class="notification-list" role="list">
          {notifications.map((n, i) => (
            <NotificationItem ctx={ctx} notification={n} now={now} autofocus={continued && i === 0} />
          ))}
        </ul>
        <div id="notifications-more" class="notifications__more">
          {hasMore && last ? <LoadMore id="notifications-load-more" href={`/notifications?before=${last.id}`} list="#notification-list" items="li" box="#notifications-more" label={t('notifications.loadMore')} /> : ''}
        </div>
        <div class="empty-state notifications__empty">
          <p class="empty-state__title" safe>
            {t('notifications.empty')}
          </p>
          <p safe>{t('notifications.emptyBody')}</p>
        </div>
      </section>
    </Layout>
  );
}

function NoticeLine({ notice }: { notice: Notice | null }): JSX.Element {
  if (!notice) return <p class="notifications__notice" role="status"></p>;
  const error = notice.level === 'error';
  // Focused after an action: the button that was used may be gone, and the result is what matters next.
  return (
    <p class={`notifications__notice notice ${error ? 'notice--error' : 'notice--ok'}`} role={error ? 'alert' : 'status'} tabindex="-1" {...AUTOFOCUS} safe>
      {notice.message}
    </p>
  );
}
