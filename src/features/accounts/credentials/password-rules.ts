import { dictionary } from '@zxcvbn-ts/language-common';

/**
 * What a new password chosen at joining, sign-up, an admin's "create account" or a set-password
 * link must be: 10 to 256 characters and not one of the ~49,000 most common passwords (the
 * zxcvbn-ts common list, compared without letter case). Hashed with Bun.password like every
 * password. POST /api/auth/change-password keeps the contract's own rule (8+ characters).
 */
export const NEW_PASSWORD_MIN = 10;
export const NEW_PASSWORD_MAX = 256;

export const NEW_PASSWORD_ERRORS = {
  tooShort: `Passwords must be at least ${NEW_PASSWORD_MIN} characters`,
  tooLong: `Passwords must be at most ${NEW_PASSWORD_MAX} characters`,
  common: 'That password is one of the most common ones: choose another',
  sameAsUsername: 'The password must not be the username',
} as const;

export type NewPasswordProblem = keyof typeof NEW_PASSWORD_ERRORS;

let common: Set<string> | null = null;
function commonPasswords(): Set<string> {
  common ??= new Set((dictionary['passwords-common'] as string[]).map((word) => word.toLowerCase()));
  return common;
}

/** The first rule the password breaks, or null when it may be used. */
export function newPasswordProblem(password: string, username?: string): NewPasswordProblem | null {
  if (password.length < NEW_PASSWORD_MIN) return 'tooShort';
  if (password.length > NEW_PASSWORD_MAX) return 'tooLong';
  const lower = password.toLowerCase();
  if (commonPasswords().has(lower)) return 'common';
  if (username && lower === username.toLowerCase()) return 'sameAsUsername';
  return null;
}
