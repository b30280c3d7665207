import { t } from 'elysia';

/** What a form did, or why an upload was refused, after its 303 (render.ts turns them into phrases). */
export const AccountPageQuery = t.Object({ saved: t.Optional(t.String({ maxLength: 32 })), avatar_error: t.Optional(t.String({ maxLength: 32 })) });
