/**
 * Long chapters are translated piece by piece: the markdown is cut at paragraph boundaries (blank
 * lines) into pieces of at most `maxChars`, so a piece never ends mid-paragraph and every piece
 * keeps its own markdown (emphasis, scene breaks such as `***`). Only a single paragraph longer
 * than a piece is cut inside, at line breaks or sentence ends, and as a last resort at maxChars.
 * joinPieces() puts translated pieces back together in their order.
 */
export const MAX_PIECE_CHARS = 6000;

const PARAGRAPH_BREAK = /\n[ \t]*\n+/;

export function splitParagraphs(text: string): string[] {
  return text.replace(/\r\n?/g, '\n').split(PARAGRAPH_BREAK).map((p) => p.replace(/^\n+|\s+$/g, '')).filter((p) => p.trim() !== '');
}

/** Cuts one overlong paragraph into parts of at most maxChars (line breaks first, then sentence ends). */
function cutParagraph(paragraph: string, maxChars: number): string[] {
  const parts: string[] = [];
  let rest = paragraph;
  while (rest.length > maxChars) {
    const window = rest.slice(0, maxChars);
    let at = window.lastIndexOf('\n');
    if (at < maxChars / 2) {
      const sentence = /[.!?…。][)"'”’»]*\s+(?=\S)/g;
      let best = -1;
      for (let m = sentence.exec(window); m; m = sentence.exec(window)) best = m.index + m[0].length;
      at = best > maxChars / 4 ? best : -1;
    }
    if (at < 1) at = Math.max(window.lastIndexOf(' '), 1);
    if (at < maxChars / 4) at = maxChars;
    parts.push(rest.slice(0, at).trimEnd());
    rest = rest.slice(at).trimStart();
  }
  if (rest) parts.push(rest);
  return parts;
}

export function splitForTranslation(text: string, maxChars = MAX_PIECE_CHARS): string[] {
  const pieces: string[] = [];
  let current = '';
  const flush = () => {
    if (current) pieces.push(current);
    current = '';
  };
  for (const paragraph of splitParagraphs(text)) {
    for (const part of paragraph.length > maxChars ? cutParagraph(paragraph, maxChars) : [paragraph]) {
      if (current && current.length + 2 + part.length > maxChars) flush();
      current = current ? `${current}\n\n${part}` : part;
    }
  }
  flush();
  return pieces;
}

export function joinPieces(pieces: readonly string[]): string {
  return pieces.map((p) => p.trim()).filter(Boolean).join('\n\n');
}
