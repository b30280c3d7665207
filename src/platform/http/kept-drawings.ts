import { randomBytes } from 'node:crypto';

/**
 * Parts of pages drawn once and reused: a listing's book cards are the same card on every page,
 * filter and sort that shows the book, so a browse page draws only its shell and joins kept cards.
 *
 * A drawing is kept for an owner object and a variant (which part, in which language): the book
 * object the catalogue index holds is replaced whenever the book changes, so a kept card never
 * outlives its data, and it is held weakly, so it goes with the book. Only what depends on the
 * owner and the variant alone may be kept (a card does not show the viewer, the theme or the page
 * it is on).
 *
 * Parts are kept as UTF-8 bytes and the page is put together as bytes: the view draws its shell
 * with a placeholder where each kept part goes, and only the shell is turned into bytes. (A page
 * drawn whole is a string of thousands of pieces, and making bytes of it costs more than drawing
 * it.)
 */
const kept = new WeakMap<object, Map<string, Buffer>>();

const TOKEN = randomBytes(9).toString('hex');
/** A placeholder is MARK, the part's index, then "z". */
const MARK = `zq${TOKEN}d`;

/** The kept parts of one page being drawn. */
export class KeptParts {
  private readonly used: Buffer[] = [];

  /** A placeholder for what `draw` makes for `owner` as `variant` (drawn the first time). */
  readonly keep = (owner: object, variant: string, draw: () => string): string => {
    let byVariant = kept.get(owner);
    if (!byVariant) kept.set(owner, (byVariant = new Map()));
    let bytes = byVariant.get(variant);
    if (!bytes) byVariant.set(variant, (bytes = Buffer.from(draw())));
    this.used.push(bytes);
    return `${MARK}${this.used.length - 1}z`;
  };

  /** The page as UTF-8 bytes: the shell's text with each kept part in its place. */
  bytes(page: string): Buffer {
    let keptBytes = 0;
    for (const part of this.used) keptBytes += part.byteLength;
    // UTF-8 takes at most three bytes per UTF-16 unit of the shell.
    const out = Buffer.allocUnsafe(page.length * 3 + keptBytes);
    let at = 0;
    let from = 0;
    for (let found = page.indexOf(MARK); found !== -1; found = page.indexOf(MARK, from)) {
      const close = page.indexOf('z', found + MARK.length);
      at += out.write(page.slice(from, found), at, 'utf8');
      const part = this.used[Number(page.slice(found + MARK.length, close))]!;
      out.set(part, at);
      at += part.byteLength;
      from = close + 1;
    }
    at += out.write(page.slice(from), at, 'utf8');
    return out.subarray(0, at);
  }
}
