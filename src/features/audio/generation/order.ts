/**
 * The order in which a job narrates a chapter's chunks. From the start to the end, unless a
 * listener asked to hear a chunk not made yet (a stream from a later sentence): then that chunk
 * next and on to the end, then back to the first chunk skipped. Checked after every chunk, so a
 * later wish (another seek) is followed too; a wish for a chunk already made is nothing to do.
 */
export function nextChunk(count: number, made: ReadonlySet<number>, after: number | null, jump: number | null): number | null {
  if (jump !== null && Number.isInteger(jump) && jump >= 0 && jump < count && !made.has(jump)) return jump;
  if (after !== null && after + 1 < count && !made.has(after + 1)) return after + 1;
  for (let i = 0; i < count; i++) if (!made.has(i)) return i;
  return null;
}
