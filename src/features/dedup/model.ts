import { t } from 'elysia';

export const DedupQuery = t.Object({ dry_run: t.Optional(t.Union([t.Literal('1'), t.Literal('0'), t.Literal('true'), t.Literal('false')], { error: 'dry_run must be 1 or 0' })) });

export const DedupResponse = t.Object({
  /** Chapters removed; in a dry run, the chapters that would be. */
  removed: t.Integer(),
  dry_run: t.Boolean(),
  chapters_before: t.Integer(),
  plan: t.Array(
    t.Object({
      number: t.Integer(),
      title: t.String(),
      reason: t.Union([t.Literal('repeated_number'), t.Literal('identical_text'), t.Literal('near_identical_text')]),
      duplicate_of: t.Integer(),
      similarity: t.Number(),
    }),
  ),
});
