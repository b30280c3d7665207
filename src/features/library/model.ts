import { t, type Static } from 'elysia';
import { BookSchema } from '../catalogue/model.ts';
import { ProgressSchema } from '../progress/model.ts';
import type { Shelf as StoredShelf } from '../../platform/db/schema.ts';

/** In the order the library page shows them. */
export const SHELVES = ['reading', 'plan_to_read', 'completed', 'dropped'] as const;
export type Shelf = (typeof SHELVES)[number];
// The platform cannot import this model, so its column type names the shelves too: tsc fails here when the two differ.
true satisfies [Shelf, StoredShelf] extends [StoredShelf, Shelf] ? true : never;
export const DEFAULT_SHELF: Shelf = 'plan_to_read';
/** One bulk request acts on at most this many books (docs/api.md). */
export const MAX_BULK = 500;

export function isShelf(x: unknown): x is Shelf {
  return typeof x === 'string' && (SHELVES as readonly string[]).includes(x);
}

const shelfError = `shelf must be one of ${SHELVES.join(', ')}`;
// Not t.UnionEnum: Elysia 1.4 fills an optional UnionEnum with its first value when absent.
const ShelfField = t.Union([t.Literal('reading'), t.Literal('plan_to_read'), t.Literal('completed'), t.Literal('dropped')], { error: shelfError });
const Slug = t.String({ minLength: 1, maxLength: 200, pattern: '^[a-z0-9]+(-[a-z0-9]+)*$', error: 'slug must be a book slug' });
const Slugs = t.Array(Slug, { minItems: 1, maxItems: MAX_BULK, error: `slugs must be a list of 1 to ${MAX_BULK} book slugs` });

export const SlugParams = t.Object({ slug: Slug });
export const LibraryQuery = t.Object({ shelf: t.Optional(ShelfField) });
export const SaveBody = t.Object({ shelf: t.Optional(ShelfField) });
export const ShelfBody = t.Object({ shelf: ShelfField });
export const BulkRemoveBody = t.Object({ slugs: Slugs });
export const BulkShelfBody = t.Object({ slugs: Slugs, shelf: ShelfField });

export const LibraryEntrySchema = t.Object({
  book: BookSchema,
  shelf: ShelfField,
  progress: t.Union([ProgressSchema, t.Null()]),
}, { title: 'LibraryEntry' });
export type LibraryEntry = Static<typeof LibraryEntrySchema>;

export const LibraryResponse = t.Object({ books: t.Array(LibraryEntrySchema) });
export const ShelfResponse = t.Object({ slug: t.String(), shelf: ShelfField }, { title: 'ShelvedBook' });
export const RemovedResponse = t.Object({ removed: t.Integer() });
export const UpdatedResponse = t.Object({ updated: t.Integer() });
/**
 * 400 of the bulk endpoints: the usual error body, plus the slugs when a slug cannot be acted on
 * (a malformed request has no `unknown`).
 */
export const UnknownSlugsResponse = t.Object(
  { error: t.String(), message: t.String(), unknown: t.Optional(t.Array(t.String(), { description: 'The slugs that could not be acted on' })) },
  { title: 'BulkLibraryError' },
);
export type UnknownSlugsBody = Static<typeof UnknownSlugsResponse>;

/**
 * The page forms (ShelfControl, a book's menu on /library, the selection toolbar). A form sends a lone checkbox as a string
 * and several as an array, so `slugs` takes both; the handlers normalise and validate it.
 */
export const ShelfForm = t.Object({
  shelf: t.Optional(t.String({ maxLength: 32 })),
  return_to: t.Optional(t.String({ maxLength: 2000 })),
});
export const BulkForm = t.Object({
  action: t.Optional(t.String({ maxLength: 16 })),
  shelf: t.Optional(t.String({ maxLength: 32 })),
  slugs: t.Optional(t.Union([t.String({ maxLength: 200 }), t.Array(t.String({ maxLength: 200 }), { maxItems: MAX_BULK + 1 })])),
  confirmed: t.Optional(t.String({ maxLength: 8 })),
  return_shelf: t.Optional(t.String({ maxLength: 32 })),
  /** `menu`: one book's menu sent it, so "Cancel" on the confirmation goes back out of selection mode. */
  from: t.Optional(t.String({ maxLength: 16 })),
});
