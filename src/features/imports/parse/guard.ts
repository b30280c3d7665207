import { heapSize } from 'bun:jsc';
import { DEFAULT_IMPORT_LIMITS, megabytes, type ImportLimits } from '../limits.ts';
import { ImportError } from './types.ts';

/**
 * What one parse may spend, checked as it goes. `step()`, between pages and documents, stops a
 * parse that was aborted, ran past its time or grew the thread's heap past its budget, and lets
 * the thread's messages and timers in (an abort, a cancel check), which a long run of promise
 * callbacks would otherwise hold back. `countText` keeps the book's text under its cap.
 */
export interface GuardOptions {
  limits?: ImportLimits;
  signal?: AbortSignal;
  /** Milliseconds, for the time budget (default: performance.now). */
  now?: () => number;
  /** Bytes the thread's heap holds (default: bun:jsc's heapSize, this thread's own); the budget is what the parse adds to it. */
  heapBytes?: () => number;
}

export class ParseGuard {
  readonly limits: ImportLimits;
  readonly #signal: AbortSignal | undefined;
  readonly #now: () => number;
  readonly #heapBytes: () => number;
  readonly #deadline: number;
  readonly #heapAtStart: number;
  #text = 0;

  constructor(options: GuardOptions = {}) {
    this.limits = options.limits ?? DEFAULT_IMPORT_LIMITS;
    this.#signal = options.signal;
    this.#now = options.now ?? (() => performance.now());
    this.#heapBytes = options.heapBytes ?? heapSize;
    this.#deadline = this.#now() + this.limits.parseMs;
    // What the thread held before this parse is not the parse's: a worker thread holds little, a
    // process that parses in-process (tests, a run from the command line) may hold much more.
    this.#heapAtStart = this.#heapBytes();
  }

  async step(): Promise<void> {
    this.#signal?.throwIfAborted();
    if (this.#now() > this.#deadline) {
      throw new ImportError('too_large', `Reading this file took longer than the ${minutes(this.limits.parseMs)} an import may take; it was stopped.`);
    }
    if (this.#overMemory()) {
      throw new ImportError('too_large', `Reading this file needed more than the ${megabytes(this.limits.memoryBytes)} of memory an import may use; it was stopped.`);
    }
    await new Promise((resolve) => setImmediate(resolve));
    this.#signal?.throwIfAborted();
  }

  /** Text read so far, against the book's cap. */
  countText(chars: number): void {
    this.#text += chars;
    if (this.#text > this.limits.bookChars) {
      throw new ImportError('too_large', `This book holds more than ${megabytes(this.limits.bookChars)} of text, the most one import may hold; it was refused.`);
    }
  }

  /** One chapter's (or one document's) text, against the chapter cap. */
  checkChapter(name: string, chars: number): void {
    if (chars > this.limits.chapterChars) throw chapterTooLong(name, this.limits);
  }

  // The heap counts garbage until a collection: only a heap still too large after one is refused.
  #overMemory(): boolean {
    const budget = this.#heapAtStart + this.limits.memoryBytes;
    if (this.#heapBytes() <= budget) return false;
    Bun.gc(true);
    return this.#heapBytes() > budget;
  }
}

export const chapterTooLong = (name: string, limits: ImportLimits) =>
  new ImportError('too_large', `${name} holds more than ${megabytes(limits.chapterChars)} of text, the most one chapter may hold; it was refused.`);

const minutes = (ms: number) => {
  const value = Number((ms / 60_000).toFixed(1));
  return `${value} minute${value === 1 ? '' : 's'}`;
};
