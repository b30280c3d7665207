import { randomBytes } from 'node:crypto';
import { escapeHtml } from '@kitajs/html';
import { deflatePiece, GzipJoiner, type DeflatedPiece } from './gzip-parts.ts';

/**
 * A page drawn once with placeholders in its slots, cut into its constant text and its slots, and
 * filled per request. Pages of one kind for one look and viewer differ only in a few values (a
 * chapter page: its book, numbers, titles and text), so drawing the view once per look and filling
 * the values is far cheaper than drawing every page, and the constant text is compressed once
 * (gzip-parts.ts): a page is then sent for a few tens of microseconds.
 *
 * The same view draws both, so the page cannot drift from it. What the view does to a value must
 * not depend on the value: a placeholder is letters and digits, unchanged by HTML escaping and
 * URL encoding, so it may stand only for a value the view puts in the page as it is (a slug or a
 * whole number in a path) or escapes as it escapes any text. Each place a placeholder lands is
 * read when the template is made: inside a tag it is an attribute value, which the JSX runtime
 * escapes as attributes (quotes only), elsewhere element text (escapeHtml). Values a view would
 * transform (numbers it formats, plurals it picks) are passed to it as finished text. Callers
 * check all this with a test that fills templates and compares with the view drawn directly.
 */

/** How a slot's value goes into the page: escaped as the view escapes text, or as HTML it is already. */
export type SlotKind = 'text' | 'html';
/** Each slot's value, unescaped ('text') or ready ('html'). */
export type SlotValues<S extends string> = Record<S, string>;

type Context = 'text' | 'attribute';
type Part<S extends string> = { text: string; piece: DeflatedPiece | null } | { slot: S; context: Context };

/** As @kitajs/html writes an attribute value: only its double quotes are escaped. */
const attributeValue = (value: string) => (value.includes('"') ? value.replaceAll('"', '&#34;') : value);

export interface PageTemplate<S extends string> {
  /** The page with these values, as text. */
  html(values: SlotValues<S>): string;
  /**
   * The same page as a gzip body: the constant text was compressed when the template was made, and
   * a slot given in `pieces` (ready HTML stored compressed, like a chapter's rendering) goes in as
   * it is kept; its entry in `values` is then not read.
   */
  gzip(values: SlotValues<S>, pieces?: Partial<Record<S, DeflatedPiece>>): Uint8Array;
  /** Bytes kept by the template (its texts and their compressed forms), for cache budgets. */
  readonly weight: number;
}

/** Constant text shorter than this goes with the request's own text (each piece costs a few bytes of framing). */
const MIN_PIECE = 128;
const TOKEN = randomBytes(9).toString('hex');

/** Placeholders of this process: unguessable, so no stored text can pose as one. */
function placeholder(index: number): string {
  return `zq${TOKEN}s${index}z`;
}
const PLACEHOLDER = new RegExp(`zq${TOKEN}s(\\d+)z`, 'g');

/**
 * Draws the page with a placeholder in every slot (`render` puts `slot(name)` where the value
 * goes) and cuts it. Returns null when the drawing changed a placeholder (the view transformed a
 * value) or put ready HTML in an attribute: such a page must be drawn per request.
 */
export function compileTemplate<S extends string>(kinds: Record<S, SlotKind>, render: (slot: (name: S) => string) => string): PageTemplate<S> | null {
  const slots = Object.keys(kinds) as S[];
  const index = new Map(slots.map((name, i) => [name, i]));
  const page = render((name) => {
    const i = index.get(name);
    if (i === undefined) throw new Error(`unknown slot ${name}`);
    return placeholder(i);
  });
  const parts: Part<S>[] = [];
  let from = 0;
  for (const match of page.matchAll(PLACEHOLDER)) {
    if (match.index > from) parts.push({ text: page.slice(from, match.index), piece: null });
    // Inside a tag (a '<' after the last '>') the placeholder is an attribute value.
    const context: Context = page.lastIndexOf('<', match.index) > page.lastIndexOf('>', match.index) ? 'attribute' : 'text';
    const slot = slots[Number(match[1])]!;
    if (context === 'attribute' && kinds[slot] === 'html') return null;
    parts.push({ slot, context });
    from = match.index + match[0].length;
  }
  if (from < page.length) parts.push({ text: page.slice(from), piece: null });
  // A placeholder the view changed (upper-cased, cut, escaped) leaves its token behind.
  if (parts.some((part) => 'text' in part && part.text.includes(TOKEN))) return null;

  let weight = 0;
  // The body's size before its slots: kept pieces as they are, other text at most 3 bytes a unit.
  let size = 64;
  for (const part of parts) {
    if (!('text' in part)) continue;
    weight += part.text.length * 2;
    if (part.text.length >= MIN_PIECE) {
      part.piece = deflatePiece(part.text);
      weight += part.piece.deflated.byteLength;
      size += part.piece.deflated.byteLength;
    } else size += part.text.length * 3;
  }
  /** Each slot escaped once per page, for each kind of place it lands in. */
  const escaper = (values: SlotValues<S>) => {
    const done = { text: {} as Partial<Record<S, string>>, attribute: {} as Partial<Record<S, string>> };
    return (part: { slot: S; context: Context }) => {
      const value = values[part.slot];
      if (kinds[part.slot] === 'html') return value;
      return (done[part.context][part.slot] ??= part.context === 'attribute' ? attributeValue(value) : escapeHtml(value));
    };
  };
  return {
    weight,
    html(values) {
      const valueOf = escaper(values);
      let out = '';
      for (const part of parts) out += 'slot' in part ? valueOf(part) : part.text;
      return out;
    },
    gzip(values, pieces) {
      const valueOf = escaper(values);
      let room = size;
      for (const slot of slots) room += (pieces?.[slot]?.deflated.byteLength ?? values[slot].length * 3) * 2; // a slot may land twice
      const joiner = new GzipJoiner(room);
      for (const part of parts) {
        const kept = 'slot' in part && kinds[part.slot] === 'html' ? pieces?.[part.slot] : undefined;
        if (kept) joiner.piece(kept);
        else if ('slot' in part) joiner.text(valueOf(part));
        else if (part.piece) joiner.piece(part.piece);
        else joiner.text(part.text);
      }
      return joiner.finish();
    },
  };
}
