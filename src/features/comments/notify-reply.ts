import type { Db } from '../../platform/db/index.ts';
import { translate } from '../../platform/i18n/index.ts';
import { notify } from '../notifications/service.ts';
import { settingsOf } from '../settings/service.ts';
import type { CommentRow } from './queries.ts';
import { plainExcerpt } from './render.ts';

/** Where a comment is seen: its chapter page or its book page, at the comment's anchor. */
export function commentLink(comment: Pick<CommentRow, 'id' | 'slug' | 'chapter'>): string {
  const page = comment.chapter === null ? `/book/${comment.slug}` : `/book/${comment.slug}/${comment.chapter}`;
  return `${page}#comment-${comment.id}`;
}

/**
 * Tells the author of a comment that someone replied, in the language they chose in their
 * settings (English when they never chose one). The body is the start of the reply.
 */
export async function notifyReply(db: Db, reply: { recipientId: string; replier: string; reply: CommentRow }): Promise<void> {
  const { locale } = await settingsOf(db, { kind: 'user', userId: reply.recipientId });
  await notify(db, {
    userId: reply.recipientId,
    title: translate(locale, 'comments.notify.reply', { username: reply.replier }),
    body: plainExcerpt(reply.reply.text),
    link: commentLink(reply.reply),
  });
}
