import { AppError } from '../../../platform/http/errors.ts';
import { NEW_PASSWORD_ERRORS } from '../credentials/password-rules.ts';
import { EMAIL_ERRORS } from '../credentials/service.ts';
import { ADMIN_USER_ERRORS } from './messages.ts';

/** Each refusal the Users page's forms can meet → its phrase in the reader's language. */
const PHRASES: Record<string, string> = {
  [ADMIN_USER_ERRORS.notFound]: 'users.error.notFound',
  [ADMIN_USER_ERRORS.inviteNotFound]: 'users.error.inviteNotFound',
  [ADMIN_USER_ERRORS.usernameInvalid]: 'users.error.usernameInvalid',
  [ADMIN_USER_ERRORS.usernameTaken]: 'users.error.usernameTaken',
  [ADMIN_USER_ERRORS.proUntilInvalid]: 'users.error.proUntilInvalid',
  [ADMIN_USER_ERRORS.proUntilNeedsPro]: 'users.error.proUntilNeedsPro',
  [ADMIN_USER_ERRORS.proUntilPast]: 'users.error.proUntilPast',
  [ADMIN_USER_ERRORS.lastAdminDemote]: 'users.error.lastAdminDemote',
  [ADMIN_USER_ERRORS.lastAdminDisable]: 'users.error.lastAdminDisable',
  [ADMIN_USER_ERRORS.lastAdminDelete]: 'users.error.lastAdminDelete',
  [ADMIN_USER_ERRORS.confirmMismatch]: 'users.error.confirmMismatch',
  [EMAIL_ERRORS.invalid]: 'users.error.emailInvalid',
  [EMAIL_ERRORS.taken]: 'users.error.emailTaken',
  [NEW_PASSWORD_ERRORS.tooShort]: 'users.error.passwordTooShort',
  [NEW_PASSWORD_ERRORS.tooLong]: 'users.error.passwordTooLong',
  [NEW_PASSWORD_ERRORS.common]: 'users.error.passwordCommon',
  [NEW_PASSWORD_ERRORS.sameAsUsername]: 'users.error.passwordSameAsUsername',
};

/** A form's refusal as the page shows it: the phrase's key and the status to answer with; anything else is thrown on. */
export function pageProblem(error: unknown): { key: string; status: number } {
  if (!(error instanceof AppError) || error.status >= 500) throw error;
  return { key: PHRASES[error.message] ?? 'users.error.failed', status: error.status };
}
