import { Elysia } from 'elysia';
import type { AuthPlugin } from '../../../platform/http/auth.ts';
import { pageContext, type PageEnvironment } from '../../../platform/http/page.ts';
import type { PageContext } from '../../../platform/http/page-context.ts';
import { JoinPage } from '../../../../views/pages/join/JoinPage.tsx';
import { LinkRefusedPage } from '../../../../views/pages/join/LinkRefusedPage.tsx';
import { AlreadySignedInPage } from '../../../../views/pages/join/AlreadySignedInPage.tsx';
import type { AccountsDeps } from '../service.ts';
import { completeLogin } from '../signin/service.ts';
import type { ProvidersNow } from '../signin/providers.ts';
import { JoinPageQuery, LinkParams, NewAccountForm } from './model.ts';
import { DetailsRefused, LinkRefused } from './refusals.ts';
import { fieldProblem, type FormProblem } from './form-problems.ts';
import { checkNewAccount } from './new-account.ts';
import { joinWithInvite, openInvitation, type Invitation } from './service.ts';
import { privatePage, providerChoices, signedInTo } from './respond.ts';

/** A dead link's page: 404 when there is no such link, 410 when it expired or was used. */
export const refusedPage = (ctx: PageContext, refused: LinkRefused) => privatePage(LinkRefusedPage({ ctx, kind: refused.kind, refusal: refused.refusal }), refused.status);

/**
 * GET /join/{token}: the invite's page (the form, and "continue with …" per login provider); a
 * dead link's page in plain words and no form; someone signed in is told so and offered to sign
 * out first. POST /join/{token}: the form; a refusal shows the page again with the reason (400,
 * 409), success lands signed in on the home page (303).
 */
export function joinPageRoutes(deps: AccountsDeps, auth: AuthPlugin, providers: ProvidersNow, env: PageEnvironment) {
  const joinForm = async (ctx: PageContext, token: string, invitation: Invitation, status: number, typed?: { username: string; problem: FormProblem }, notice?: string) =>
    privatePage(
      JoinPage({
        ctx,
        token,
        role: invitation.role,
        invitedBy: invitation.invitedBy,
        providers: await providerChoices(providers),
        username: typed?.username,
        problem: typed ? fieldProblem(ctx.t, typed.problem) : undefined,
        notice,
      }),
      status,
    );
  const signedInAlready = (ctx: PageContext, username: string, token: string, status: number) =>
    privatePage(AlreadySignedInPage({ ctx, username, returnTo: `/join/${encodeURIComponent(token)}` }), status);

  return new Elysia({ name: 'accounts-join-pages' })
    .use(auth)
    .get('/join/:token', async ({ params, query, request, caller }) => {
      const ctx = pageContext(request, env);
      try {
        const invitation = await openInvitation(deps, params.token);
        if (caller.user) return signedInAlready(ctx, caller.user.username, params.token, 200);
        const notice = query.error === 'denied' ? ctx.t('signin.error.denied') : query.error ? ctx.t('signin.error.failed') : undefined;
        return joinForm(ctx, params.token, invitation, 200, undefined, notice);
      } catch (error) {
        if (error instanceof LinkRefused) return refusedPage(ctx, error);
        throw error;
      }
    }, { params: LinkParams, query: JoinPageQuery, detail: { hide: true } })
    .post('/join/:token', async ({ params, body, request, caller }) => {
      const ctx = pageContext(request, env);
      const username = (body.username ?? '').trim().slice(0, 64);
      const password = body.password ?? '';
      let invitation: Invitation | undefined;
      try {
        invitation = await openInvitation(deps, params.token);
        // The form is not offered to someone signed in: joining would sign them out of their account.
        if (caller.user) return signedInAlready(ctx, caller.user.username, params.token, 409);
        checkNewAccount({ username, password });
        if (password !== (body.password_confirm ?? '')) return joinForm(ctx, params.token, invitation, 400, { username, problem: 'mismatch' });
        const user = await joinWithInvite(deps, params.token, { username, password });
        deps.log?.info('account joined with an invite', { username: user.username, role: user.role });
        const login = await completeLogin(deps, request, user, caller);
        return signedInTo('/', login.cookie);
      } catch (error) {
        if (error instanceof LinkRefused) return refusedPage(ctx, error);
        if (error instanceof DetailsRefused && invitation) return joinForm(ctx, params.token, invitation, error.status, { username, problem: error.problem });
        throw error;
      }
    }, { params: LinkParams, body: NewAccountForm, detail: { hide: true } });
}
