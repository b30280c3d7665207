import { afterAll, beforeAll, expect, test } from 'bun:test';
import { startTestApp, type TestApp, BASE_URL } from '../support/app.ts';
import { insertUser } from '../../src/features/accounts/queries.ts';

/** A disabled account is told why at the sign-in form, in the reader's words, and gets no cookie. */
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ seed: false });
  await insertUser(app.platform.db, { username: 'house-owner', role: 'admin' });
}, 30_000);
afterAll(() => app?.close());

const form = (fields: Record<string, string>, language = 'en') => ({
  method: 'POST',
  body: new URLSearchParams(fields).toString(),
  headers: { 'content-type': 'application/x-www-form-urlencoded', origin: BASE_URL, 'accept-language': language },
});

test('the password form refuses a disabled account with a 403 page that says so; enabled again, it signs in', async () => {
  const user = await insertUser(app.platform.db, { username: 'away-reader', password_hash: await Bun.password.hash('a long household password') });
  await app.platform.db.updateTable('app_users').set({ disabled_at: new Date() }).where('id', '=', user.id).execute();
  const refused = await app.fetch('/login', form({ username: 'away-reader', password: 'a long household password' }));
  expect(refused.status).toBe(403);
  expect(refused.headers.getSetCookie().some((c) => c.startsWith('auth_token=') && !c.startsWith('auth_token=;'))).toBe(false);
  const page = await refused.text();
  expect(page).toContain('<h1>Sign in to Chapterhouse</h1>');
  expect(page).toContain('This account has been disabled by the server&#x27;s owner.');
  const french = await app.fetch('/login', form({ username: 'away-reader', password: 'a long household password' }, 'fr'));
  expect(await french.text()).toContain('Le propriétaire du serveur a désactivé ce compte.');
  // A wrong password is still only "wrong": the form does not tell strangers which accounts are disabled.
  const wrong = await app.fetch('/login', form({ username: 'away-reader', password: 'not the password at all' }));
  expect(wrong.status).toBe(401);
  await app.platform.db.updateTable('app_users').set({ disabled_at: null }).where('id', '=', user.id).execute();
  const welcome = await app.fetch('/login', form({ username: 'away-reader', password: 'a long household password' }));
  expect(welcome.status).toBe(303);
});
