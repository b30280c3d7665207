import { expect } from 'bun:test';
import type { Api } from './client.ts';

/** Gives the account a password (it signed in a moment ago, so no current password is asked). */
export async function setPassword(api: Api, password: string): Promise<void> {
  const { response } = await api.POST('/api/auth/change-password', { body: { new_password: password } });
  expect(response.status).toBe(204);
}

/** The sign-in screen: username and password in, a token for the Authorization header out. */
export async function signIn(api: Api, username: string, password: string): Promise<string> {
  const { data, response } = await api.POST('/api/auth/login', { body: { username, password } });
  expect(response.status).toBe(200);
  if (!data) throw new Error('login answered no body');
  const token: string = data.token;
  expect(data.user.username).toBe(username);
  expect(token.split('.')).toHaveLength(4);
  return token;
}

/** Who the stored token belongs to, when the app starts. */
export async function me(api: Api, username: string): Promise<string> {
  const { data } = await api.GET('/api/auth/me');
  if (!data) throw new Error('me answered no body');
  const role: 'user' | 'pro' | 'admin' = data.user.role;
  expect({ username: data.user.username, role, avatar_url: data.user.avatar_url }).toEqual({ username, role: 'user', avatar_url: null });
  return data.user.id;
}

/** An expired or missing token: the app must show the sign-in screen. */
export async function meSignedOut(anonymous: Api): Promise<void> {
  const { data, error, response } = await anonymous.GET('/api/auth/me');
  expect(response.status).toBe(401);
  expect(data).toBeUndefined();
  const code: string | undefined = error?.error;
  expect({ code, message: error?.message }).toEqual({ code: 'unauthorized', message: 'Sign in to continue' });
}
