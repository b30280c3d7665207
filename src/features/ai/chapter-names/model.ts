import { t, type Static } from 'elysia';
import { Type } from '@sinclair/typebox';

export const BATCH_SIZE = 100;

/** Permissive on purpose: admin routes check the caller before the body (the handler validates). */
export const ChapterNamesBody = t.Object({
  slug: t.Optional(t.String({ maxLength: 200 })),
  from: t.Optional(t.Integer({ minimum: 1 })),
  to: t.Optional(t.Integer({ minimum: 1 })),
  model: t.Optional(t.String({ maxLength: 200 })),
});
export type ChapterNamesBody = Static<typeof ChapterNamesBody>;

export const ApplyBody = t.Object({
  slug: t.Optional(t.String({ maxLength: 200 })),
  job_id: t.Optional(t.String({ maxLength: 100 })),
  titles: t.Optional(t.Array(t.Object({ number: t.Integer({ minimum: 1 }), title: t.String({ maxLength: 500 }) }), { maxItems: 100_000 })),
});

export const ApplyResponse = t.Object({ applied: t.Integer(), skipped: t.Integer() });

export interface Proposal {
  number: number;
  old_title: string;
  title: string;
}

/** What the model answers for one batch (validated; one repair retry in the client). */
export const NamesAnswer = Type.Object({
  titles: Type.Array(Type.Object({ number: Type.Integer(), title: Type.String({ minLength: 1, maxLength: 300 }) })),
});

export interface ChapterNamesPayload {
  slug: string;
  from: number;
  to: number | null;
  total: number;
  batches: number;
  proposals: Proposal[];
  applied?: number;
}
