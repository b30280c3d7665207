/** A paragraph as paragraphs.ts finds it in a PDF's body lines, and what the later steps read of it. */
export interface Paragraph {
  text: string;
  /** The lines of a heading (a few at most), to name it well. */
  lines: string[];
  page: number;
  /** Baseline of its first line. */
  y: number;
  size: number;
  heading: boolean;
  sceneBreak: boolean;
  /** Its first line is the page's first. */
  pageTop: boolean;
  /** The space above it, in lines; Infinity at a page's top. */
  gapAbove: number;
}
