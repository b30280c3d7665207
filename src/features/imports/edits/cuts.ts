/**
 * Where a parsed chapter may be split: before each of its markdown headings, or, when it has none,
 * before each of its paragraphs. The first block of a chapter is never a cut (that is its start).
 * Cut k (1-based) of a chapter is the same place every time the same text is read.
 */
export interface Cut {
  /** Character offset in the chapter's markdown where the new chapter begins. */
  offset: number;
  /** The heading's text or the paragraph's first words: what the admin picks from. */
  label: string;
  heading: boolean;
}

const LABEL_CHARS = 70;
const HEADING = /^#{1,6}[ \t]+(\S.*)$/;

export function cutsOf(markdown: string): Cut[] {
  const blocks = blockStarts(markdown).filter((block) => markdown.slice(0, block.offset).trim() !== '');
  const headings = blocks.filter((block) => HEADING.test(block.firstLine));
  return (headings.length > 0 ? headings : blocks).map((block) => ({ offset: block.offset, label: labelOf(block.firstLine), heading: HEADING.test(block.firstLine) }));
}

/** A heading's text without its hashes, or a paragraph's first words, short enough for a select. */
export function labelOf(line: string): string {
  const heading = HEADING.exec(line);
  const text = (heading ? heading[1]! : line).replace(/[*_`>]+/g, '').replace(/\s+/g, ' ').trim();
  return text.length > LABEL_CHARS ? `${text.slice(0, LABEL_CHARS).replace(/\s+\S*$/, '')}…` : text;
}

/** Each block's offset and first line: a block starts after a blank line, and every heading line starts one. */
function blockStarts(markdown: string): Array<{ offset: number; firstLine: string }> {
  const starts: Array<{ offset: number; firstLine: string }> = [];
  let offset = 0;
  let afterBlank = true;
  for (const line of markdown.split('\n')) {
    const blank = line.trim() === '';
    if (!blank && (afterBlank || HEADING.test(line))) starts.push({ offset, firstLine: line.trim() });
    afterBlank = blank;
    offset += line.length + 1;
  }
  return starts;
}
