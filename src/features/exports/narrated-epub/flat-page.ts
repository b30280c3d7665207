import type { AnyNode, Element, Text } from 'domhandler';
import type { TextPoint } from './wrap-range.ts';

/** Elements a sentence may run through; anything else (p, li, h1, blockquote, pre…) bounds it. */
const INLINE = new Set(['a', 'abbr', 'b', 'bdi', 'bdo', 'br', 'cite', 'code', 'data', 'del', 'dfn', 'em', 'i', 'ins', 'kbd', 'mark', 'q', 's', 'samp', 'small', 'span', 'strong', 'sub', 'sup', 'time', 'u', 'var', 'wbr']);

/** The text of a DOM as one string, with the way back from a position in it to a text node. */
export interface FlatPage {
  /** The text of every text node, concatenated in document order. */
  text: string;
  /** Which stretch of inline content (between two block boundaries) a character belongs to. */
  run(at: number): number;
  /** Where the run of the character at `at` ends. */
  runEnd(at: number): number;
  /** The text node and offset of a character; with `after`, the point just after it. */
  point(at: number, after?: boolean): TextPoint;
}

export function flatten(roots: AnyNode[]): FlatPage {
  const nodes: { node: Text; start: number; run: number }[] = [];
  let text = '';
  let run = 0;
  const visit = (node: AnyNode): void => {
    if (node.nodeType === 3) {
      const textNode = node as Text;
      nodes.push({ node: textNode, start: text.length, run });
      text += textNode.data;
    } else if (node.nodeType === 1) {
      const element = node as Element;
      const block = !INLINE.has(element.name);
      if (block) run++;
      element.children.forEach(visit);
      if (block) run++;
    }
  };
  roots.forEach(visit);
  const nodeAt = (at: number): number => {
    let low = 0;
    let high = nodes.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (nodes[middle]!.start <= at) low = middle;
      else high = middle - 1;
    }
    return low;
  };
  const runOf = (at: number) => nodes[nodeAt(at)]!.run;
  return {
    text,
    run: runOf,
    runEnd(at) {
      let index = nodeAt(at);
      const own = nodes[index]!.run;
      while (nodes[index + 1] && nodes[index + 1]!.run === own) index++;
      return nodes[index]!.start + nodes[index]!.node.data.length;
    },
    point(at, after = false) {
      const entry = nodes[nodeAt(at)]!;
      return { node: entry.node, offset: at - entry.start + (after ? 1 : 0) };
    },
  };
}
