import { t } from 'elysia';

export const PublicUser = t.Object(
  {
    id: t.String(),
    username: t.String(),
    role: t.Union([t.Literal('user'), t.Literal('pro'), t.Literal('admin')]),
    email: t.Union([t.String(), t.Null()]),
    avatar_url: t.Union([t.String(), t.Null()]),
  },
  { title: 'User', description: 'An account as its owner sees it' },
);
export const UserResponse = t.Object({ user: PublicUser }, { title: 'CurrentUser' });

/** What a sign-in answers (POST /api/auth/login, setup, joining, sign-up): the user, and the cookie's token for Bearer clients. */
export const SignedInResponse = t.Object({ user: PublicUser, token: t.String({ description: 'Send as `Authorization: Bearer <token>`; also set as the auth cookie' }) }, { title: 'SignedIn' });
