import type { Shelf, LibraryEntry } from '../../../src/features/library/model.ts';
import type { PageContext } from '../../../src/platform/http/page-context.ts';

/** The line above the list after an action: what happened, or why nothing did. */
export type Notice = { level: 'ok' | 'error'; message: string };

export type ShelfCounts = Record<Shelf | 'all', number>;

export type LibraryPageProps = {
  ctx: PageContext;
  /** null: the "All" tab. */
  shelf: Shelf | null;
  selecting: boolean;
  entries: readonly LibraryEntry[];
  counts: ShelfCounts;
  notice: Notice | null;
};
