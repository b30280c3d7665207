import { afterEach, beforeEach, expect, test } from 'bun:test';
import { dailyAllowance, hasProFeatures, limitReached, mayUseDailyChapter, requireExport, useDailyChapter, type Member } from '../../src/features/billing/gate.ts';
import { defaultPolicy } from '../../src/features/policy/defaults.ts';
import type { PolicyInForce } from '../../src/features/policy/model.ts';
import { dailyKey } from '../../src/features/limits/daily.ts';
import { createMemoryCache } from '../../src/platform/cache/memory.ts';
import type { Cache } from '../../src/platform/cache/port.ts';

const payments = (webhookSecret: string | null) => ({ apiUrl: 'https://polar.test', accessToken: null, productId: null, webhookSecret });
const PAID: PolicyInForce = { ...defaultPolicy(payments('whsec_x')), payments_configured: true };
const HOUSEHOLD: PolicyInForce = { ...defaultPolicy(payments(null)), payments_configured: false };
const NOON = new Date('2026-11-29T12:00:00Z');

let cache: Cache;
beforeEach(() => {
  cache = createMemoryCache();
});
afterEach(() => cache.close());

const user = (id: string, role: Member['role'] = 'user'): Member => ({ reader: { kind: 'user', userId: id }, role });
const anonymous = (session: string): Member => ({ reader: { kind: 'anon', sessionId: session }, role: null });

test('the defaults follow the webhook secret', () => {
  expect(PAID).toEqual({ limits_enabled: true, audio_chapters_per_day: 3, translations_per_day: 3, pro_features_open: false, payments_configured: true });
  expect(HOUSEHOLD).toEqual({ limits_enabled: false, audio_chapters_per_day: 3, translations_per_day: 3, pro_features_open: true, payments_configured: false });
});

test('who is limited, and by how much', () => {
  const on = { ...HOUSEHOLD, limits_enabled: true, audio_chapters_per_day: 5, translations_per_day: 2 };
  expect([dailyAllowance(on, 'audio', null), dailyAllowance(on, 'translation', null)]).toEqual([5, 2]);
  expect([dailyAllowance(on, 'audio', 'user'), dailyAllowance(on, 'audio', 'pro'), dailyAllowance(on, 'audio', 'admin')]).toEqual([null, null, null]);
  const closed = { ...on, pro_features_open: false };
  expect([dailyAllowance(closed, 'audio', 'user'), dailyAllowance(closed, 'translation', 'user'), dailyAllowance(closed, 'audio', 'pro')]).toEqual([5, 2, null]);
  expect(dailyAllowance({ ...closed, limits_enabled: false }, 'audio', null)).toBeNull();
  expect([hasProFeatures(HOUSEHOLD, 'user'), hasProFeatures(HOUSEHOLD, null), hasProFeatures(PAID, 'user'), hasProFeatures(PAID, 'pro')]).toEqual([true, false, false, true]);
});

test('the 402 names the number; a site without payments sells nothing', () => {
  expect(limitReached(PAID, 'audio').message).toBe('Free listening is 3 chapters a day; Chapterhouse Pro makes it unlimited');
  expect(limitReached(PAID, 'translation').message).toBe('Free translation is 3 chapters a day; Chapterhouse Pro makes it unlimited');
  expect(limitReached({ ...PAID, audio_chapters_per_day: 1 }, 'audio').message).toBe('Free listening is 1 chapter a day; Chapterhouse Pro makes it unlimited');
  const owner = limitReached({ ...HOUSEHOLD, translations_per_day: 7 }, 'translation');
  expect([owner.status, owner.code, owner.message]).toEqual([402, 'pro_required', 'Free translation is 7 chapters a day on this server, a limit set by its owner; it starts again tomorrow (UTC)']);
});

test('translation counts against its own number', async () => {
  const policy = { ...PAID, translations_per_day: 2 };
  const who = user('t1');
  await useDailyChapter(cache, policy, 'translation', who, 'book', 1, NOON);
  await useDailyChapter(cache, policy, 'translation', who, 'book', 2, NOON);
  await expect(useDailyChapter(cache, policy, 'translation', who, 'book', 3, NOON)).rejects.toMatchObject({ status: 402, message: 'Free translation is 2 chapters a day; Chapterhouse Pro makes it unlimited' });
  expect(await mayUseDailyChapter(cache, policy, 'translation', who, 'book', 1, NOON)).toBe(true);
  expect(await mayUseDailyChapter(cache, policy, 'audio', who, 'book', 3, NOON)).toBe(true);
  expect(await cache.setMembers(dailyKey('audio', 'user:t1', NOON))).toEqual([]);
});

test('with the limits off nothing is counted or refused; 0 refuses every new chapter', async () => {
  for (let n = 1; n <= 10; n++) await useDailyChapter(cache, HOUSEHOLD, 'audio', anonymous('a1'), 'book', n, NOON);
  expect(await cache.setMembers(dailyKey('audio', 'anon:a1', NOON))).toEqual([]);
  const none = { ...HOUSEHOLD, limits_enabled: true, audio_chapters_per_day: 0 };
  await expect(useDailyChapter(cache, none, 'audio', anonymous('a2'), 'book', 1, NOON)).rejects.toMatchObject({ status: 402 });
  expect(await mayUseDailyChapter(cache, none, 'audio', anonymous('a2'), 'book', 1, NOON)).toBe(false);
});

test('EPUB export: who may, and what the others are told', () => {
  const refusal = (policy: PolicyInForce, who: { role: 'user' | 'pro' | 'admin' } | null) => {
    try {
      requireExport(policy, who);
      return null;
    } catch (error) {
      return (error as Error).message;
    }
  };
  expect([refusal(PAID, { role: 'pro' }), refusal(PAID, { role: 'admin' }), refusal(HOUSEHOLD, { role: 'user' })]).toEqual([null, null, null]);
  expect([refusal(PAID, null), refusal(PAID, { role: 'user' })]).toEqual(['This needs Chapterhouse Pro', 'This needs Chapterhouse Pro']);
  expect(refusal(HOUSEHOLD, null)).toBe('Sign in to download books as EPUB');
  const closed = { ...HOUSEHOLD, pro_features_open: false };
  expect([refusal(closed, null), refusal(closed, { role: 'user' })]).toEqual([
    'EPUB export is for Pro readers on this server; its owner decides who they are',
    'EPUB export is for Pro readers on this server; its owner decides who they are',
  ]);
});
