import type { ImportLimits } from '../limits.ts';

/** What the import parsers make of a PDF or an EPUB (no database, no object store here). */
export type ImportFormat = 'epub' | 'pdf';
export type SplitRule = 'auto' | 'toc' | 'spine' | 'outline' | 'headings' | 'pages';

export interface ParseOptions {
  /** Default `auto`: the best rule the file supports. */
  rule?: SplitRule;
  /** For the `pages` rule; default 10. */
  pagesPerChapter?: number;
  signal?: AbortSignal;
  /** 0…1, rising, as pages or documents are read. */
  onProgress?: (fraction: number) => void;
  /** What the parse may spend (default: DEFAULT_IMPORT_LIMITS); past a limit it fails with an ImportError. */
  limits?: ImportLimits;
  /** Milliseconds, for the time budget (default: performance.now). */
  now?: () => number;
  /** Bytes of this thread's heap, for the memory budget (default: bun:jsc's heapSize). */
  heapBytes?: () => number;
}

export interface ParsedChapter {
  title: string;
  markdown: string;
}

export interface ParsedBook {
  format: ImportFormat;
  title: string;
  author: string;
  description: string;
  language: string | null;
  cover: { bytes: Uint8Array; contentType: string } | null;
  chapters: ParsedChapter[];
  /** The rule actually used. */
  rule: Exclude<SplitRule, 'auto'>;
  /** What an admin reviewing the split should know (a fallback taken, pages left out…). */
  warnings: string[];
}

export type ImportFailure = 'corrupt' | 'encrypted' | 'empty' | 'unsupported' | 'too_large';

/** A file the parser refuses, with a message an admin understands. */
export class ImportError extends Error {
  override name = 'ImportError';
  constructor(
    readonly reason: ImportFailure,
    message: string,
  ) {
    super(message);
  }
}
