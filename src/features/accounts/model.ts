import { t } from 'elysia';

export const PublicUser = t.Object({
  id: t.String(),
  username: t.String(),
  role: t.Union([t.Literal('user'), t.Literal('pro'), t.Literal('admin')]),
  email: t.Union([t.String(), t.Null()]),
  avatar_url: t.Union([t.String(), t.Null()]),
});
export const UserResponse = t.Object({ user: PublicUser });
