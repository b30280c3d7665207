import type { Shelf } from '../../src/platform/db/schema.ts';
import type { PageContext } from '../context.ts';

export type ShelfControlProps = { ctx: PageContext; slug: string; shelf: Shelf | null; signedIn: boolean };

/** Save a book to the library and move it between shelves (book page, library page). */
export function ShelfControl({ ctx, slug, shelf, signedIn }: ShelfControlProps): JSX.Element {
  void ctx; void slug; void shelf; void signedIn;
  return <div class="shelf-control"></div>;
}
