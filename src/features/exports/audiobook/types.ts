/** What an audiobook file says about its book (the ID3v2 tag in front of the audio). */
export interface AudiobookMeta {
  /** The album (TALB), and the start of the file's title (TIT2). */
  bookTitle: string;
  /** Which chapters the file holds, in the listener's words ("chapters 1–50"): TIT2 is "<book> (<label>)". */
  rangeLabel?: string;
  /** Artist (TPE1) and album artist (TPE2). */
  author?: string;
  year?: number;
  /** The book's language, BCP 47 ("en", "pt-BR"); written (TLAN) only when it has an ISO 639-2 code. */
  language?: string;
  /** A few sentences about the book (COMM). */
  description?: string;
  cover?: AudiobookCover;
}

export interface AudiobookCover {
  bytes: Uint8Array;
  mime: 'image/jpeg' | 'image/png';
}

/** Where one chapter lies in the audiobook, in milliseconds from the start of the audio. */
export interface ChapterMark {
  /** The chapter's element id in the tag, `ch<number>`: not shown to listeners. */
  id: string;
  title: string;
  startMs: number;
  endMs: number;
}

/** One chapter's stored narration, read only when its turn comes. */
export interface AudiobookChapter {
  number: number;
  title: string;
  bytes: () => Promise<Uint8Array>;
}
