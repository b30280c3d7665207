import { sql, type RawBuilder } from 'kysely';
import type { BrowseSort } from './model.ts';

/**
 * Where a browse page ended: the sort key of its last book, as text (timestamps keep their
 * microseconds, which a JavaScript Date would lose), and its slug. The next page starts after it
 * (keyset paging) instead of counting past every earlier book with OFFSET, so a deep page of
 * infinite scroll costs what the first does. The page numbers of the contract stay: the boundary
 * of page n is remembered with page n's answer (service.ts), and page n + 1 uses it when found.
 */
export interface PageBoundary {
  sort: BrowseSort;
  key: (string | null)[];
  slug: string;
}

/** The sort key of each order (queries.ts orderBooks), selected as text: k0, k1. */
export function sortKeyColumns(sort: BrowseSort): RawBuilder<string | null>[] {
  switch (sort) {
    case 'popular':
      return [sql<string>`b.reads_7d::text`, sql<string>`b.reads_30d::text`];
    case 'rating':
      return [sql<string | null>`b.rating_score::text`];
    case 'new':
      return [sql<string>`b.created_at::text`];
    case 'updated':
      return [sql<string>`b.updated_at::text`];
    case 'title':
      return [sql<string>`lower(b.title)`];
  }
}

/**
 * Books after `after` in its order. Each predicate leads with a bound on the index's first column
 * (<= or >=), which the planner turns into an index seek; the rest settles ties exactly as
 * orderBooks orders them (the slug last, so no book is skipped or shown twice).
 */
export function afterBoundary(after: PageBoundary): RawBuilder<boolean> {
  const [k0, k1] = after.key;
  const s = after.slug;
  switch (after.sort) {
    case 'popular':
      return sql<boolean>`(b.reads_7d <= ${k0}::int and (b.reads_7d < ${k0}::int or (b.reads_7d = ${k0}::int and (b.reads_30d < ${k1}::int or (b.reads_30d = ${k1}::int and b.slug > ${s})))))`;
    case 'rating':
      // Descending with unrated books (NULL) last.
      if (k0 === null) return sql<boolean>`(b.rating_score is null and b.slug > ${s})`;
      return sql<boolean>`(b.rating_score is null or b.rating_score < ${k0}::float8 or (b.rating_score = ${k0}::float8 and b.slug > ${s}))`;
    case 'new':
      return sql<boolean>`(b.created_at <= ${k0}::timestamptz and (b.created_at < ${k0}::timestamptz or b.slug > ${s}))`;
    case 'updated':
      return sql<boolean>`(b.updated_at <= ${k0}::timestamptz and (b.updated_at < ${k0}::timestamptz or b.slug > ${s}))`;
    case 'title':
      return sql<boolean>`((lower(b.title), b.slug) > (${k0}, ${s}))`;
  }
}
