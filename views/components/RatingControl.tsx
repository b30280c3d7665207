import type { PageContext } from '../../src/platform/http/page-context.ts';
import { LOCALE_TAGS } from '../../src/platform/i18n/locale.ts';
import { numberFormat } from '../pages/reader/meta.ts';

export type RatingControlProps = {
  ctx: PageContext;
  slug: string;
  average: number | null;
  count: number;
  mine: number | null;
  /** Where the plain form post comes back to; defaults to the page showing the control. */
  returnTo?: string;
  /** What just happened ("Rating saved: 4 stars. …"), after a post; read out by the status region. */
  notice?: string;
};

const STARS = [1, 2, 3, 4, 5] as const;
// Not in @kitajs/html's <p> type; a spread is not checked for unknown attributes.
const AUTOFOCUS = { autofocus: true } as const;

/** "4.5 out of 5 from 2 ratings", or "Not rated yet". */
export function averageText(ctx: PageContext, average: number | null, count: number): string {
  if (average === null || count === 0) return ctx.t('reader.unrated');
  return ctx.t('reader.ratingValue', { rating: numberFormat(LOCALE_TAGS[ctx.locale], 1).format(average), count });
}

/**
 * The book's stars: a radio group of five real radios in a fieldset (arrow keys move and choose
 * natively), the average and count, and the reader's own choice checked.
 * Without JavaScript it is a form with a submit button (POST /ratings/{slug}, 303 back). With htmx
 * a change saves at once; the radios are never swapped (focus and a quick run of arrow presses
 * stay intact, and `queue last` sends the final choice), only the summary is, and the status line
 * (a live region that stays in the page) gets the announcement. "Remove my rating" re-renders the
 * whole control and moves focus to its status line, since the pressed button disappears.
 */
export function RatingControl({ ctx, slug, average, count, mine, returnTo, notice }: RatingControlProps): JSX.Element {
  const { t } = ctx;
  const id = `rating-${slug}`;
  const action = `/ratings/${slug}`;
  const back = returnTo ?? ctx.path;
  return (
    <div class="rating" id={id}>
      <form
        class="rating__form"
        method="post"
        action={action}
        hx-post={action}
        hx-trigger="change, submit"
        hx-sync="this:queue last"
        hx-target={`#${id}-summary`}
        hx-select={`#${id}-summary`}
        hx-select-oob={`#${id}-status:innerHTML`}
        hx-swap="outerHTML"
      >
        <input type="hidden" name="return_to" value={back} />
        <fieldset class="rating__stars">
          <legend class="rating__legend" safe>
            {t('ratings.legend')}
          </legend>
          {STARS.map((n) => (
            <>
              <input class="rating__input visually-hidden" type="radio" name="rating" value={String(n)} id={`${id}-${n}`} checked={mine === n} />
              <label class="rating__star" for={`${id}-${n}`}>
                <span aria-hidden="true">★</span>
                <span class="visually-hidden" safe>
                  {t('ratings.stars', { count: n })}
                </span>
              </label>
            </>
          ))}
        </fieldset>
        <noscript>
          <button type="submit" class="button button--quiet rating__save" safe>
            {t('ratings.save')}
          </button>
        </noscript>
      </form>
      <div class="rating__summary" id={`${id}-summary`}>
        <p class="rating__average" safe>
          {averageText(ctx, average, count)}
        </p>
        {mine !== null ? (
          <form class="rating__clear" method="post" action={action} hx-post={action} hx-target={`#${id}`} hx-swap="outerHTML">
            <input type="hidden" name="return_to" value={back} />
            <input type="hidden" name="clear" value="1" />
            <span class="rating__mine" safe>
              {t('ratings.yours', { count: mine })}
            </span>{' '}
            <button type="submit" class="button button--quiet" id={`${id}-clear`} safe>
              {t('ratings.remove')}
            </button>
          </form>
        ) : (
          ''
        )}
      </div>
      {notice ? (
        <p class="rating__status" id={`${id}-status`} role="status" tabindex="-1" {...AUTOFOCUS} safe>
          {notice}
        </p>
      ) : (
        <p class="rating__status" id={`${id}-status`} role="status"></p>
      )}
    </div>
  );
}
