import { Elysia } from 'elysia';
import type { AuthPlugin } from '../../../platform/http/auth.ts';
import { AppError } from '../../../platform/http/errors.ts';
import { signedIn } from '../../../platform/http/sign-in.ts';
import type { AccountsDeps } from '../service.ts';
import type { AvatarProblem } from '../account-page/render.ts';
import { AVATAR_MAX_BYTES } from './image-check.ts';
import { removeAvatar, saveAvatarBytes } from './service.ts';

const see = (location: string) => new Response(null, { status: 303, headers: { location, 'cache-control': 'no-store' } });
const LOGIN = '/login?return_to=%2Faccount';
const failed = (problem: AvatarProblem) => see(`/account?avatar_error=${problem}#profile`);

/** The image of a multipart form (field `file`); null when none was chosen. */
async function imageOf(request: Request): Promise<Uint8Array | null> {
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return null;
  }
  const file = form.get('file');
  if (!(file instanceof Blob) || file.size === 0) return null;
  if (file.size > AVATAR_MAX_BYTES) throw new AppError(413, 'too_large', 'Images must be 2 MB or smaller');
  return new Uint8Array(await file.arrayBuffer());
}

/**
 * The photo control of the account page without JavaScript: POST /account/avatar/upload (multipart,
 * field `file`) and POST /account/avatar/remove, each 303 back to /account with what happened.
 * With JavaScript the page uses the two-step route of api-routes.ts instead.
 */
export function avatarFormRoutes(deps: AccountsDeps, auth: AuthPlugin) {
  return new Elysia({ name: 'accounts-avatar-forms' })
    .use(auth)
    .post('/account/avatar/upload', async ({ request, caller }) => {
      if (!caller.user) return see(LOGIN);
      // Refused before the body is read: a form upload is held whole, so its size is capped first.
      const declared = Number(request.headers.get('content-length'));
      if (Number.isFinite(declared) && declared > AVATAR_MAX_BYTES + 64 * 1024) return failed('size');
      try {
        const bytes = await imageOf(request);
        if (!bytes) return failed('missing');
        await saveAvatarBytes(deps.db, deps.objects, caller.user.id, bytes);
      } catch (error) {
        if (!(error instanceof AppError) || error.status >= 500) throw error;
        return failed(error.status === 413 ? 'size' : 'type');
      }
      return see('/account?saved=avatar#profile');
    }, { parse: 'none', detail: { hide: true } })
    .post('/account/avatar/remove', async ({ user }) => {
      await removeAvatar(deps.db, deps.objects, user.id);
      return see('/account?saved=avatar-removed#profile');
    }, { auth: signedIn(() => '/account'), detail: { hide: true } });
}
