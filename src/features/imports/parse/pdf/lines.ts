/**
 * A page's text items → lines, top to bottom: items whose baselines sit together form a line
 * (justified text arrives as one item per word), in reading order left to right, with a space
 * wherever the gap between two items is wider than a thin space the PDF did not write.
 */
export interface TextItem {
  str: string;
  transform: number[];
  width: number;
  height: number;
}

export interface Line {
  text: string;
  /** Baseline, from the page's bottom. */
  y: number;
  x: number;
  right: number;
  size: number;
}

interface Piece {
  x: number;
  right: number;
  str: string;
}

export function linesOf(items: readonly TextItem[]): Line[] {
  const open: { y: number; size: number; pieces: Piece[] }[] = [];
  for (const item of items) {
    if (typeof item.str !== 'string' || item.str === '') continue;
    const [a = 0, b = 0, , , x = 0, y = 0] = item.transform;
    const size = Math.hypot(a, b) || item.height || 10;
    const piece = { x, right: x + (item.width || 0), str: item.str };
    const last = open.at(-1);
    const near = (l: { y: number; size: number }) => Math.abs(l.y - y) <= Math.max(1, Math.min(l.size || size, size) * 0.3);
    const line = last && near(last) ? last : open.find(near);
    const counts = item.str.trim() !== '';
    if (line) {
      line.pieces.push(piece);
      if (counts) line.size = Math.max(line.size, size);
    } else open.push({ y, size: counts ? size : 0, pieces: [piece] });
  }
  const lines: Line[] = [];
  for (const { y, size, pieces } of open) {
    pieces.sort((p, q) => p.x - q.x);
    let text = '';
    let end = -Infinity;
    for (const p of pieces) {
      if (text && !/\s$/.test(text) && !/^\s/.test(p.str) && p.x - end > size * 0.15) text += ' ';
      text += p.str;
      end = Math.max(end, p.right);
    }
    text = text.replace(/\s+/g, ' ').trim();
    const visible = pieces.filter((p) => p.str.trim());
    if (text && visible.length) lines.push({ text, y, x: visible[0]!.x, right: Math.max(...visible.map((p) => p.right)), size });
  }
  return lines.sort((p, q) => q.y - p.y);
}
