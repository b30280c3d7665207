import { t } from 'elysia';

export const SessionItem = t.Object(
  {
    id: t.String(),
    user_agent: t.String(),
    ip: t.String(),
    created: t.String(),
    last_seen: t.String(),
    current: t.Boolean({ description: 'The session of this request' }),
  },
  { title: 'Session', description: 'A signed-in device' },
);
export const SessionsResponse = t.Object({ sessions: t.Array(SessionItem) });
export const SessionParams = t.Object({ id: t.String({ maxLength: 128 }) });
