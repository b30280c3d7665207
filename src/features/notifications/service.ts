import type { Db } from '../../platform/db/index.ts';

/** What a feature tells a user: a short title, an optional line of body text and a site path to open. */
export interface NewNotification {
  userId: string;
  title: string;
  body?: string;
  /** A site path ("/book/x/3#comment-12"); never an outside URL. */
  link?: string | null;
}

/** The helper every feature (comments, jobs, imports, payments) calls to notify a user. STUB: implemented by the notifications feature. */
export async function notify(db: Db, notification: NewNotification): Promise<void> {
  void db;
  void notification;
}
