import { t } from 'elysia';

/** The Users page's address and forms (application/x-www-form-urlencoded), read leniently: the routes check each field. */
const text = (maxLength: number) => t.Optional(t.String({ maxLength }));
const form = <T extends Record<string, ReturnType<typeof text>>>(fields: T) => t.Object(fields, { additionalProperties: true });

export const UsersPageQuery = form({ q: text(300), role: text(300), page: text(300), done: text(300), audit_before: text(300) });
/** `back` is the list the form was posted from, as a query string (paths.ts backState). */
export const BackForm = form({ back: text(300) });
export const RoleForm = form({ back: text(300), role: text(300), pro_until: text(300) });
export const DeleteForm = form({ back: text(300), confirm: text(1024) });
export const CreateUserForm = form({ username: text(1024), password: text(4096), role: text(300), email: text(1024) });
export const InviteForm = form({ role: text(300), expires_in_hours: text(300) });

/** The notices a form's 303 may ask the page to show (`?done=`). */
export const DONE = ['created', 'role', 'signedOut', 'disabled', 'enabled', 'deleted', 'inviteRevoked'] as const;
export type Done = (typeof DONE)[number];
export const isDone = (value: unknown): value is Done => (DONE as readonly unknown[]).includes(value);
