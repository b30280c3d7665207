import type { VoteDirection } from '../../../src/features/comments/model.ts';
import type { PageContext } from '../../../src/platform/http/page-context.ts';

export type VoteWidgetProps = {
  ctx: PageContext;
  id: number;
  upvotes: number;
  downvotes: number;
  mine: VoteDirection | null;
  returnTo: string;
  /** A deleted comment keeps its totals but takes no more votes. */
  closed?: boolean;
};

/**
 * Up and down buttons with their counts. Pressing the pressed one again withdraws the vote
 * (direction "none"). A plain form (303 back) without JavaScript; with htmx the widget swaps
 * itself for the server's answer, so the counts are always the stored totals.
 */
export function VoteWidget({ ctx, id, upvotes, downvotes, mine, returnTo, closed }: VoteWidgetProps): JSX.Element {
  const { t } = ctx;
  const action = `/comment/${id}/vote`;
  const button = (direction: VoteDirection, count: number, symbol: string) => (
    <button
      type="submit"
      class={`votes__button votes__button--${direction}`}
      name="direction"
      value={mine === direction ? 'none' : direction}
      aria-pressed={mine === direction ? 'true' : 'false'}
      disabled={closed}
      title={t(mine === direction ? 'comments.vote.withdraw' : `comments.vote.${direction}`)}
    >
      <span aria-hidden="true" safe>
        {symbol}
      </span>
      <span class="visually-hidden" safe>
        {t(`comments.vote.${direction}`)}
      </span>
      <span class="votes__count" safe>
        {String(count)}
      </span>
    </button>
  );
  return (
    <form class="votes" id={`votes-${id}`} method="post" action={action} hx-post={action} hx-target="this" hx-swap="outerHTML" hx-sync="this:drop">
      <input type="hidden" name="return_to" value={returnTo} />
      {button('up', upvotes, '▲')}
      {button('down', downvotes, '▼')}
    </form>
  );
}
