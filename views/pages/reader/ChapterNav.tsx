import type { PageContext } from '../../../src/platform/http/page-context.ts';
import { chapterPath } from './links.ts';

export type ChapterNavProps = {
  ctx: PageContext;
  slug: string;
  prev: number | null;
  next: number | null;
  /** The chapter in the book's list (chapterInListPath): made by the page, whose template fills it. */
  contentsHref: string;
  /**
   * Where on the page: the same links above the text and below it. Each landmark has its own
   * name; the top one has its own block class, so that code and tests that speak of
   * `.reader-nav` (the one after the text) keep meaning that one.
   */
  placement?: 'top' | 'bottom';
};

/**
 * Previous and next chapter: two buttons of the same size and weight, side by side, whose labels
 * never wrap (a shorter label on narrow screens, an ellipsis as the last resort). At either end of
 * the book the missing one stays in place, disabled, so the other never moves or grows.
 */
export function ChapterNav({ ctx, slug, prev, next, contentsHref, placement = 'bottom' }: ChapterNavProps): JSX.Element {
  const { t } = ctx;
  const step = (direction: 'prev' | 'next', target: number | null) => {
    const label = (
      <>
        {direction === 'prev' ? <span class="reader-nav__arrow" aria-hidden="true">‹</span> : ''}
        <span class="reader-nav__label reader-nav__label--long" safe>
          {t(direction === 'prev' ? 'reader.prev' : 'reader.next')}
        </span>
        <span class="reader-nav__label reader-nav__label--short" safe>
          {t(direction === 'prev' ? 'reading.nav.prevShort' : 'reading.nav.nextShort')}
        </span>
        {direction === 'next' ? <span class="reader-nav__arrow" aria-hidden="true">›</span> : ''}
      </>
    );
    const classes = `button button--quiet reader-nav__step reader-nav__${direction}`;
    return target !== null ? (
      <a class={classes} rel={direction} href={chapterPath(slug, target)}>
        {label}
      </a>
    ) : (
      // A link without a destination: announced as an unavailable link, never focused.
      <a class={classes} role="link" aria-disabled="true">
        {label}
      </a>
    );
  };
  return (
    <nav class={placement === 'top' ? 'reader-nav-top' : 'reader-nav'} aria-label={t(placement === 'top' ? 'reader.chapterNavTop' : 'reader.chapterNavBottom')}>
      {step('prev', prev)}
      <a class="reader-nav__contents" href={contentsHref} safe>
        {t('reader.contents')}
      </a>
      {step('next', next)}
    </nav>
  );
}
