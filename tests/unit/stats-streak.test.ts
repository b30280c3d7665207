import { describe, expect, test } from 'bun:test';
import { addDays, streaks } from '../../src/features/stats/streak.ts';

describe('reading streaks', () => {
  test('a run ending today, or yesterday while today is still open, is current', () => {
    expect(streaks(['2026-03-08', '2026-03-09', '2026-03-10'], '2026-03-10')).toEqual({ current: 3, longest: 3 });
    expect(streaks(['2026-03-08', '2026-03-09'], '2026-03-10')).toEqual({ current: 2, longest: 2 });
    expect(streaks(['2026-03-07', '2026-03-08'], '2026-03-10')).toEqual({ current: 0, longest: 2 });
  });

  test('the longest run is found among gaps; order and repeats do not matter', () => {
    const days = ['2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02', '2026-03-05', '2026-03-01', '2026-03-10'];
    expect(streaks(days.reverse(), '2026-03-10')).toEqual({ current: 1, longest: 4 });
    expect(streaks([], '2026-03-10')).toEqual({ current: 0, longest: 0 });
  });

  test('days step across months and leap days in UTC', () => {
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });
});
