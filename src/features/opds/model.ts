import { t } from 'elysia';

/** Query and path values of the /opds feeds (the catalogue's limits: pages from 1 to 100,000). */
const Page = t.Numeric({ minimum: 1, maximum: 100_000, multipleOf: 1, error: 'page must be a whole number of at least 1' });

export const PageQuery = t.Object({ page: t.Optional(Page) });
export const SearchQuery = t.Object({ q: t.Optional(t.String()), page: t.Optional(Page) });
export const GenreParams = t.Object({ genre: t.String({ minLength: 1, maxLength: 100, error: 'genre must be a genre slug' }) });
// Not t.UnionEnum: see library/model.ts (Elysia fills an optional UnionEnum with its first value).
export const ShelfParams = t.Object({
  shelf: t.Union([t.Literal('reading'), t.Literal('plan_to_read'), t.Literal('completed'), t.Literal('dropped')], { error: 'shelf must be one of reading, plan_to_read, completed, dropped' }),
});
