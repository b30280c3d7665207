import type { Db } from '../../platform/db/index.ts';
import type { Role } from '../../platform/db/schema.ts';
import { DELETED_TEXT, type DeleteResult, type VoteDirection, type VoteResult } from './model.ts';
import { commentErrors, isForeignKeyViolation } from './errors.ts';
import { blankComment, commentTotals, deleteCommentRow, hasReplies, lockComment, writeVote } from './queries.ts';

/**
 * Up, down, or none (withdraw). Voting the same way twice changes nothing. Two statements, no
 * transaction: the vote (written only on a live comment, which the same statement checks), then
 * the totals, which so include this vote and every vote committed before them.
 */
export async function voteOnComment(db: Db, voterId: string, id: number, direction: VoteDirection | 'none'): Promise<VoteResult> {
  const mine = direction === 'none' ? null : direction;
  try {
    const comment = await writeVote(db, id, voterId, mine);
    if (!comment) throw commentErrors.commentNotFound();
    if (comment.deleted) throw commentErrors.voteDeleted();
  } catch (error) {
    // Deleted between the check and the vote (the vote row's foreign key).
    if (isForeignKeyViolation(error)) throw commentErrors.commentNotFound();
    throw error;
  }
  const totals = await commentTotals(db, id);
  if (!totals) throw commentErrors.commentNotFound();
  return { id, ...totals, mine };
}

/**
 * The author or an admin deletes a comment. With replies it stays as "[deleted]" (text wiped,
 * author hidden) so the conversation under it survives; without, it is removed. Removing the
 * last reply of a "[deleted]" comment removes that comment too. Rows are locked in the order
 * comment → parent, so concurrent deletions in one thread cannot deadlock or leave an empty
 * "[deleted]" behind.
 */
export async function deleteComment(db: Db, caller: { id: string; role: Role }, id: number): Promise<DeleteResult> {
  return db.transaction().execute(async (trx) => {
    const comment = await lockComment(trx, id);
    if (!comment || comment.deleted_at !== null) throw commentErrors.commentNotFound();
    if (comment.author_id !== caller.id && caller.role !== 'admin') throw commentErrors.notYours();
    if (comment.parent_id === null) {
      if (await hasReplies(trx, id)) {
        await blankComment(trx, id, DELETED_TEXT);
        return { id, placeholder: true, removed: [] };
      }
      await deleteCommentRow(trx, id);
      return { id, placeholder: false, removed: [id] };
    }
    await deleteCommentRow(trx, id);
    const parent = await lockComment(trx, comment.parent_id);
    if (parent && parent.deleted_at !== null && !(await hasReplies(trx, parent.id))) {
      await deleteCommentRow(trx, parent.id);
      return { id, placeholder: false, removed: [id, parent.id] };
    }
    return { id, placeholder: false, removed: [id] };
  });
}
