import type { AccountLinkKind } from '../../../platform/db/schema.ts';
import { AppError } from '../../../platform/http/errors.ts';
import { RateLimited } from '../../../platform/http/rate-limit.ts';
import { NEW_PASSWORD_ERRORS, type NewPasswordProblem } from '../credentials/password-rules.ts';
import type { LinkRefusal } from '../links/model.ts';

/** What can be wrong with the details typed for a new account or password. */
export type DetailsProblem = NewPasswordProblem | 'usernameInvalid' | 'usernameTaken' | 'emailInvalid' | 'emailTaken';

const DETAILS: Record<DetailsProblem, { status: 400 | 409; message: string }> = {
  usernameInvalid: { status: 400, message: 'username must be 2-32 letters, digits, _ or -' },
  usernameTaken: { status: 409, message: 'That username is taken' },
  emailInvalid: { status: 400, message: 'email must be an email address' },
  emailTaken: { status: 409, message: 'That email address is used by another account' },
  ...(Object.fromEntries(Object.entries(NEW_PASSWORD_ERRORS).map(([problem, message]) => [problem, { status: 400, message }])) as Record<NewPasswordProblem, { status: 400; message: string }>),
};

/** Refused details: the API answers the English message; a form shows `problem` in the reader's words. */
export class DetailsRefused extends AppError {
  constructor(readonly problem: DetailsProblem) {
    const { status, message } = DETAILS[problem];
    super(status, status === 409 ? 'conflict' : 'invalid_request', message);
  }
}

const LINKS: Record<AccountLinkKind, Record<LinkRefusal, string>> = {
  invite: {
    unknown: 'This invitation link is not valid',
    expired: 'This invitation has expired: ask for a new one',
    used: 'This invitation has already been used',
  },
  password: {
    unknown: 'This set-password link is not valid',
    expired: 'This set-password link has expired: ask for a new one',
    used: 'This set-password link has already been used',
  },
};

/** A link that cannot be used: 404 when no such link exists, 410 when it expired or was used. */
export class LinkRefused extends AppError {
  constructor(
    readonly kind: AccountLinkKind,
    readonly refusal: LinkRefusal,
  ) {
    super(refusal === 'unknown' ? 404 : 410, refusal === 'unknown' ? 'not_found' : 'gone', LINKS[kind][refusal]);
  }
}

export const SIGN_UPS_USED_UP = 'Too many accounts were made from this address today: try again tomorrow';

/** The day's sign-ups from one address are used up (429 with Retry-After, like every limit). */
export class SignUpsUsedUp extends RateLimited {
  constructor(retryAfterSeconds: number) {
    super(retryAfterSeconds);
    this.message = SIGN_UPS_USED_UP;
  }
}

export const REGISTRATION_CLOSED = {
  closed: 'Registration is closed: sign in with a login provider or ask an administrator for an account',
  invite: 'Registration is by invitation only: ask an administrator for an invite link',
} as const;
