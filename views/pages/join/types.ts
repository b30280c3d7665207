import type { PageContext } from '../../../src/platform/http/page-context.ts';

/** A refused form, shown in place: the message (already translated) and the field it is about. */
export interface FieldProblem {
  message: string;
  field: 'username' | 'password' | 'password_confirm' | 'email';
}

export interface ProviderChoice {
  name: 'google' | 'github' | 'oidc';
  label: string;
}

/** /join/{token}: the invite and its form. */
export interface JoinPageProps {
  ctx: PageContext;
  token: string;
  /** The role the new account gets. */
  role: 'user' | 'pro' | 'admin';
  /** The admin who made the invite, when that account still exists. */
  invitedBy: string | null;
  /** Configured login providers: "continue with …" joins through them. */
  providers: ProviderChoice[];
  /** What was typed before a refusal (never a password). */
  username?: string;
  problem?: FieldProblem;
  /** Why joining through a provider did not finish (already translated). */
  notice?: string;
}

/** /set-password/{token}. */
export interface SetPasswordPageProps {
  ctx: PageContext;
  token: string;
  /** The account the link is for. */
  username: string;
  problem?: FieldProblem;
}

/** /signup (REGISTRATION=open). */
export interface SignUpPageProps {
  ctx: PageContext;
  username?: string;
  email?: string;
  problem?: FieldProblem;
}

/** A one-time link that cannot be used: unknown (404), expired or used (410). */
export interface LinkRefusedPageProps {
  ctx: PageContext;
  kind: 'invite' | 'password';
  refusal: 'unknown' | 'expired' | 'used';
}

/** /join/{token} seen by someone signed in already. */
export interface AlreadySignedInPageProps {
  ctx: PageContext;
  username: string;
  /** Where signing out comes back to: the invite again. */
  returnTo: string;
}
