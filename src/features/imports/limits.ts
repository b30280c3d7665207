import type { ImportLimitSettings } from '../../config.ts';

/**
 * What reading one uploaded book may cost (docs/operations.md "Import limits"). Past any of them
 * the import fails with a message that names the limit; nothing is published.
 */
export interface ImportLimits {
  /** One file inside an EPUB, unpacked (checked while it is inflated). */
  entryBytes: number;
  /** One chapter's text (one EPUB document, or one chapter as split), in characters. */
  chapterChars: number;
  /** The whole book's text, in characters. */
  bookChars: number;
  /** Pages of a PDF. */
  pages: number;
  /** Reading the file, start to end. */
  parseMs: number;
  /** The import worker thread's JavaScript heap. */
  memoryBytes: number;
}

const MB = 1024 * 1024;

export const DEFAULT_IMPORT_LIMITS: Readonly<ImportLimits> = Object.freeze({
  entryBytes: 32 * MB,
  chapterChars: 4 * MB,
  bookChars: 64 * MB,
  pages: 20_000,
  parseMs: 10 * 60_000,
  memoryBytes: 1024 * MB,
});

/** The IMPORT_MAX_* settings of config.ts, defaults for those unset. */
export function importLimits(settings: ImportLimitSettings = {}): ImportLimits {
  const d = DEFAULT_IMPORT_LIMITS;
  const mb = (value: number | undefined, fallback: number) => (value === undefined ? fallback : Math.round(value * MB));
  return Object.freeze({
    entryBytes: mb(settings.entryMb, d.entryBytes),
    chapterChars: mb(settings.chapterTextMb, d.chapterChars),
    bookChars: mb(settings.bookTextMb, d.bookChars),
    pages: settings.pages ?? d.pages,
    parseMs: settings.parseMinutes === undefined ? d.parseMs : Math.round(settings.parseMinutes * 60_000),
    memoryBytes: mb(settings.memoryMb, d.memoryBytes),
  });
}

/** "4 MB" for messages: limits are set in whole or decimal megabytes. */
export const megabytes = (bytes: number): string => `${Number((bytes / MB).toFixed(1))} MB`;
