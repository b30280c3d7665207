/**
 * Where the audio of an MP3 file lies between the tags that other writers put around it: ID3v2
 * in front (and, rarely, appended at the end), APEv2, Lyrics3v2 and ID3v1 at the end.
 */
export function audioBounds(bytes: Uint8Array): { start: number; end: number } {
  let start = 0;
  for (let size = id3v2Size(bytes, start); size; size = id3v2Size(bytes, start)) start += size;
  let end = bytes.length;
  for (let size = trailingTagSize(bytes, start, end); size; size = trailingTagSize(bytes, start, end)) end -= size;
  return { start, end };
}

const ascii = (bytes: Uint8Array, at: number, text: string): boolean =>
  at >= 0 && at + text.length <= bytes.length && [...text].every((char, i) => bytes[at + i] === char.charCodeAt(0));

const syncsafe = (b: Uint8Array, at: number): number => ((b[at]! & 0x7f) << 21) | ((b[at + 1]! & 0x7f) << 14) | ((b[at + 2]! & 0x7f) << 7) | (b[at + 3]! & 0x7f);

/** An ID3v2 tag at `at`: header, body and (v2.4) footer, or 0. */
function id3v2Size(bytes: Uint8Array, at: number): number {
  if (!ascii(bytes, at, 'ID3') || at + 10 > bytes.length) return 0;
  const hasFooter = (bytes[at + 5]! & 0x10) !== 0;
  return Math.min(10 + syncsafe(bytes, at + 6) + (hasFooter ? 10 : 0), bytes.length - at);
}

/** The size of a tag ending at `end` (not reaching before `floor`), or 0. */
function trailingTagSize(bytes: Uint8Array, floor: number, end: number): number {
  const fits = (size: number) => (size > 0 && end - size >= floor ? size : 0);
  if (ascii(bytes, end - 128, 'TAG')) return fits(128);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (ascii(bytes, end - 32, 'APETAGEX')) {
    // The footer's size counts the items and the footer; a header, when flagged, comes on top.
    const size = view.getUint32(end - 32 + 12, true);
    const hasHeader = (view.getUint32(end - 32 + 20, true) & 0x80000000) !== 0;
    return fits(size + (hasHeader ? 32 : 0));
  }
  if (ascii(bytes, end - 9, 'LYRICS200')) {
    const size = Number(new TextDecoder('latin1').decode(bytes.subarray(end - 15, end - 9)));
    return Number.isInteger(size) ? fits(size + 15) : 0;
  }
  if (ascii(bytes, end - 10, '3DI')) return fits(20 + syncsafe(bytes, end - 4));
  return 0;
}
