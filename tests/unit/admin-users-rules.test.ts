import { describe, expect, test } from 'bun:test';
import { nextProState, parseProUntil } from '../../src/features/accounts/admin/pro-until.ts';
import { keepAnAdmin } from '../../src/features/accounts/admin/last-admin.ts';
import { backState, listQuery, listStateOf } from '../../src/features/accounts/admin/paths.ts';
import { AppError } from '../../src/platform/http/errors.ts';

const NOW = new Date('2030-06-15T12:00:00Z');

function refusal(run: () => unknown): { status: number; message: string } {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return { status: error.status, message: error.message };
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('parseProUntil', () => {
  test('a day lasts until its last millisecond, UTC', () => {
    expect(parseProUntil('2030-12-31')?.toISOString()).toBe('2030-12-31T23:59:59.999Z');
    expect(parseProUntil('2032-02-29')?.toISOString()).toBe('2032-02-29T23:59:59.999Z');
  });

  test('a date and time needs its zone', () => {
    expect(parseProUntil('2030-07-01T08:30:00Z')?.toISOString()).toBe('2030-07-01T08:30:00.000Z');
    expect(parseProUntil('2030-07-01T08:30+02:00')?.toISOString()).toBe('2030-07-01T06:30:00.000Z');
    expect(parseProUntil('2030-07-01T23:30:00-05:00')?.toISOString()).toBe('2030-07-02T04:30:00.000Z');
    expect(parseProUntil('2030-07-01T08:30:00.123456Z')?.toISOString()).toBe('2030-07-01T08:30:00.123Z');
    expect(parseProUntil('2030-07-01T08:30:00')).toBeNull();
  });

  test('days that do not exist and other text are null', () => {
    for (const text of ['2030-02-29', '2030-02-30', '2030-13-01', '2030-00-10', '2030-02-30T10:00:00Z', 'tomorrow', '', '2030-7-1', ' 2030-07-01']) {
      expect(parseProUntil(text)).toBeNull();
    }
  });
});

describe('nextProState', () => {
  const user = { role: 'user' as const, proUntil: null };
  const until = new Date('2031-01-01T00:00:00Z');
  const pro = { role: 'pro' as const, proUntil: until };

  test('left out, the end stays while the account stays pro; another role clears it', () => {
    expect(nextProState(pro, { role: 'pro' }, NOW)).toEqual(pro);
    expect(nextProState(pro, {}, NOW)).toEqual(pro);
    expect(nextProState(pro, { role: 'admin' }, NOW)).toEqual({ role: 'admin', proUntil: null });
    expect(nextProState(user, { role: 'pro' }, NOW)).toEqual({ role: 'pro', proUntil: null });
  });

  test('null removes the end; a date sets it, for the pro role only and in the future', () => {
    expect(nextProState(pro, { pro_until: null }, NOW)).toEqual({ role: 'pro', proUntil: null });
    expect(nextProState(user, { role: 'pro', pro_until: '2030-06-16' }, NOW)).toEqual({ role: 'pro', proUntil: new Date('2030-06-16T23:59:59.999Z') });
    expect(nextProState(pro, { pro_until: ' 2030-06-16 ' }, NOW).proUntil?.toISOString()).toBe('2030-06-16T23:59:59.999Z');
    expect(refusal(() => nextProState(user, { pro_until: '2030-06-16' }, NOW))).toEqual({ status: 400, message: 'pro_until is only for the pro role: send role "pro" with it' });
    expect(refusal(() => nextProState(pro, { role: 'user', pro_until: '2030-06-16' }, NOW))).toEqual({ status: 400, message: 'pro_until is only for the pro role: send role "pro" with it' });
    expect(refusal(() => nextProState(pro, { pro_until: '2030-06-15T12:00:00Z' }, NOW))).toEqual({ status: 400, message: 'pro_until must be in the future' });
    expect(refusal(() => nextProState(pro, { pro_until: 'next week' }, NOW))).toEqual({ status: 400, message: 'pro_until must be a date, a date and time (ISO 8601) or null' });
  });

  test('today is still in the future until it ends', () => {
    expect(nextProState(pro, { pro_until: '2030-06-15' }, NOW).proUntil?.toISOString()).toBe('2030-06-15T23:59:59.999Z');
  });
});

describe('keepAnAdmin', () => {
  const admin = (id: string, disabled = false) => ({ id, role: 'admin' as const, disabled_at: disabled ? NOW : null });
  const reader = (id: string) => ({ id, role: 'user' as const, disabled_at: null });

  test('the only enabled admin cannot go, whoever asks', () => {
    expect(refusal(() => keepAnAdmin([admin('a')], 'a', 'demote')).status).toBe(409);
    expect(refusal(() => keepAnAdmin([admin('a'), admin('b', true)], 'a', 'disable')).message).toBe('The last administrator cannot be disabled: make another account an administrator first');
    expect(refusal(() => keepAnAdmin([admin('a'), admin('b', true)], 'a', 'delete')).message).toBe('The last administrator cannot be deleted: make another account an administrator first');
  });

  test('with another enabled admin, or for an account that is no enabled admin, anything goes', () => {
    expect(() => keepAnAdmin([admin('a'), admin('b')], 'a', 'demote')).not.toThrow();
    expect(() => keepAnAdmin([admin('a'), admin('b', true)], 'b', 'delete')).not.toThrow();
    expect(() => keepAnAdmin([admin('a'), reader('r')], 'r', 'disable')).not.toThrow();
    expect(() => keepAnAdmin([], 'gone', 'delete')).not.toThrow();
  });
});

describe('the list state in addresses and forms', () => {
  test('read leniently: anything odd is left out', () => {
    expect(listStateOf({ q: '  ana ', role: 'pro', page: '3' })).toEqual({ q: 'ana', role: 'pro', page: 3 });
    expect(listStateOf({ q: 'a\u0000b', role: 'owner', page: '0' })).toEqual({ q: 'ab', role: null, page: 1 });
    expect(listStateOf({ page: '1e3' })).toEqual({ q: '', role: null, page: 1 });
    expect(listStateOf({ q: 'x'.repeat(100) }).q).toHaveLength(64);
  });

  test('written back the same way, the first page of everyone as nothing', () => {
    expect(listQuery({ q: 'a b&c', role: 'disabled', page: 2 })).toBe('?q=a+b%26c&role=disabled&page=2');
    expect(listQuery({ q: '', role: null, page: 1 })).toBe('');
    expect(listQuery({ q: '', role: null, page: 1 }, { done: 'role' })).toBe('?done=role');
    expect(backState('q=a+b%26c&role=disabled&page=2')).toEqual({ q: 'a b&c', role: 'disabled', page: 2 });
    expect(backState('https://evil.example/?q=x')).toEqual({ q: '', role: null, page: 1 });
    expect(backState(undefined)).toEqual({ q: '', role: null, page: 1 });
  });
});
