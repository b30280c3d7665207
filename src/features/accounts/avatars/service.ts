import { createHash, randomBytes } from 'node:crypto';
import type { ObjectStore } from '../../../platform/objects/port.ts';
import { badRequest, forbidden, notFound } from '../../../platform/http/errors.ts';
import { findUserById, updateUser, type Executor } from '../queries.ts';
import { avatarTypeOf, checkAvatarObject, AVATAR_TYPES, type AvatarType } from './image-check.ts';

const UPLOAD_SECONDS = 600;
const EXTENSION: Record<AvatarType, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' };
/** A stored avatar's key: its owner and a content hash, so its URL can be cached for good. */
export const AVATAR_KEY = /^avatars\/[0-9a-f-]{36}\/[0-9a-f]{16}\.(png|jpg|webp)$/;

const uploadPrefix = (userId: string) => `avatars/${userId}/upload-`;

/** Step 1: a presigned PUT the browser sends the image to (signed for its content type when given). */
export async function startAvatarUpload(objects: ObjectStore, userId: string, contentType?: string): Promise<{ url: string; key: string }> {
  if (contentType !== undefined && !(AVATAR_TYPES as readonly string[]).includes(contentType)) throw badRequest('Use a PNG, JPEG or WebP image');
  const key = `${uploadPrefix(userId)}${randomBytes(12).toString('hex')}`;
  return { key, url: await objects.presignPut(key, UPLOAD_SECONDS, contentType) };
}

/**
 * Step 2: the uploaded object is checked (exists, really PNG/JPEG/WebP, at most 2 MB), stored under
 * its content hash with the right type, and recorded on the user; the upload and the old avatar go.
 */
export async function recordAvatar(db: Executor, objects: ObjectStore, userId: string, uploadKey: string): Promise<string> {
  if (!uploadKey.startsWith(uploadPrefix(userId))) throw forbidden('That upload is not yours');
  const { contentType } = await checkAvatarObject(objects, uploadKey);
  const object = await objects.get(uploadKey);
  if (!object) throw badRequest('Upload the image first');
  const bytes = new Uint8Array(await new Response(object.body).arrayBuffer());
  const key = await storeAvatar(db, objects, userId, bytes, contentType);
  await objects.delete(uploadKey);
  return key;
}

/** The account page's form without JavaScript: the image arrives in the request, checked by its bytes. */
export async function saveAvatarBytes(db: Executor, objects: ObjectStore, userId: string, bytes: Uint8Array): Promise<string> {
  return storeAvatar(db, objects, userId, bytes, await avatarTypeOf(bytes));
}

/** Stored under its content hash with its checked type and recorded on the user; the old one goes. */
async function storeAvatar(db: Executor, objects: ObjectStore, userId: string, bytes: Uint8Array, contentType: AvatarType): Promise<string> {
  const key = `avatars/${userId}/${createHash('sha256').update(bytes).digest('hex').slice(0, 16)}.${EXTENSION[contentType]}`;
  await objects.put(key, bytes, { contentType });
  const previous = (await findUserById(db, userId))?.avatar_key;
  await updateUser(db, userId, { avatar_key: key });
  if (previous && previous !== key) await objects.delete(previous);
  return key;
}

export async function removeAvatar(db: Executor, objects: ObjectStore, userId: string): Promise<void> {
  const previous = (await findUserById(db, userId))?.avatar_key;
  await updateUser(db, userId, { avatar_key: null });
  if (previous) await objects.delete(previous);
}

export async function presignAvatar(db: Executor, objects: ObjectStore, userId: string): Promise<string> {
  const key = (await findUserById(db, userId))?.avatar_key;
  if (!key) throw notFound('No avatar');
  return objects.presignGet(key, 3600);
}
