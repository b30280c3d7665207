import { SHELVES, type Shelf } from '../../../src/features/library/model.ts';
import type { PageContext } from '../../../src/platform/http/page-context.ts';
import type { ShelfCounts } from './types.ts';
import { libraryUrl } from '../../../src/features/library/paths.ts';

/** htmx swaps the library section in place and keeps the address; plain links work the same without it. */
export const SWAP_LIBRARY = { 'hx-target': '#library', 'hx-select': '#library', 'hx-swap': 'outerHTML' } as const;

/** All, Reading, Plan to read, Completed, Dropped, each with its count; the current one marked. They wrap: the open tab is always on screen, also on a phone and without JavaScript. */
export function ShelfTabs({ ctx, shelf, counts, selecting }: { ctx: PageContext; shelf: Shelf | null; counts: ShelfCounts; selecting: boolean }): JSX.Element {
  const tabs: Array<[key: Shelf | null, label: string, count: number]> = [
    [null, ctx.t('library.shelf.all'), counts.all],
    ...SHELVES.map((s): [Shelf, string, number] => [s, ctx.t(`library.shelf.${s}`), counts[s]]),
  ];
  return (
    <nav class="shelf-tabs shelf-tabs--wrap" aria-label={ctx.t('library.shelves')}>
      <ul role="list">
        {tabs.map(([key, label, count]) => {
          const href = libraryUrl({ shelf: key, select: selecting });
          return (
            <li>
              <a href={href} id={`tab-${key ?? 'all'}`} aria-current={key === shelf ? 'page' : undefined} hx-get={href} hx-push-url="true" {...SWAP_LIBRARY}>
                <span safe>{label}</span> <span class="shelf-tabs__count" safe>{String(count)}</span>
              </a>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
