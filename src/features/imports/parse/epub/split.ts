import { hasWords, headingRepeatsTitle, plain, SCENE_BREAK } from '../text.ts';
import type { ParsedChapter } from '../types.ts';
import type { EpubDocument } from './content.ts';
import { headingText } from './markdown.ts';
import type { TocEntry } from './toc.ts';

/**
 * Content documents → chapters. `toc`: a chapter starts at each chapter-level entry of the table of
 * contents, inside a file when the entry names an anchor, and runs on over the files that follow
 * until the next entry. `spine`: one chapter per document. Titles: the contents' words, else the
 * first heading, else "Chapter N"; the heading that repeats the title is not kept in the text.
 */
interface Draft {
  title: string | null;
  pieces: string[];
}

const PART = /^(part|book|volume|vol\.?)\s+\S+/i;
const CHAPTERISH = /^(chapter|ch\.|prologue|epilogue|interlude|\d+(?:[.:)]?\s|$))/i;

/** Entries a chapter starts at: a child that points into its parent's file is a section of it, unless the parent is a part. */
export function chapterEntries(entries: TocEntry[]): TocEntry[] {
  const owner: number[] = [];
  const grouping = (i: number) => PART.test(entries[i]!.title) || entries.some((e) => e.parent === i && CHAPTERISH.test(e.title));
  entries.forEach((entry, i) => {
    const above = entry.parent >= 0 ? owner[entry.parent]! : -1;
    owner.push(above >= 0 && entries[above]!.path === entry.path && !grouping(above) ? above : i);
  });
  return entries.filter((_, i) => owner[i] === i);
}

export function byToc(docs: EpubDocument[], entries: TocEntry[]): ParsedChapter[] {
  const starts = new Map<string, string>();
  for (const entry of entries) {
    const doc = docs.find((d) => d.path === entry.path);
    if (!doc) continue;
    const part = Math.max(0, doc.parts.findIndex((p) => p.anchor !== null && p.anchor === entry.fragment));
    // Two entries at one place (a part and its first chapter): the later, deeper one names it.
    starts.set(`${doc.path}#${part}`, entry.title);
  }
  const drafts: Draft[] = [];
  for (const doc of docs) {
    doc.parts.forEach((part, i) => {
      const title = starts.get(`${doc.path}#${i}`);
      if (title !== undefined || drafts.length === 0) drafts.push({ title: title ?? null, pieces: [] });
      drafts.at(-1)!.pieces.push(part.markdown);
    });
  }
  return finish(drafts);
}

export function bySpine(docs: EpubDocument[], entries: TocEntry[]): ParsedChapter[] {
  return finish(docs.map((doc) => ({ title: entries.find((e) => e.path === doc.path)?.title ?? null, pieces: doc.parts.map((p) => p.markdown) })));
}

function finish(drafts: Draft[]): ParsedChapter[] {
  const chapters = drafts.map(titled).filter((c) => hasWords(c.markdown));
  return chapters.map((c, i) => ({ title: c.title || `Chapter ${i + 1}`, markdown: c.markdown }));
}

/** The title settled and the heading that repeats it taken out of the text. */
function titled(draft: Draft): ParsedChapter {
  const paragraphs = draft.pieces.join('\n\n').split(/\n{2,}/).filter((p) => p.trim());
  while (paragraphs[0] === SCENE_BREAK) paragraphs.shift();
  let title = draft.title?.trim() ?? '';
  const heading = paragraphs.length ? headingText(paragraphs[0]!) : null;
  if (heading !== null) {
    const longer = title !== '' && plain(heading).startsWith(`${plain(title)} `);
    if (!title || longer) title = heading;
    if (!draft.title || longer || headingRepeatsTitle(heading, title)) paragraphs.shift();
    // "Chapter 2" over "A Quiet Day" under the entry "Chapter 2: A Quiet Day": both go.
    for (let next = headingText(paragraphs[0] ?? ''); next !== null && headingRepeatsTitle(next, title); next = headingText(paragraphs[0] ?? '')) paragraphs.shift();
  }
  while (paragraphs.at(-1) === SCENE_BREAK) paragraphs.pop();
  return { title, markdown: paragraphs.join('\n\n') };
}
