import { SHELVES, type Shelf } from '../../src/features/library/model.ts';
import type { PageContext } from '../../src/platform/http/page-context.ts';

export type ShelfControlProps = {
  ctx: PageContext;
  slug: string;
  shelf: Shelf | null;
  signedIn: boolean;
  /** Where the plain form post comes back to; defaults to the page showing the control. */
  returnTo?: string;
  /** The book's title, so that each control on a list page has its own accessible name. */
  title?: string;
  /** A line announcing what just happened ("Saved to Plan to read"), after an htmx swap. */
  notice?: string;
};

// Not in @kitajs/html's <p> type; a spread is not checked for unknown attributes.
const AUTOFOCUS = { autofocus: true } as const;

/**
 * Save a book to the library and move it between shelves (book page, library page). Plain forms
 * posting to /library/{slug} work without JavaScript (303 back to returnTo); with htmx the
 * control replaces itself, and on /library the server re-renders the list around it instead.
 * Stable ids keep the focus where it was across the swap.
 */
export function ShelfControl({ ctx, slug, shelf, signedIn, returnTo, title, notice }: ShelfControlProps): JSX.Element {
  const { t } = ctx;
  const back = returnTo ?? ctx.path;
  const id = `shelf-${slug}`;
  if (!signedIn) {
    return (
      <div class="shelf-control" id={id}>
        <a class="button button--quiet" href={`/login?return_to=${encodeURIComponent(back)}`} safe>
          {t('library.signInToSave')}
        </a>
      </div>
    );
  }
  const action = `/library/${encodeURIComponent(slug)}`;
  const swap = { 'hx-post': action, 'hx-target': `#${id}`, 'hx-swap': 'outerHTML' };
  // The visible words first, then the book (WCAG 2.5.3: a voice user says what they see).
  const named = (key: string) => (title ? `${t(key)}: ${title}` : undefined);
  return (
    <div class="shelf-control" id={id}>
      {shelf === null ? (
        <form method="post" action={action} {...swap}>
          <input type="hidden" name="return_to" value={back} />
          <input type="hidden" name="shelf" value="plan_to_read" />
          <button type="submit" class="button" id={`${id}-save`} aria-label={named('library.save')} safe>
            {t('library.save')}
          </button>
        </form>
      ) : (
        <>
          <form method="post" action={action} class="shelf-control__move" hx-trigger="change, submit" {...swap}>
            <input type="hidden" name="return_to" value={back} />
            <label for={`${id}-select`} class="shelf-control__label" safe>
              {t('library.shelfOf')}
            </label>
            <select id={`${id}-select`} name="shelf" aria-label={named('library.shelfOf')} data-confirm-change>
              {SHELVES.map((s) => (
                <option value={s} selected={s === shelf} safe>
                  {t(`library.shelf.${s}`)}
                </option>
              ))}
            </select>
            {/* With htmx choosing a shelf is enough; the button is for browsers without JavaScript. */}
            <noscript>
              <button type="submit" class="button button--quiet" id={`${id}-move`} safe>
                {t('library.move')}
              </button>
            </noscript>
          </form>
          <form method="post" action={action} {...swap}>
            <input type="hidden" name="return_to" value={back} />
            <input type="hidden" name="shelf" value="remove" />
            <button type="submit" class="button button--quiet" id={`${id}-remove`} aria-label={named('library.removeNamed')} safe>
              {t('library.remove')}
            </button>
          </form>
        </>
      )}
      {notice ? (
        // The button that was pressed is gone after the swap; htmx focuses [autofocus] instead.
        <p class="shelf-control__status" role="status" tabindex="-1" {...AUTOFOCUS} safe>
          {notice}
        </p>
      ) : (
        <p class="shelf-control__status" role="status"></p>
      )}
    </div>
  );
}
