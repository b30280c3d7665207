import { describe, expect, test } from 'bun:test';
import { describeDevice } from '../../src/features/accounts/sessions/device.ts';

const cases: Array<[string, string, string]> = [
  ['Firefox on Linux', 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0', 'Firefox 128 on Linux'],
  [
    'Safari on iPhone',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
    'Safari on iOS 17',
  ],
  [
    'Chrome on Android (reduced UA)',
    'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
    'Chrome on Android',
  ],
  [
    'Edge on Windows',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0',
    'Microsoft Edge 126 on Windows',
  ],
  [
    'Safari on macOS',
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
    'Safari 17 on macOS',
  ],
  [
    'Chrome on iPad',
    'Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.54 Mobile/15E148 Safari/604.1',
    'Chrome on iOS 16',
  ],
];

describe('describeDevice', () => {
  for (const [name, ua, expected] of cases) {
    test(name, () => expect(describeDevice(ua)).toBe(expected));
  }

  test('empty, blank and unrecognised agents are an unknown device', () => {
    expect(describeDevice('')).toBe('Unknown device');
    expect(describeDevice('   ')).toBe('Unknown device');
    expect(describeDevice('curl/8.5.0')).toBe('Unknown device');
    expect(describeDevice('garbage')).toBe('Unknown device');
  });

  test('a huge header is bounded, not parsed whole', () => {
    const ua = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0 ' + 'x'.repeat(100_000);
    expect(describeDevice(ua)).toBe('Firefox 128 on Linux');
  });
});
