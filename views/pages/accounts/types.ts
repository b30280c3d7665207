import type { PageContext } from '../../../src/platform/http/page-context.ts';

/** What the account views are given (built by src/features/accounts). */
export interface AccountUser {
  id: string;
  username: string;
  role: 'user' | 'pro' | 'admin';
  email: string | null;
  /** Confirmed by a login provider; an address typed on the account page is not. */
  emailVerified?: boolean;
  /** Stored avatar (presigned or app URL), else the provider's picture, else null (initials shown). */
  avatarUrl: string | null;
  /** The stored avatar (not a provider's picture): only that can be removed. */
  hasStoredAvatar?: boolean;
}

/** A refused account form, shown in place with its reason (already translated). */
export interface FormProblem {
  message: string;
  /** The field to mark invalid and focus. */
  field: string;
  /** What was typed (never a password), to fill the form again. */
  value?: string;
}

export interface DeviceSession {
  id: string;
  /** Parsed from the user agent, e.g. "Firefox 128 on Linux". */
  device: string;
  ip: string;
  created: string;
  lastSeen: string;
  current: boolean;
}

/** An active app password as the account page shows it (never the password itself). */
export interface AppPasswordEntry {
  id: string;
  name: string;
  created: string;
  lastUsed: string | null;
}

/** The e-reader apps section: the active passwords, and what the last form did there. */
export interface AppPasswordsState {
  passwords: AppPasswordEntry[];
  /** Just created: the only time the password is shown. */
  created?: { name: string; password: string };
  /** A refused creation (already translated), with the name that was typed. */
  problem?: FormProblem;
}

export interface SignInPageProps {
  ctx: PageContext;
  providers: { name: 'google' | 'github' | 'oidc'; label: string }[];
  /** Same-origin path to come back to after signing in. */
  returnTo: string;
  /** An error to show (e.g. a failed provider sign-in), already translated. */
  error?: string;
  /** No admin exists yet: offer the one-time owner account form instead of signing in. */
  ownerSetup: boolean;
  /** Some account has a password: show the username and password form. */
  passwordLogin: boolean;
  /** REGISTRATION=open: link to the sign-up form. */
  signUp?: boolean;
  /** The username typed before an error, to fill the form again. */
  username?: string;
}

export interface AccountPageProps {
  ctx: PageContext;
  user: AccountUser;
  /** Resolved freshly from the database on every view. */
  isPro: boolean;
  /** Not Pro, but the owner's rules give every signed-in reader the Pro features. */
  featuresOpen?: boolean;
  sessions: DeviceSession[];
  /** E-reader apps: active app passwords (and a new one, shown once). */
  appPasswords?: AppPasswordsState;
  /** The moment "last seen" is counted from; defaults to the time of rendering (tests pin it). */
  now?: Date;
  /** The account can sign in with a password: the form changes it rather than sets one. */
  hasPassword?: boolean;
  /** What the last form did (already translated), shown at the top of the page. */
  notice?: string;
  /** A refused form, shown inside that form. */
  problems?: { password?: FormProblem; email?: FormProblem; avatar?: FormProblem };
}

export interface DeleteAccountPageProps {
  ctx: PageContext;
  username: string;
  /** The only administrator: the account cannot be deleted until someone else is one. */
  lastAdmin: boolean;
  /** A Pro reader whose plan has no end date: a subscription may still be running at the provider. */
  liveSubscription: boolean;
  /** A refused confirmation (already translated). */
  error?: string;
}
