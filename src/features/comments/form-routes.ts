import { Elysia } from 'elysia';
import type { AuthPlugin } from '../../platform/http/auth.ts';
import { pageContext, type PageEnvironment } from '../../platform/http/page.ts';
import { wantsHtmx } from '../../platform/http/request-context.ts';
import { htmlResponse } from '../../platform/http/respond.ts';
import { safeReturnPath } from '../../platform/http/safe-redirect.ts';
import { signedIn, textOf } from '../../platform/http/sign-in.ts';
import { CommentArticle, ReplyItem, ThreadItem } from '../../../views/pages/comments/CommentItem.tsx';
import { DeleteConfirmPage } from '../../../views/pages/comments/DeleteConfirmPage.tsx';
import { VoteWidget } from '../../../views/pages/comments/VoteWidget.tsx';
import { commentsPath } from './paths.ts';
import { avatarUrlOf } from '../accounts/users.ts';
import { deleteComment, voteOnComment } from './actions.ts';
import { CommentError } from './errors.ts';
import { CommentForm, DeleteForm, IdParams, SlugParams, VoteForm } from './model.ts';
import { PRIVATE, inReaderLanguage, itemContext, requireForm, see, viewerOf } from './page-support.ts';
import { parseChapter, parseOptionalId } from './parse.ts';
import { commentById, createComment, deletableComment, type CommentDeps } from './service.ts';

/** Back to the comments page at this comment; the page shows its thread first (`focus`). */
function backTo(returnTo: string, focus: number, anchor: number): string {
  const url = new URL(returnTo, 'http://same.invalid');
  if (url.pathname.endsWith('/comments')) url.searchParams.set('focus', String(focus));
  return `${url.pathname}${url.search}#comment-${anchor}`;
}

/** The comments page a post came from: its chapter's, or the book's; unchecked input, so the slug is encoded. */
function postedFrom(slug: string, chapterField: string): string {
  return commentsPath(encodeURIComponent(slug), /^[1-9][0-9]{0,9}$/.test(chapterField) ? Number(chapterField) : null);
}

/** Anonymous callers go to sign in first, and come back where the form said (before anything is checked). */
const postSignIn = signedIn(({ params, body }) => safeReturnPath(textOf(body, 'return_to'), postedFrom(params.slug ?? '', textOf(body, 'chapter') ?? '')));
const actionSignIn = signedIn(({ body }) => safeReturnPath(textOf(body, 'return_to'), '/'));

/** The form targets of the thread: post, vote, delete. htmx gets the changed piece; forms 303 back. */
export function commentsFormRoutes(deps: CommentDeps, auth: AuthPlugin, env: PageEnvironment) {
  const { db } = deps;
  return new Elysia({ name: 'comments-forms' })
    .use(auth)
    .post('/book/:slug/comments', async ({ request, params, body, user }) => {
      const ctx = pageContext(request, env);
      const chapterField = body.chapter ?? '';
      const returnTo = safeReturnPath(body.return_to, postedFrom(params.slug, chapterField));
      const comment = await inReaderLanguage(ctx.t, async () => {
        const chapter = parseChapter(chapterField);
        return createComment(deps, user, { slug: params.slug, chapter, parentId: parseOptionalId(body.parent_id), text: body.text ?? '' });
      });
      if (!wantsHtmx(request)) return see(backTo(returnTo, comment.parent_id ?? comment.id, comment.id));
      const avatar = avatarUrlOf(user);
      const view = itemContext(comment, viewerOf(user), { avatarUrls: avatar ? { [user.id]: avatar } : {} });
      const html = comment.parent_id === null ? ThreadItem({ ctx, view, group: { comment, replies: [] }, posted: true }) : ReplyItem({ ctx, view, comment, posted: true });
      return htmlResponse(html, 200, PRIVATE);
    }, { auth: postSignIn, beforeHandle: requireForm, params: SlugParams, body: CommentForm, detail: { hide: true } })
    .post('/comment/:id/vote', async ({ request, params, body, user }) => {
      const ctx = pageContext(request, env);
      const id = Number(params.id);
      const returnTo = safeReturnPath(body.return_to, '/');
      const direction = body.direction;
      const userId = user.id;
      const result = await inReaderLanguage(ctx.t, async () => {
        if (direction !== 'up' && direction !== 'down' && direction !== 'none') throw new CommentError(400, 'comments.error.badRequest', 'direction must be up, down or none');
        return voteOnComment(db, userId, id, direction);
      });
      if (!wantsHtmx(request)) return see(`${returnTo}#comment-${id}`);
      return htmlResponse(VoteWidget({ ctx, id, upvotes: result.upvotes, downvotes: result.downvotes, mine: result.mine, returnTo }), 200, PRIVATE);
    }, { auth: actionSignIn, beforeHandle: requireForm, params: IdParams, body: VoteForm, detail: { hide: true } })
    .post('/comment/:id/delete', async ({ request, params, body, user }) => {
      const ctx = pageContext(request, env);
      const id = Number(params.id);
      const returnTo = safeReturnPath(body.return_to, '/');
      const viewer = viewerOf(user);
      // htmx asked with hx-confirm already; a plain form gets a page that asks first.
      if (!wantsHtmx(request) && body.confirmed !== '1') {
        const comment = await inReaderLanguage(ctx.t, () => deletableComment(db, viewer, id));
        return htmlResponse(DeleteConfirmPage({ ctx, comment, returnTo }), 200, PRIVATE);
      }
      const result = await inReaderLanguage(ctx.t, () => deleteComment(db, viewer, id));
      if (!wantsHtmx(request)) return see(returnTo);
      if (result.placeholder) {
        const comment = await commentById(db, id);
        return htmlResponse(CommentArticle({ ctx, view: itemContext(comment, viewer), comment }), 200, PRIVATE);
      }
      // Gone: remove the comment's list item, or its parent's when that "[deleted]" parent went too.
      const gone = result.removed[result.removed.length - 1] ?? id;
      return new Response('', { status: 200, headers: { ...PRIVATE, 'content-type': 'text/html; charset=utf-8', 'hx-retarget': `#item-${gone}`, 'hx-reswap': 'outerHTML' } });
    }, { auth: actionSignIn, beforeHandle: requireForm, params: IdParams, body: DeleteForm, detail: { hide: true } });
}
