/** Characters of a book's description a card shows: about four lines on a phone. */
export const BLURB_LENGTH = 220;

/**
 * The start of a description, cut at a word boundary with an ellipsis, whitespace collapsed. CSS
 * also clamps the lines; cutting here keeps the card's HTML small and its height predictable.
 */
export function blurbOf(description: string, max = BLURB_LENGTH): string {
  const text = description.replace(/\s+/g, ' ').trim();
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const space = cut.lastIndexOf(' ');
  const head = space > max * 0.6 ? cut.slice(0, space) : cut;
  return `${head.replace(/[\s.,;:!?—–-]+$/u, '')}…`;
}
