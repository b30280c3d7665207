import { startTestApp, type TestApp } from '../../support/app.ts';
import type { Clock } from '../../../src/platform/clock.ts';
import { DEBUG_TOKEN, TEST_ORIGIN, loginAs, type Session } from '../../support/auth.ts';

export { TEST_ORIGIN };

/** The demo book every placeholder `:slug` stands for. */
export const BOOK = 'morning-bread';
export const FIRST_VOICE = 'espeak-en-us';

export type CallerName = 'anonymous' | 'user' | 'other' | 'pro' | 'admin';

export interface Caller {
  name: CallerName;
  /** The Cookie header (anonymous callers carry only their reader session_id). */
  cookie: string;
  session: Session | null;
}

export interface World {
  app: TestApp;
  callers: Record<CallerName, Caller>;
  /** A fresh sign-in with the role of `like`, for calls that end the session or the account. */
  throwaway(like: CallerName): Promise<Caller>;
}

export const WEBHOOK_SECRET = 'whsec_c2VjdXJpdHktc3VpdGUtd2ViaG9vay1zZWNyZXQ=';

/** The app with the demo catalogue, the debug login and a webhook secret, and one caller of each kind. */
export async function startWorld(env: Record<string, string> = {}, options: { clock?: Clock } = {}): Promise<World> {
  const app = await startTestApp({
    clock: options.clock,
    env: { DEBUG_LOGIN_TOKEN: DEBUG_TOKEN, POLAR_WEBHOOK_SECRET: WEBHOOK_SECRET, METRICS_TOKEN: 'security-suite-metrics-token-0123456789', ...env },
    // No worker runs here: a live audio stream would wait 20 s for its first bytes before its 503.
    audio: { follow: { firstBytesTimeoutMs: 300, stallTimeoutMs: 1_000, pollMs: 50 } },
  });
  const [user, other, pro, admin] = [
    await loginAs(app, 'sec-alice'),
    await loginAs(app, 'sec-bob'),
    await loginAs(app, 'sec-pat', { role: 'pro' }),
    await loginAs(app, 'sec-ada', { role: 'admin' }),
  ];
  const signedIn = (name: CallerName, session: Session): Caller => ({ name, cookie: session.cookie, session });
  const callers: Record<CallerName, Caller> = {
    anonymous: { name: 'anonymous', cookie: 'session_id=security-anon-0123456789abcdef', session: null },
    user: signedIn('user', user),
    other: signedIn('other', other),
    pro: signedIn('pro', pro),
    admin: signedIn('admin', admin),
  };
  let spare = 0;
  const roles = { user: 'user', other: 'user', pro: 'pro', admin: 'admin' } as const;
  return {
    app,
    callers,
    async throwaway(like) {
      if (like === 'anonymous') return { ...callers.anonymous, cookie: `session_id=security-spare-${++spare}-0123456789abcdef` };
      return signedIn(like, await loginAs(app, `sec-spare-${++spare}`, { role: roles[like] }));
    },
  };
}
