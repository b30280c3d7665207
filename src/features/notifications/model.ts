import { t, type Static } from 'elysia';

/** A list answers at most this many (docs/api.md); the page shows PAGE_SIZE at a time. */
export const DEFAULT_LIMIT = 50;
export const MAX_LIMIT = 100;
export const PAGE_SIZE = 30;
/** Each user keeps only their newest notifications; older ones are deleted as new ones arrive. */
export const KEEP_PER_USER = 500;
export const MAX_TITLE = 200;
export const MAX_BODY = 2000;
export const MAX_LINK = 2000;

export const NotificationSchema = t.Object({
  id: t.Integer(),
  user_id: t.String(),
  title: t.String(),
  /** '' when the notification has no body text. */
  body: t.String(),
  /** A site path ("/book/x/3"), or null. */
  link: t.Union([t.String(), t.Null()]),
  read: t.Boolean(),
  /** ISO 8601. */
  created: t.String(),
}, { title: 'Notification' });
export type Notification = Static<typeof NotificationSchema>;

// `user_id` is optional in the schema: its absence is answered first with the exact message of the
// interface spec (a transform hook, before validation and auth), not with a validation message.
const UserId = t.Optional(t.String({ maxLength: 200 }));
const Id = t.Numeric({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER, multipleOf: 1, error: 'before must be a notification id' });

export const UserQuery = t.Object({ user_id: UserId });
export const ListQuery = t.Object({
  user_id: UserId,
  limit: t.Optional(t.Numeric({ minimum: 1, maximum: MAX_LIMIT, multipleOf: 1, error: `limit must be a whole number from 1 to ${MAX_LIMIT}` })),
  before: t.Optional(Id),
});
/** Parsed by hand after the auth check, so that an anonymous caller hears 401 before 400. */
export const IdParams = t.Object({ id: t.String({ maxLength: 40 }) });

export const ListResponse = t.Object({
  notifications: t.Array(NotificationSchema),
  /** Unread notifications of that user in all (not only in this page). */
  unread: t.Integer(),
  /** More, older notifications exist: ask again with `before` = the last id. */
  has_more: t.Boolean(),
}, { title: 'NotificationPage' });
export const UpdatedResponse = t.Object({ updated: t.Integer() });
export const DeletedResponse = t.Object({ deleted: t.Integer() });
export const OneResponse = t.Object({ notification: NotificationSchema });
export const ReadBody = t.Object({ read: t.Boolean({ error: 'read must be true or false' }) });
export const CreateBody = t.Object({
  title: t.String({ minLength: 1, maxLength: MAX_TITLE, error: `title must be 1 to ${MAX_TITLE} characters` }),
  body: t.Optional(t.String({ maxLength: MAX_BODY, error: `body must be at most ${MAX_BODY} characters` })),
  link: t.Optional(t.Union([t.String({ maxLength: MAX_LINK }), t.Null()], { error: 'link must be a site path starting with /' })),
});

/** The page's query is read leniently: a bad cursor shows the first page rather than an error. */
export const PageQuery = t.Object({
  before: t.Optional(t.String({ maxLength: 40 })),
  done: t.Optional(t.String({ maxLength: 16 })),
});
export const ClearForm = t.Object({ confirmed: t.Optional(t.String({ maxLength: 8 })) });
