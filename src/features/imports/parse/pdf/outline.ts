import { FRONT_MATTER_TITLE } from '../text.ts';
import type { Pdf } from './document.ts';
import type { Mark } from './headings.ts';

/**
 * The bookmarks as chapter marks, each at its destination's page and height. A lone top entry
 * (the book's title) is looked through; a part ("Part One", or an entry whose children read like
 * chapters) gives its own mark and its children's; other children are sections of their chapter.
 * Bookmarks for the cover, title page, copyright and contents are no chapters.
 */
interface OutlineNode {
  title: string;
  dest: unknown;
  items: OutlineNode[];
}

const PART = /^(part|book|volume)\s+\S+/i;
const CHAPTERISH = /^(chapter|prologue|epilogue|interlude|\d+(?:[.:)]?\s|$))/i;

export async function outlineMarks(pdf: Pdf): Promise<Mark[]> {
  let nodes = ((await pdf.getOutline().catch(() => null)) ?? []) as OutlineNode[];
  while (nodes.length === 1 && nodes[0]!.items.length > 0) nodes = nodes[0]!.items;
  const chosen = nodes.flatMap((node) => (node.items.length && (PART.test(node.title) || node.items.some((c) => CHAPTERISH.test(c.title.trim()))) ? [node, ...node.items] : [node]));
  const marks: Mark[] = [];
  for (const node of chosen) {
    const title = node.title.replace(/\s+/g, ' ').trim();
    if (!title || FRONT_MATTER_TITLE.test(title)) continue;
    const at = await destination(pdf, node.dest);
    if (at) marks.push({ title, ...at });
  }
  return marks.sort((a, b) => a.page - b.page || (b.y ?? Infinity) - (a.y ?? Infinity));
}

async function destination(pdf: Pdf, dest: unknown): Promise<{ page: number; y: number | null } | null> {
  try {
    const explicit = (typeof dest === 'string' ? await pdf.getDestination(dest) : dest) as unknown[] | null;
    const ref = explicit?.[0];
    if (ref === undefined || ref === null) return null;
    const page = typeof ref === 'number' ? ref + 1 : (await pdf.getPageIndex(ref as never)) + 1;
    // [page, /XYZ, left, top, zoom] and [page, /FitH, top] carry a height; the other kinds do not.
    const kind = (explicit![1] as { name?: string } | undefined)?.name;
    const top = kind === 'XYZ' ? explicit![3] : kind === 'FitH' || kind === 'FitBH' ? explicit![2] : null;
    return { page, y: typeof top === 'number' ? top : null };
  } catch {
    return null;
  }
}
