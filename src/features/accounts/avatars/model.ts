import { t } from 'elysia';

export const AvatarUserParams = t.Object({ userId: t.String({ format: 'uuid', error: 'userId must be a user id' }) });
export const StartAvatarUploadBody = t.Optional(t.Object({ content_type: t.Optional(t.String({ maxLength: 100 })), size: t.Optional(t.Integer({ minimum: 0 })) }));
export const RecordAvatarBody = t.Object({ key: t.String({ maxLength: 300, error: 'key is required' }) });
