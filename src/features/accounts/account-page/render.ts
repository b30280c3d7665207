import type { CallerUser } from '../../../platform/http/auth.ts';
import { pageContext, type PageEnvironment } from '../../../platform/http/page.ts';
import { htmlResponse } from '../../../platform/http/respond.ts';
import { AccountPage } from '../../../../views/pages/accounts/AccountPage.tsx';
import type { AccountPageProps } from '../../../../views/pages/accounts/types.ts';
import { findUserById } from '../queries.ts';
import type { AccountsDeps } from '../service.ts';
import { describeDevice } from '../sessions/device.ts';
import { listSessions } from '../sessions/queries.ts';
import { listAppPasswords } from '../app-passwords/service.ts';

/** What a form did, named in the address after its 303 (`/account?saved=…`); never text from the address. */
const NOTICES = {
  'password-set': 'account.password.setDone',
  password: 'account.password.changedDone',
  email: 'account.email.changedDone',
  avatar: 'avatar.saved',
  'avatar-removed': 'account.avatar.removed',
  'app-password-revoked': 'appPasswords.revoked',
} as const;
export type AccountNotice = keyof typeof NOTICES;

/** Why a form upload of a photo was refused (`/account?avatar_error=…`). */
const AVATAR_ERRORS = { type: 'avatar.badType', size: 'avatar.tooLarge', missing: 'account.avatar.missing', failed: 'avatar.failed' } as const;
export type AvatarProblem = keyof typeof AVATAR_ERRORS;

export interface AccountPageState {
  saved?: string;
  avatarError?: string;
  /** Refused forms: translation keys of the reasons, the field, and what was typed. */
  problems?: { password?: { key: string; field: string }; email?: { key: string; field: string; value: string }; appPassword?: { key: string; value: string } };
  /** An app password just created: shown on this answer only. */
  appPasswordCreated?: { name: string; password: string };
}

/** The account page of the signed-in reader; forms that were refused come back through it (4xx). */
export async function renderAccountPage(deps: AccountsDeps, env: PageEnvironment, request: Request, user: CallerUser, sessionId: string | null, state: AccountPageState = {}, status = 200): Promise<Response> {
  const ctx = pageContext(request, env);
  const [row, sessions, appPasswords] = await Promise.all([findUserById(deps.db, user.id), listSessions(deps.db, user.id), listAppPasswords(deps.db, user.id)]);
  const noticeKey = NOTICES[state.saved as AccountNotice];
  const avatarKey = AVATAR_ERRORS[state.avatarError as AvatarProblem];
  const problems: NonNullable<AccountPageProps['problems']> = {};
  if (state.problems?.password) problems.password = { message: ctx.t(state.problems.password.key), field: state.problems.password.field };
  if (state.problems?.email) problems.email = { message: ctx.t(state.problems.email.key), field: state.problems.email.field, value: state.problems.email.value };
  if (avatarKey) problems.avatar = { message: ctx.t(avatarKey), field: 'file' };
  const page = AccountPage({
    ctx,
    user: { id: user.id, username: user.username, role: user.role, email: user.email, emailVerified: row?.email_verified ?? false, avatarUrl: user.avatarUrl, hasStoredAvatar: user.avatarKey !== null },
    // The caller's row is read from the database on every request: this is the fresh Pro state.
    isPro: user.role === 'pro' || user.role === 'admin',
    featuresOpen: user.role === 'user' && (await deps.proFeaturesOpen?.()) === true,
    hasPassword: Boolean(row?.password_hash),
    notice: noticeKey ? ctx.t(noticeKey) : undefined,
    problems,
    appPasswords: {
      passwords: appPasswords.map((p) => ({ id: p.id, name: p.name, created: p.created_at, lastUsed: p.last_used_at })),
      created: state.appPasswordCreated,
      problem: state.problems?.appPassword ? { message: ctx.t(state.problems.appPassword.key), field: 'name', value: state.problems.appPassword.value } : undefined,
    },
    sessions: sessions.map((s) => ({
      id: s.id,
      device: describeDevice(s.user_agent),
      ip: s.ip,
      created: new Date(s.created).toISOString(),
      lastSeen: new Date(s.last_seen).toISOString(),
      current: s.id === sessionId,
    })),
  });
  return htmlResponse(page, status, { 'cache-control': 'no-store' });
}
