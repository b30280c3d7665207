import { t } from 'elysia';

/**
 * GET /api/export/{slug}?from=&to= (docs/api.md "EPUB export"). `from` and `to` are inclusive
 * chapter numbers (decisions.md). They are read as text and checked by the service, after the
 * Pro check, so that a bad range gets a message about the range rather than a schema error.
 */
export const ExportParams = t.Object({ slug: t.String({ minLength: 1, maxLength: 200 }) });

export const ExportQuery = t.Object({
  from: t.Optional(t.String({ maxLength: 20 })),
  to: t.Optional(t.String({ maxLength: 20 })),
  /** Set by the OPDS feed's acquisition links: answer a caller signed in by nothing with a Basic challenge. */
  auth: t.Optional(t.Literal('basic', { error: 'auth must be basic' })),
});

export interface ExportRange {
  from: number;
  to: number;
}
