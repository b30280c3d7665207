import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { dailyKey } from '../../src/features/limits/daily.ts';
import { anon, audioCall, startAudioApp, type AudioTestApp, type Who } from '../support/audio-app.ts';
import { loginAs, TEST_ORIGIN, type Session } from '../support/auth.ts';
import { testClock } from '../support/clock.ts';

/**
 * The gate under the owner's policy on a server without payments (its defaults: no limits, Pro
 * features for every signed-in reader), as the owner changes it: the daily audio limit on and off,
 * its number, Pro features open or not, and the words of a refusal that sells nothing.
 */
let app: AudioTestApp;
let owner: Session;
let reader: Session;
let proReader: Session;
// Noon of the real UTC day: a day's count then lives for hours, whenever the test runs.
const today = new Date();
const clock = testClock(new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate(), 12)));

beforeAll(async () => {
  app = await startAudioApp({ clock: clock.now });
  [owner, reader, proReader] = [await loginAs(app, 'gate-owner', { role: 'admin' }), await loginAs(app, 'gate-reader'), await loginAs(app, 'gate-pro', { role: 'pro' })];
}, 30_000);
afterAll(() => app.close(), 30_000);

const BOOK = 'salvage-rights';
const OTHER = 'ashes-of-the-dragon-throne';
const post = (who: Who, chapter: number, slug = BOOK) => audioCall(app, 'POST', '/api/audio', who, { slug, chapter });
const head = (who: Who, chapter: number, slug = BOOK) => audioCall(app, 'HEAD', `/api/audio-stream/${slug}/${chapter}`, who);
const setPolicy = async (body: Record<string, unknown>) => {
  const res = await audioCall(app, 'PUT', '/api/admin/settings', { cookie: owner.cookie }, body);
  expect(res.status).toBe(200);
};
const exportAs = (session: Session | null) => app.fetch('/api/export/ink-and-alibis?from=1&to=1', { headers: { accept: 'application/json', ...(session ? { cookie: session.cookie } : {}) } });
const bookPage = async (session: Session | null) => (await app.fetch('/book/ink-and-alibis', { headers: { accept: 'text/html', ...(session ? { cookie: session.cookie } : {}) } })).text();
const statuses = async (who: Who, chapters: number[], slug = BOOK) => {
  const all: number[] = [];
  for (const n of chapters) all.push((await post(who, n, slug)).status);
  return all;
};
const ownerLimit = (n: string) => ({ error: 'pro_required', message: `Free listening is ${n} a day on this server, a limit set by its owner; it starts again tomorrow (UTC)` });

describe('by default (no payment provider)', () => {
  test('no limit: any number of chapters, HEAD always 200, nothing counted', async () => {
    const who = anon('gate-default');
    expect(await statuses(who, [1, 2, 3, 4, 5, 6])).toEqual([202, 202, 202, 202, 202, 202]);
    expect((await head(who, 7)).status).toBe(200);
    expect(await app.platform.cache.setMembers(dailyKey('audio', `anon:${(who as { sessionId: string }).sessionId}`, clock.now()))).toEqual([]);
  });

  test('every signed-in reader may export EPUB; anonymous readers are asked to sign in', async () => {
    const res = await exportAs(reader);
    expect([res.status, res.headers.get('content-type')]).toEqual([200, 'application/epub+zip']);
    await res.arrayBuffer();
    const refused = await exportAs(null);
    expect([refused.status, await refused.json()]).toEqual([403, { error: 'forbidden', message: 'Sign in to download books as EPUB' }]);
    const signedIn = await bookPage(reader);
    expect(signedIn).not.toContain('id="export-pro"');
    const anonymous = await bookPage(null);
    expect(anonymous).toContain('Sign in to download books as EPUB.');
    expect(anonymous).toContain('href="/login?return_to=%2Fbook%2Fink-and-alibis"');
    expect(anonymous).not.toContain('href="/pro"');
  });
});

