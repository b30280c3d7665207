import { t } from 'elysia';

export const AvatarUserParams = t.Object({ userId: t.String({ format: 'uuid', error: 'userId must be a user id' }) });
export const StartAvatarUploadBody = t.Optional(t.Object({ content_type: t.Optional(t.String({ maxLength: 100 })), size: t.Optional(t.Integer({ minimum: 0 })) }));
export const RecordAvatarBody = t.Object({ key: t.String({ maxLength: 300, error: 'key is required' }) });

/** The backend presign pair (GET /api/presign/avatar-upload/{userId}, /api/presign/avatar/{userId}). */
export const AvatarUpload = t.Object({ url: t.String({ description: 'PUT the image here' }), key: t.String({ description: 'The upload to record' }) });
export const PresignedAvatar = t.Object({ url: t.String({ description: 'A presigned GET of the stored avatar, for an hour' }) });
/** The web route's two steps: where to PUT the image, then the recorded avatar's address. */
export const StartedAvatarUpload = t.Object({ upload_url: t.String(), key: t.String() });
export const RecordedAvatar = t.Object({ avatar_url: t.Union([t.String(), t.Null()]) });
