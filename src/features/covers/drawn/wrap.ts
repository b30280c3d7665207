import { breaksAnywhere, graphemes, textWidth } from './glyphs.ts';

export interface Wrapped {
  lines: string[];
  /** Some text did not fit in the lines allowed: the last line ends with an ellipsis. */
  truncated: boolean;
  /** A word longer than a line was split across lines. */
  broken: boolean;
}

const ELLIPSIS = '…';

/**
 * Greedy word wrap into lines at most `maxWidth` em wide (glyphs.ts estimates). A word longer than
 * a line is split, with a hyphen between two letters (not in scripts written without spaces).
 * Past `maxLines`, the last line kept ends with an ellipsis.
 */
export function wrapText(text: string, maxWidth: number, maxLines: number): Wrapped {
  const words = text.split(/\s+/u).filter(Boolean);
  const lines: string[] = [];
  let current = '';
  let broken = false;
  for (const word of words) {
    const candidate = current ? `${current} ${word}` : word;
    if (textWidth(candidate) <= maxWidth) {
      current = candidate;
      continue;
    }
    if (current) lines.push(current);
    if (textWidth(word) <= maxWidth) {
      current = word;
      continue;
    }
    broken = true;
    const pieces = splitWord(word, maxWidth);
    lines.push(...pieces.slice(0, -1));
    current = pieces.at(-1) ?? '';
  }
  if (current) lines.push(current);
  if (lines.length <= maxLines) return { lines, truncated: false, broken };
  const kept = lines.slice(0, maxLines);
  kept[maxLines - 1] = ellipsize(`${kept[maxLines - 1]} ${lines[maxLines]}`, maxWidth, true);
  return { lines: kept, truncated: true, broken };
}

/** The text on one line, cut to fit with an ellipsis when it does not (`force`: always end with one). */
export function ellipsize(text: string, maxWidth: number, force = false): string {
  if (!force && textWidth(text) <= maxWidth) return text;
  const chars = graphemes(text);
  while (chars.length && textWidth(chars.join('') + ELLIPSIS) > maxWidth) chars.pop();
  // No ellipsis after a space, a hyphen or a comma: "The War, …" reads as a stray mark.
  return chars.join('').replace(/[\s\-‐,;:]+$/u, '') + ELLIPSIS;
}

function splitWord(word: string, maxWidth: number): string[] {
  const pieces: string[] = [];
  let piece: string[] = [];
  for (const g of graphemes(word)) {
    const last = piece.at(-1);
    const hyphen = last !== undefined && /\p{L}/u.test(last) && /\p{L}/u.test(g) && !breaksAnywhere(last) && !breaksAnywhere(g) ? '-' : '';
    if (piece.length && textWidth(piece.join('') + g + '-') > maxWidth) {
      pieces.push(piece.join('') + hyphen);
      piece = [g];
    } else piece.push(g);
  }
  if (piece.length) pieces.push(piece.join(''));
  return pieces;
}
