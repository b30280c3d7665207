import { describe, expect, test } from 'bun:test';
import { NEW_PASSWORD_ERRORS, NEW_PASSWORD_MAX, NEW_PASSWORD_MIN, newPasswordProblem } from '../../src/features/accounts/credentials/password-rules.ts';

describe('newPasswordProblem', () => {
  test('10 to 256 characters', () => {
    expect(NEW_PASSWORD_MIN).toBe(10);
    expect(newPasswordProblem('')).toBe('tooShort');
    expect(newPasswordProblem('a9#kL2mQ!')).toBe('tooShort'); // 9
    expect(newPasswordProblem('a9#kL2mQ!z')).toBeNull(); // 10
    expect(newPasswordProblem('x'.repeat(NEW_PASSWORD_MAX - 3) + 'a9#')).toBeNull(); // 256
    expect(newPasswordProblem('x'.repeat(NEW_PASSWORD_MAX + 1))).toBe('tooLong');
  });

  test('characters are counted as the browser counts them (UTF-16 units), spaces included', () => {
    expect(newPasswordProblem('long phrase')).toBeNull();
    expect(newPasswordProblem('ĉevaloj ĝis')).toBeNull();
  });

  test('the most common passwords are refused whatever their letter case', () => {
    for (const common of ['1234567890', 'qwertyuiop', 'QWERTYUIOP', 'QwErTyUiOp']) expect(newPasswordProblem(common)).toBe('common');
    expect(newPasswordProblem('qwertyuiop-my-own')).toBeNull();
  });

  test('a password may not be the username, in any letter case', () => {
    expect(newPasswordProblem('Bookworm-Reader', 'bookworm-reader')).toBe('sameAsUsername');
    expect(newPasswordProblem('bookworm-reader!', 'bookworm-reader')).toBeNull();
    expect(newPasswordProblem('Bookworm-Reader')).toBeNull();
  });

  test('the first rule broken is named: length before the list', () => {
    expect(newPasswordProblem('password')).toBe('tooShort');
  });

  test('every problem has its message', () => {
    expect(NEW_PASSWORD_ERRORS).toEqual({
      tooShort: 'Passwords must be at least 10 characters',
      tooLong: 'Passwords must be at most 256 characters',
      common: 'That password is one of the most common ones: choose another',
      sameAsUsername: 'The password must not be the username',
    });
  });
});
