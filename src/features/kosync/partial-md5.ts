import { createHash } from 'node:crypto';

const SAMPLE = 1024;
/**
 * KOReader's document id (frontend/util.lua `partialMD5`): md5 over 1024-byte samples at
 * `lshift(1024, 2*i)` for i = -1..10, stopping at the first sample that starts past the end.
 * LuaJIT's lshift masks the count to 5 bits, so i = -1 shifts by 30 and overflows to offset 0:
 * the offsets are 0, 1 KiB, 4 KiB, 16 KiB … 1 GiB; the last sample may be short.
 */
export const SAMPLE_OFFSETS: readonly number[] = [0, ...Array.from({ length: 11 }, (_, i) => SAMPLE * 4 ** i)];

/** partialMD5 over bytes that arrive in chunks (an EPUB as it is built and stored). */
export class PartialMd5 {
  private readonly samples = SAMPLE_OFFSETS.map(() => new Uint8Array(SAMPLE));
  private size = 0;

  update(chunk: Uint8Array): void {
    const start = this.size;
    const end = start + chunk.length;
    SAMPLE_OFFSETS.forEach((offset, i) => {
      const from = Math.max(offset, start);
      const to = Math.min(offset + SAMPLE, end);
      if (from < to) this.samples[i]!.set(chunk.subarray(from - start, to - start), from - offset);
    });
    this.size = end;
  }

  digest(): string {
    const md5 = createHash('md5');
    for (let i = 0; i < SAMPLE_OFFSETS.length; i++) {
      const offset = SAMPLE_OFFSETS[i]!;
      if (offset >= this.size) break;
      md5.update(this.samples[i]!.subarray(0, Math.min(SAMPLE, this.size - offset)));
    }
    return md5.digest('hex');
  }
}

export function partialMd5(bytes: Uint8Array): string {
  const hash = new PartialMd5();
  hash.update(bytes);
  return hash.digest();
}

/** KOReader's other document id ("filename" matching): md5 of the file's name. */
export function fileNameMd5(fileName: string): string {
  return createHash('md5').update(fileName, 'utf8').digest('hex');
}

/** The chunks of `body`, unchanged, fed to `hash` on the way through. */
export async function* hashing(body: AsyncIterable<Uint8Array>, hash: PartialMd5): AsyncGenerator<Uint8Array> {
  for await (const chunk of body) {
    hash.update(chunk);
    yield chunk;
  }
}
