import { crc32 } from 'node:zlib';

/**
 * An admission rule for caches of things most of which are asked for once: keep one only when it
 * is asked for a second time. Readers spread over a whole catalogue open most chapters once in a
 * while; keeping each of those costs more (copying, evicting, a heap the garbage collector must
 * walk) than the rare repeat saves, while what is read twice is likely to be read again.
 *
 * Remembers the last `window` distinct keys by a 32-bit hash each (a rare collision only admits
 * something early); the memory restarts when full, so it stays small.
 */
export function secondSighting(window: number): (key: string) => boolean {
  let seen = new Set<number>();
  return (key) => {
    const hash = crc32(key);
    if (seen.has(hash)) return true;
    if (seen.size >= window) seen = new Set();
    seen.add(hash);
    return false;
  };
}
