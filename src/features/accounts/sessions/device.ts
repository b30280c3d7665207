import Bowser from 'bowser';

/** Long enough for any real browser; bounds the work a hostile header can cause. */
const MAX_UA_LENGTH = 512;

const major = (version: string | undefined) => version?.split('.')[0] || '';

/**
 * A short, readable name for a session's device: "Firefox 128 on Linux", "Safari on iOS 17",
 * "Chrome on Android". Versions are shown only where they are real: browsers freeze the OS
 * version in desktop and Android user agents (macOS 10.15.7, Windows NT 10.0, Android 10), while
 * on iOS and iPadOS the OS version is real and the browser's version just follows it.
 */
export function describeDevice(userAgent: string): string {
  const ua = userAgent.trim().slice(0, MAX_UA_LENGTH);
  if (!ua) return 'Unknown device';
  let parsed: Bowser.Parser.ParsedResult;
  try {
    parsed = Bowser.parse(ua);
  } catch {
    return 'Unknown device';
  }
  const browser = parsed.browser.name ?? '';
  const os = parsed.os.name ?? '';
  const apple = os === 'iOS' || os === 'iPadOS';
  const mobile = parsed.platform.type === 'mobile' || parsed.platform.type === 'tablet' || apple;

  const browserPart = mobile ? browser : [browser, major(parsed.browser.version)].filter(Boolean).join(' ');
  const osPart = apple ? [os, major(parsed.os.version)].filter(Boolean).join(' ') : os;

  if (browser && os) return `${browserPart} on ${osPart}`;
  return browserPart || osPart || 'Unknown device';
}
