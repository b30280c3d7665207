// Types only: the node classes of the DOM cheerio builds (its own dependency, so always present).
import type { ChildNode, Element, ParentNode, Text } from 'domhandler';

/** A place in a text node: before the character at `offset`. */
export interface TextPoint {
  node: Text;
  offset: number;
}

/**
 * Wraps the content between two points (`end` exclusive, both inside the same block, with only
 * inline elements between them) in `wrapper`. Inline elements that the range enters or leaves
 * part-way are split in two at the boundary (`<em>ab</em>` → `<em>a</em><span><em>b</em>…`), so
 * the wrapper encloses whole nodes and the result nests properly. A split copy keeps the
 * element's attributes but not its id, which must stay unique.
 *
 * Only the nodes at and after `start` change: points before `start` stay valid, so a caller wraps
 * several ranges last to first.
 */
export function wrapRange(start: TextPoint, end: TextPoint, wrapper: Element): void {
  const endNode = splitText(end.node, end.offset).left;
  const first = splitText(start.node, start.offset).right;
  // Within one text node, what is left after both cuts is the range itself.
  const last = start.node === end.node ? first : endNode;
  const common = commonAncestor(first, last);
  const from = liftStart(first, common);
  const to = liftEnd(last, common);
  const siblings = common.children.slice(common.children.indexOf(from), common.children.indexOf(to) + 1);
  insert(common, common.children.indexOf(from), [wrapper]);
  insert(wrapper, 0, siblings);
}

/** Splits a text node at `offset`; the node keeps the left part. */
function splitText(node: Text, offset: number): { left: Text; right: Text } {
  if (offset <= 0) return { left: node, right: node };
  if (offset >= node.data.length) return { left: node, right: node };
  const right = node.cloneNode();
  right.data = node.data.slice(offset);
  node.data = node.data.slice(0, offset);
  insert(node.parent!, node.parent!.children.indexOf(node) + 1, [right]);
  return { left: node, right };
}

function commonAncestor(a: ChildNode, b: ChildNode): ParentNode {
  const ancestors = new Set<ParentNode>();
  for (let p = a.parent; p; p = p.parent) ancestors.add(p);
  for (let p = b.parent; p; p = p.parent) if (ancestors.has(p)) return p;
  throw new Error('the two points are not in the same document');
}

/** Moves `node` and what follows it in each inline ancestor below `top` into copies of those ancestors; returns the child of `top` that now begins with `node`. */
function liftStart(node: ChildNode, top: ParentNode): ChildNode {
  let current = node;
  while (current.parent !== top) {
    const parent = current.parent as Element;
    if (parent.children[0] !== current) {
      const copy = emptyCopy(parent);
      insert(parent.parent!, parent.parent!.children.indexOf(parent) + 1, [copy]);
      insert(copy, 0, parent.children.slice(parent.children.indexOf(current)));
      current = copy;
    } else {
      current = parent;
    }
  }
  return current;
}

/** Moves what follows `node` in each inline ancestor below `top` into copies of those ancestors; returns the child of `top` that now ends with `node`. */
function liftEnd(node: ChildNode, top: ParentNode): ChildNode {
  let current = node;
  while (current.parent !== top) {
    const parent = current.parent as Element;
    const at = parent.children.indexOf(current);
    if (at < parent.children.length - 1) {
      const copy = emptyCopy(parent);
      insert(parent.parent!, parent.parent!.children.indexOf(parent) + 1, [copy]);
      insert(copy, 0, parent.children.slice(at + 1));
    }
    current = parent;
  }
  return current;
}

/**
 * Moves `nodes` (taken from wherever they are) into `parent` at `index`, keeping the sibling and
 * parent links the DOM keeps in every node. (Cheerio's own `after`/`before` skip text nodes.)
 */
function insert(parent: ParentNode, index: number, nodes: ChildNode[]): void {
  const moved = [...nodes];
  for (const node of moved) {
    const from = node.parent;
    if (!from) continue;
    const at = from.children.indexOf(node);
    from.children.splice(at, 1);
    if (from === parent && at < index) index--;
    relink(from);
  }
  parent.children.splice(index, 0, ...moved);
  relink(parent);
}

function relink(parent: ParentNode): void {
  parent.children.forEach((child, i) => {
    child.parent = parent;
    child.prev = parent.children[i - 1] ?? null;
    child.next = parent.children[i + 1] ?? null;
  });
}

function emptyCopy(element: Element): Element {
  const copy = element.cloneNode(false);
  delete copy.attribs.id;
  return copy;
}
