/**
 * Parts of pages drawn once and reused: a listing's book cards are the same card on every page,
 * filter and sort that shows the book, so a browse page draws its shell and joins kept cards.
 *
 * A drawing is kept for an owner object and a variant (which part, in which language): the book object the
 * catalogue index holds is replaced whenever the book changes, so a kept card never outlives its
 * data, and it is held weakly, so it goes with the book. Only what depends on the owner and the
 * variant alone may be kept (a card does not show the viewer, the theme or the page it is on).
 */
const drawings = new WeakMap<object, Map<string, string>>();

export function keptDrawing(owner: object, variant: string, draw: () => string): string {
  let byVariant = drawings.get(owner);
  if (!byVariant) drawings.set(owner, (byVariant = new Map()));
  let html = byVariant.get(variant);
  if (html === undefined) byVariant.set(variant, (html = draw()));
  return html;
}
