import { Elysia } from 'elysia';
import type { AuthPlugin, CallerUser } from '../../../platform/http/auth.ts';
import { forbidden, notFound } from '../../../platform/http/errors.ts';
import type { AccountsDeps } from '../service.ts';
import { avatarUrlOf } from '../users.ts';
import { errorAnswers, NoContent } from '../../../platform/http/api-schemas.ts';
import { AvatarUpload, AvatarUserParams, PresignedAvatar, RecordAvatarBody, RecordedAvatar, StartAvatarUploadBody, StartedAvatarUpload } from './model.ts';
import { AVATAR_KEY, presignAvatar, recordAvatar, removeAvatar, startAvatarUpload } from './service.ts';

/** Only that user or an admin may touch a user's avatar. */
function ownerOrAdmin(user: CallerUser, userId: string): void {
  if (user.id !== userId && user.role !== 'admin') throw forbidden('Not your avatar');
}

/**
 * Avatars: the backend presign pair, the web route in two steps (POST gives an upload URL, the
 * browser PUTs the image, PATCH records it) plus DELETE, and GET /avatars/… to show them. The
 * account page's forms without JavaScript are in form-routes.ts.
 */
export function avatarApiRoutes(deps: AccountsDeps, auth: AuthPlugin) {
  const { db, objects } = deps;
  return new Elysia({ name: 'accounts-avatars-api' })
    .use(auth)
    .get('/api/presign/avatar-upload/:userId', async ({ user, params }) => {
      ownerOrAdmin(user, params.userId);
      return startAvatarUpload(objects, params.userId);
    }, { auth: 'user', params: AvatarUserParams, response: { 200: AvatarUpload, ...errorAnswers(403) }, detail: { tags: ['avatars'], summary: 'Presigned PUT for a new avatar: {url, key}' } })
    .get('/api/presign/avatar/:userId', async ({ user, params }) => {
      ownerOrAdmin(user, params.userId);
      return { url: await presignAvatar(db, objects, params.userId) };
    }, { auth: 'user', params: AvatarUserParams, response: { 200: PresignedAvatar, ...errorAnswers(403) }, detail: { tags: ['avatars'], summary: 'Presigned GET of the stored avatar (404 without one)' } })
    .post('/account/avatar', async ({ user, body }) => {
      const { url, key } = await startAvatarUpload(objects, user.id, body?.content_type);
      return { upload_url: url, key };
    }, {
      auth: 'user',
      body: StartAvatarUploadBody,
      response: StartedAvatarUpload,
      detail: { tags: ['avatars'], summary: 'Step 1: where to PUT the image' },
    })
    .patch('/account/avatar', async ({ user, body }) => {
      const key = await recordAvatar(db, objects, user.id, body.key);
      return { avatar_url: avatarUrlOf({ avatarKey: key, providerAvatarUrl: null }) };
    }, { auth: 'user', body: RecordAvatarBody, response: RecordedAvatar, detail: { tags: ['avatars'], summary: 'Step 2: check and record the uploaded image' } })
    .delete('/account/avatar', async ({ user }) => {
      await removeAvatar(db, objects, user.id);
      return new Response(null, { status: 204 });
    }, { auth: 'user', response: { 204: NoContent }, detail: { tags: ['avatars'], summary: 'Remove the stored avatar (initials or the provider picture show again)' } })
    .get('/avatars/*', async ({ request }) => {
      const key = new URL(request.url).pathname.slice(1);
      if (!AVATAR_KEY.test(key)) throw notFound('Avatar not found');
      const object = await objects.get(key);
      if (!object) throw notFound('Avatar not found');
      return new Response(object.body, {
        headers: {
          'content-type': object.contentType,
          'content-length': String(object.size),
          'cache-control': 'public, max-age=31536000, immutable',
          'content-security-policy': "default-src 'none'; sandbox",
        },
      });
    }, { detail: { hide: true } });
}
