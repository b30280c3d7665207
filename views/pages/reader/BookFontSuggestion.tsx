import type { PageContext } from '../../../src/platform/http/page-context.ts';

/**
 * A one-line offer of the book font to a reader who never chose a font. Either button saves a
 * choice through the appearance preferences (POST /prefs, for anonymous readers too), so the offer
 * never comes back: "Use" picks the book font, "No thanks" keeps the current one. Without
 * JavaScript the form posts and the server sends the reader back; with htmx public/js/reader.js
 * applies the font at once and removes the offer.
 */
export function BookFontSuggestion({ ctx }: { ctx: PageContext }): JSX.Element {
  const { t } = ctx;
  return (
    <form class="font-offer" method="post" action="/prefs" hx-post="/prefs" hx-swap="none" data-font-offer>
      <input type="hidden" name="return_to" value={ctx.path} />
      <span class="font-offer__sample" aria-hidden="true" safe>
        {t('reading.font.sample')}
      </span>
      <p class="font-offer__text" safe>
        {t('reading.font.offer')}
      </p>
      <div class="font-offer__actions">
        <button type="submit" class="button font-offer__use" name="font_family" value="serif" safe>
          {t('reading.font.use')}
        </button>
        <button type="submit" class="button button--quiet font-offer__dismiss" name="font_family" value={ctx.fontFamily} safe>
          {t('reading.font.dismiss')}
        </button>
      </div>
    </form>
  );
}
