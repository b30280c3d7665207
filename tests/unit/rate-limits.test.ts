import { describe, expect, test } from 'bun:test';
import { createMemoryCache } from '../../src/platform/cache/index.ts';
import { enforceRateLimits, RateLimited } from '../../src/platform/http/rate-limit.ts';

// Several limits on one attempt are counted in one step (platform/cache incrInOrder); the rule is
// the one of checking them in turn. A fixed instant a second into a minute: no window ends here.
const NOW = Date.UTC(2026, 2, 10, 12, 0, 1);
const reader = (name: string) => ({ bucket: `test:reader:${name}`, limit: { max: 2, windowSeconds: 60 } });
const address = { bucket: 'test:address:192.0.2.1', limit: { max: 3, windowSeconds: 60 } };

async function outcome(attempt: Promise<void>): Promise<string> {
  try {
    await attempt;
    return 'ok';
  } catch (error) {
    if (error instanceof RateLimited) return `429 after ${error.retryAfterSeconds} s`;
    throw error;
  }
}

describe('enforceRateLimits', () => {
  test('an attempt refused by the first limit does not count against the next', async () => {
    const cache = createMemoryCache();
    const send = (name: string) => outcome(enforceRateLimits(cache, [reader(name), address], NOW));
    // Alice uses her two, then is refused twice: those refusals leave the address's count at 2.
    expect([await send('alice'), await send('alice'), await send('alice'), await send('alice')]).toEqual(['ok', 'ok', '429 after 59 s', '429 after 59 s']);
    // So Bob at the same address gets the address's third; the fourth is over the address limit.
    expect([await send('bob'), await send('bob')]).toEqual(['ok', '429 after 59 s']);
    await cache.close();
  });

  test('each limit keeps its own window', async () => {
    const cache = createMemoryCache();
    const hourly = { bucket: 'test:hourly', limit: { max: 1, windowSeconds: 3600 } };
    expect(await outcome(enforceRateLimits(cache, [reader('carol'), hourly], NOW))).toBe('ok');
    expect(await outcome(enforceRateLimits(cache, [reader('carol'), hourly], NOW))).toBe('429 after 3599 s');
    await cache.close();
  });
});
