import { afterAll, beforeAll, expect, test } from 'bun:test';
import { startTestApp, type TestApp } from '../support/app.ts';
import { silentLogger, type Logger } from '../../src/platform/log.ts';
import { createInvite, createPasswordLink } from '../../src/features/accounts/links/service.ts';
import { insertUser } from '../../src/features/accounts/queries.ts';

/** The request log keeps where a one-time link was opened, never its secret. */
const lines: { msg: string; fields: Record<string, unknown> }[] = [];
const capture: Logger = {
  ...silentLogger,
  info: (msg, fields) => void lines.push({ msg, fields: (fields ?? {}) as Record<string, unknown> }),
  child: () => capture,
};

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ seed: false, log: capture });
}, 30_000);
afterAll(() => app?.close());

test('the secret of /join/{token} and /set-password/{token} stays out of the request log', async () => {
  const invite = await createInvite(app.platform, { createdBy: null });
  const user = await insertUser(app.platform.db, { username: 'log-reader' });
  const reset = await createPasswordLink(app.platform, { userId: user.id, createdBy: null });
  expect((await app.fetch(`/join/${invite.token}`)).status).toBe(200);
  expect((await app.fetch(`/set-password/${reset.token}`)).status).toBe(200);
  const paths = lines.filter((l) => l.msg === 'request').map((l) => l.fields.path);
  expect(paths).toEqual(['/join/…', '/set-password/…']);
  expect(JSON.stringify(lines)).not.toContain(invite.token);
  expect(JSON.stringify(lines)).not.toContain(reset.token);
});
