/** The scraper's view of a source site (sources.md): one interface, whatever the site. */

/** How politely every source is fetched. */
export interface SourceLimits {
  /** Requests per second per host (token bucket, burst 1); 0 means no limit. */
  ratePerSecond: number;
  timeoutMs: number;
  maxBytes: number;
  maxRetries: number;
  maxBackoffMs: number;
  /** Fetches of a chapter whose body came back empty before giving up. */
  emptyRetries: number;
}

export interface SourceChapterRef {
  /** Stable: novelfire's chapter number, Royal Road's chapter id. */
  key: string;
  /** The site's order; never renumbered to fill gaps. */
  number: number;
  title: string;
  url: string;
}

/** A book page read by its source's parser: everything but where it came from. */
export interface BookMeta {
  title: string;
  author: string;
  coverUrl: string | null;
  description: string;
  genres: string[];
  status: 'ongoing' | 'completed';
  chapterCount: number | null;
}

export interface SourceChapterText {
  title: string;
  markdown: string;
  authorNote: string | null;
}

export interface SourceListItem {
  url: string;
  title: string;
  coverUrl: string | null;
}

export interface CheckReport {
  url: string;
  page: 'book' | 'chapter' | 'list';
  fields: { field: string; matched: string | null; tried: string[]; value?: string }[];
}

export type SourceErrorKind = 'unsupported_url' | 'forbidden_address' | 'blocked' | 'rate_limited' | 'not_found' | 'timeout' | 'too_large' | 'empty' | 'http' | 'parse';

export class SourceError extends Error {
  override name = 'SourceError';
  constructor(
    readonly kind: SourceErrorKind,
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}
