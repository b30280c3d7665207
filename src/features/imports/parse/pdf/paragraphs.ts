import { hasWords } from '../text.ts';
import { isChapterHeading } from './headings.ts';
import { joinLines, type Vocabulary } from './hyphens.ts';
import { isBody, pageLeft, type Layout } from './layout.ts';
import type { Line } from './lines.ts';
import type { Paragraph } from './paragraph.ts';

interface Previous {
  line: Line;
  left: number;
}

/**
 * Body lines of every page → paragraphs, the way a reader sees them. A new paragraph starts after a
 * gap wider than the line spacing, at an indented line, after a line that stops well short of the
 * margin (ending a sentence, or very short), at larger type (a heading, whose lines stay together),
 * and at a line that reads like a chapter heading. Otherwise lines join, across pages too, with
 * broken words made whole. A gap much wider than the paragraphs' own is a scene break.
 */
export function buildParagraphs(pages: readonly { number: number; lines: readonly Line[] }[], layout: Layout, vocabulary: Vocabulary): Paragraph[] {
  const out: Paragraph[] = [];
  let open: Paragraph | null = null;
  let prev: Previous | null = null;
  const { bodySize, lineGap, paragraphGap, width } = layout;
  const start = (line: Line, page: number, heading: boolean, gap: number | null) => {
    if (open) out.push(open);
    if (gap !== null && open && !open.heading && !heading && gap >= Math.max(lineGap * 1.6, paragraphGap * 1.3)) out.push({ ...open, text: '* * *', lines: [], heading: false, sceneBreak: true });
    open = { text: line.text, lines: [line.text], page, y: line.y, size: line.size, heading, sceneBreak: false, pageTop: gap === null, gapAbove: gap === null ? Infinity : gap / lineGap };
  };
  for (const { number, lines } of pages) {
    const left = pageLeft(lines, layout);
    lines.forEach((line, i) => {
      const heading = line.size >= bodySize * 1.15 && (line.text.match(/\p{L}/gu)?.length ?? 0) >= 2;
      const gap = i > 0 ? lines[i - 1]!.y - line.y : null;
      const current = open as Paragraph | null;
      if (!current || !prev) start(line, number, heading, gap);
      else if (heading || current.heading) {
        const goesOn = heading && current.heading && Math.abs(current.size - line.size) < 0.5 && gap !== null && gap <= line.size * 1.8;
        if (goesOn) {
          current.text = `${current.text} ${line.text}`;
          current.lines.push(line.text);
        } else start(line, number, heading, gap);
      } else if (breaksBefore(line, left, prev, gap)) start(line, number, heading, gap);
      else current.text = joinLines(current.text, line.text, vocabulary);
      prev = { line, left };
    });
  }
  if (open) out.push(open);
  return out.filter((p) => p.sceneBreak || hasWords(p.text));

  function breaksBefore(line: Line, left: number, before: Previous, gap: number | null): boolean {
    if (gap !== null && gap > lineGap * 1.3) return true;
    const indent = bodySize * 0.8;
    if (line.x - left > indent && before.line.x - before.left < indent / 2) return true;
    const used = before.line.right - before.left;
    // Justified lines reach the margin exactly; a paragraph's last line stops where its words do.
    const short = layout.justified ? width - Math.max(bodySize * 0.5, width * 0.015) : width * 0.75;
    if (used < width * 0.6 || (isBody(before.line, layout) && ends(before.line.text) && used < short)) return true;
    return line.right - line.x < width * 0.6 && isChapterHeading(line.text);
  }
}

const ends = (text: string) => /[.!?…:;"”’»)\]]$/.test(text);
