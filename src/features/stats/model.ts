import { Type } from '@sinclair/typebox';

const Counts = { chapters: Type.Integer(), words: Type.Integer(), minutes: Type.Number() };

/** GET /api/users/{username}/stats (docs/api.md). Days are UTC `YYYY-MM-DD`; only days with activity are listed. */
export const ReadingStatsResponse = Type.Object({
  today: Type.String(),
  from: Type.String(),
  days: Type.Array(Type.Object({ day: Type.String(), ...Counts })),
  totals: Type.Object({ ...Counts, minutes: Type.Number(), activeDays: Type.Integer() }),
  streak: Type.Object({ current: Type.Integer(), longest: Type.Integer() }),
  books: Type.Array(Type.Object({ slug: Type.String(), title: Type.String(), ...Counts })),
});
