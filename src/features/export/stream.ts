import type { Logger } from '../../platform/log.ts';

/** How many chunks the store may fall behind the client before the build waits for it. */
const STORE_QUEUE = 32;

/**
 * One pass over `chunks` feeding two readers: the client (who paces the build: a chunk is made
 * when the client asks for one) and `store` (which receives the same bytes as an async iterable).
 * The client's stream ends only after the store has finished, so a completed download means a
 * stored copy. When the client goes away, the rest is still built for the store. A failed build
 * fails both; a failed store is logged and the client still gets its file.
 */
export function streamAndStore(chunks: AsyncIterable<Uint8Array>, store: (body: AsyncIterable<Uint8Array>) => Promise<void>, log: Logger): ReadableStream<Uint8Array> {
  const source = chunks[Symbol.asyncIterator]();
  const channel = new Channel();
  const stored = store(channel).catch((error) => {
    channel.abandon();
    log.warn('EPUB export not stored', { error: error as Error });
  });
  let cancelled = false;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          const { value, done } = await source.next();
          if (done) {
            channel.end();
            await stored;
            controller.close();
            return;
          }
          await channel.push(value);
          controller.enqueue(value);
        } catch (error) {
          channel.end(error as Error);
          throw error;
        }
      },
      async cancel() {
        if (cancelled) return;
        cancelled = true;
        try {
          for (let next = await source.next(); !next.done && !channel.abandoned; next = await source.next()) await channel.push(next.value);
          channel.end();
        } catch (error) {
          channel.end(error as Error);
        }
        await stored;
      },
    },
    { highWaterMark: 0 },
  );
}

/** A small bounded queue read as an async iterable. */
class Channel implements AsyncIterable<Uint8Array> {
  private queue: Uint8Array[] = [];
  private done = false;
  private error: Error | null = null;
  abandoned = false;
  private wake: (() => void) | null = null;
  private space: (() => void) | null = null;

  async push(chunk: Uint8Array): Promise<void> {
    if (this.abandoned) return;
    this.queue.push(chunk);
    this.signal();
    while (this.queue.length > STORE_QUEUE && !this.abandoned) await new Promise<void>((resolve) => (this.space = resolve));
  }

  end(error?: Error): void {
    this.done = true;
    this.error = error ?? null;
    this.signal();
  }

  /** The reader stopped (the store failed): pushes are dropped from now on. */
  abandon(): void {
    this.abandoned = true;
    this.queue = [];
    this.space?.();
  }

  private signal(): void {
    const wake = this.wake;
    this.wake = null;
    wake?.();
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<Uint8Array> {
    for (;;) {
      const chunk = this.queue.shift();
      if (chunk) {
        const space = this.space;
        this.space = null;
        space?.();
        yield chunk;
        continue;
      }
      if (this.done) {
        if (this.error) throw this.error;
        return;
      }
      await new Promise<void>((resolve) => (this.wake = resolve));
    }
  }
}
