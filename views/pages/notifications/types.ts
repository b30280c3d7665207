import type { Notification } from '../../../src/features/notifications/model.ts';
import type { PageContext } from '../../../src/platform/http/page-context.ts';

/** The line above the list after an action. */
export type Notice = { level: 'ok' | 'error'; message: string };

export type NotificationsPageProps = {
  ctx: PageContext;
  notifications: readonly Notification[];
  unread: number;
  /** Older notifications exist past this page. */
  hasMore: boolean;
  /** This is a later page (?before=): its first item takes the focus. */
  continued: boolean;
  notice: Notice | null;
  now: Date;
};
