import type { Book } from '../../../src/features/catalogue/model.ts';
import type { LastVote } from '../../../src/features/discovery/model.ts';
import type { PageContext } from '../../../src/platform/http/page-context.ts';
import { Layout } from '../../layouts/Layout.tsx';
import { DeckCard } from './DeckCard.tsx';

export type DiscoverPageProps = { ctx: PageContext; books: Book[]; last: LastVote | null; signedIn: boolean };

/**
 * The deck's scripts (public/js/discover/), classic scripts loaded with `defer` in this order: each
 * part adds itself to `window.ChapterhouseDeck`, and discover.js, last, puts them together.
 */
const DECK_SCRIPTS = ['deck', 'votes', 'cards', 'motion', 'swipe', 'keys', 'choices', 'discover'].map((part) => `js/discover/${part}.js`);

/** What the script needs to say (it fills `{title}` in), in the page's language. */
function messages(ctx: PageContext): Record<string, string> {
  const { t } = ctx;
  const title = { title: '{title}' };
  return {
    'data-msg-like': t('discover.last.like', title),
    'data-msg-pass': t('discover.last.pass', title),
    'data-msg-save': t('discover.last.save', title),
    'data-msg-undone': t('discover.undone', title),
    'data-msg-next': t('discover.next', title),
    'data-msg-empty': t('discover.emptyTitle'),
    'data-msg-cleared': t('discover.cleared'),
    'data-msg-error': t('discover.error'),
    'data-msg-signin': t('discover.saveNeedsAccount'),
  };
}

/**
 * /discover: a deck of cards, the top one first in the list. Without JavaScript the top card is
 * decided with plain forms (303 back here); public/js/discover/ adds dragging, keys, undo without
 * reloads and more cards as the deck runs low, speaking each result through the live region.
 */
export function DiscoverPage({ ctx, books, last, signedIn }: DiscoverPageProps): JSX.Element {
  const { t } = ctx;
  const top = books[0] ?? null;
  const empty = top === null;
  const lastText = last ? t(`discover.last.${last.action}`, { title: last.title }) : '';
  return (
    <Layout ctx={ctx} title={t('discover.title')} description={t('discover.summary')} noindex head={<>{DECK_SCRIPTS.map((file) => <script src={ctx.asset(file)} defer></script>)}</>}>
      <section class="discover" aria-labelledby="discover-heading" data-discover data-signed-in={signedIn ? '1' : '0'} {...messages(ctx)}>
        <div class="discover__head">
          <h1 id="discover-heading" safe>
            {t('discover.title')}
          </h1>
          <p class="discover__lead" safe>
            {t('discover.lead')}
          </p>
        </div>
        <div class="deck" data-deck>
          <ol class="deck__cards" role="list" aria-label={t('discover.deckLabel')} data-deck-cards>
            {books.map((book, i) => (
              <DeckCard ctx={ctx} book={book} depth={i} />
            ))}
          </ol>
          <div class="empty-state deck__empty" data-deck-empty hidden={!empty}>
            <p class="empty-state__title" safe>
              {t('discover.emptyTitle')}
            </p>
            <p safe>{t('discover.emptyBody')}</p>
            <form method="post" action="/discover/reset" data-deck-reset>
              <button type="submit" class="button" safe>
                {t('discover.startOver')}
              </button>
            </form>
          </div>
        </div>
        <form class="deck__actions" method="post" action="/discover/vote" data-deck-actions hidden={empty}>
          <input type="hidden" name="slug" value={top?.slug ?? ''} data-deck-slug />
          <button type="submit" name="action" value="pass" class="button button--quiet deck__action deck__action--pass" aria-keyshortcuts="ArrowLeft">
            <span aria-hidden="true">✕</span>
            <span safe>{t('discover.pass')}</span>
          </button>
          <button type="submit" name="action" value="save" class="button button--quiet deck__action deck__action--save" aria-keyshortcuts="ArrowUp">
            <span aria-hidden="true">★</span>
            <span safe>{t('discover.save')}</span>
          </button>
          <button type="submit" name="action" value="like" class="button deck__action deck__action--like" aria-keyshortcuts="ArrowRight">
            <span aria-hidden="true">♥</span>
            <span safe>{t('discover.like')}</span>
          </button>
        </form>
        <p class="deck__keys" data-deck-keys hidden={empty} safe>
          {t('discover.keysHint')}
        </p>
        {signedIn ? (
          ''
        ) : (
          <p class="deck__note">
            <a href="/login?return_to=%2Fdiscover" safe>
              {t('discover.signInToSave')}
            </a>
          </p>
        )}
        <form class="deck__undo" method="post" action="/discover/undo" data-deck-undo hidden={!last}>
          <p class="deck__last" data-deck-last safe>
            {lastText}
          </p>
          <input type="hidden" name="slug" value={last?.slug ?? ''} data-deck-undo-slug />
          <button type="submit" class="button button--quiet" data-deck-undo-button safe>
            {t('discover.undo')}
          </button>
        </form>
        <p class="visually-hidden" aria-live="polite" data-deck-status></p>
      </section>
    </Layout>
  );
}
