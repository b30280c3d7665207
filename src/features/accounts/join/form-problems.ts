import type { Translate } from '../../../platform/i18n/index.ts';
import type { FieldProblem } from '../../../../views/pages/join/types.ts';
import { NEW_PASSWORD_MAX, NEW_PASSWORD_MIN } from '../credentials/password-rules.ts';
import type { DetailsProblem } from './refusals.ts';

/** What a form of /join, /set-password or /signup can be refused for. */
export type FormProblem = DetailsProblem | 'mismatch' | 'tooMany';

const FIELDS: Record<FormProblem, FieldProblem['field']> = {
  usernameInvalid: 'username',
  usernameTaken: 'username',
  tooShort: 'password',
  tooLong: 'password',
  common: 'password',
  sameAsUsername: 'password',
  mismatch: 'password_confirm',
  emailInvalid: 'email',
  emailTaken: 'email',
  tooMany: 'username',
};

/** The refusal in the reader's words, and the field the form marks. */
export function fieldProblem(t: Translate, problem: FormProblem): FieldProblem {
  return { message: t(`joining.error.${problem}`, { min: NEW_PASSWORD_MIN, max: NEW_PASSWORD_MAX }), field: FIELDS[problem] };
}