describe('as the owner changes it', () => {
  test('limits on at 3: the 4th distinct chapter is 402 in the owner\'s words; signed-in readers with open Pro features are unlimited', async () => {
    await setPolicy({ limits_enabled: true, audio_chapters_per_day: 3 });
    const who = anon('gate-three');
    expect(await statuses(who, [1, 2, 3])).toEqual([202, 202, 202]);
    const res = await post(who, 4);
    expect([res.status, await res.json()]).toEqual([402, ownerLimit('3 chapters')]);
    expect((await head(who, 5)).status).toBe(402);
    expect((await head(who, 2)).status).toBe(200);
    expect(await statuses({ cookie: reader.cookie }, [1, 2, 3, 4, 5, 6])).toEqual([202, 202, 202, 202, 202, 202]);
    expect(await app.platform.cache.setMembers(dailyKey('audio', `user:${reader.user.id}`, clock.now()))).toEqual([]);
    // Anonymous readers still cannot export.
    expect((await exportAs(null)).status).toBe(403);
  });

  test('the number is the owner\'s: at 1 the 2nd chapter is 402', async () => {
    await setPolicy({ audio_chapters_per_day: 1 });
    const who = anon('gate-one');
    expect(await statuses(who, [1])).toEqual([202]);
    const res = await post(who, 2);
    expect([res.status, await res.json()]).toEqual([402, ownerLimit('1 chapter')]);
  });

  test('Pro features closed: signed-in readers are counted and cannot export; Pro and admin are unlimited and can', async () => {
    await setPolicy({ pro_features_open: false, audio_chapters_per_day: 2 });
    expect(await statuses({ cookie: reader.cookie }, [1, 2, 3], OTHER)).toEqual([202, 202, 402]);
    const refused = await exportAs(reader);
    expect([refused.status, await refused.json()]).toEqual([403, { error: 'forbidden', message: 'EPUB export is for Pro readers on this server; its owner decides who they are' }]);
    for (const session of [proReader, owner]) {
      expect(await statuses({ cookie: session.cookie }, [1, 2, 3, 4], OTHER)).toEqual([202, 202, 202, 202]);
      const res = await exportAs(session);
      expect(res.status).toBe(200);
      await res.arrayBuffer();
    }
    // Nothing on the page offers to buy Pro: this server does not sell it.
    const html = await bookPage(reader);
    expect(html).toContain('EPUB export is for Pro readers on this server.');
    expect(html).not.toContain('href="/pro"');
  });

  test('limits off again: the reader refused a moment ago is let through', async () => {
    await setPolicy({ limits_enabled: false });
    expect(await statuses({ cookie: reader.cookie }, [3, 4, 5], OTHER)).toEqual([202, 202, 202]);
    await setPolicy({ pro_features_open: true, audio_chapters_per_day: 3 });
  });
});

describe('the pages of a server without payments', () => {
  test('/pro says there is nothing to buy and what the policy opens', async () => {
    let html = await (await app.fetch('/pro', { headers: { accept: 'text/html' } })).text();
    expect(html).toContain('This server takes no payments, so Pro cannot be bought here.');
    expect(html).toContain('Every signed-in reader has the Pro features here: unlimited listening and translation, and EPUB export.');
    expect(html).toContain('There are no daily limits on listening or translation.');
    expect(html).toContain('href="/login?return_to=%2Fpro"');
    expect(html).not.toContain('action="/pro/checkout"');
    await setPolicy({ limits_enabled: true, pro_features_open: false, audio_chapters_per_day: 4, translations_per_day: 2 });
    html = await (await app.fetch('/pro', { headers: { accept: 'text/html', cookie: reader.cookie } })).text();
    expect(html).toContain('Here the Pro features are for the readers its owner makes Pro.');
    expect(html).toContain('Daily limits without Pro: 4 narrated and 2 translated chapters.');
    expect(html).not.toContain('Your account has the Pro features.');
    html = await (await app.fetch('/pro', { headers: { accept: 'text/html', cookie: proReader.cookie, 'accept-language': 'es' } })).text();
    expect(html).toContain('Este servidor no recibe pagos, así que aquí no se puede comprar Pro.');
    expect(html).toContain('Tu cuenta tiene las funciones Pro.');
    await setPolicy({ limits_enabled: false, pro_features_open: true, audio_chapters_per_day: 3, translations_per_day: 3 });
  });

  test('no Translate control without an AI service, and no "Get Pro" on the account page', async () => {
    const chapter = await (await app.fetch('/book/ink-and-alibis/2', { headers: { accept: 'text/html' } })).text();
    expect(chapter).toContain('class="reader__text"');
    expect(chapter).not.toContain('translation__switch');
    const account = await (await app.fetch('/account', { headers: { accept: 'text/html', cookie: reader.cookie } })).text();
    expect(account).toContain('id="account-plan"');
    expect(account).not.toContain('id="account-plan-link"');
  });
});

test('the settings take an admin\'s origin-checked write only', async () => {
  const res = await app.fetch('/api/admin/settings', { method: 'PUT', headers: { 'content-type': 'application/json', cookie: owner.cookie, origin: 'https://evil.example' }, body: JSON.stringify({ limits_enabled: true }) });
  expect(res.status).toBe(403);
  expect(await (await app.fetch('/api/policy', { headers: { origin: TEST_ORIGIN } })).json()).toMatchObject({ limits: null });
});
