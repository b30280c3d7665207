import { inflateRawSync } from 'node:zlib';
import type { ImportFormat } from './types.ts';

/**
 * By content, never by name: `%PDF-` near the start (readers accept a little junk before it), or a
 * zip whose first entry is `mimetype` holding application/epub+zip (the EPUB rule; some tools
 * compress it), or a zip that names META-INF/container.xml among the entries the head holds
 * (makers that ignore the rule).
 */
const PDF_WINDOW = 1024;
const ZIP_LOCAL = 0x04034b50;

export function sniffFormat(head: Uint8Array): ImportFormat | null {
  const latin = new TextDecoder('latin1').decode(head.subarray(0, PDF_WINDOW));
  if (/%PDF-\d/.test(latin)) return 'pdf';
  const view = new DataView(head.buffer, head.byteOffset, head.byteLength);
  let offset = 0;
  for (let entry = 0; offset + 30 <= head.length && view.getUint32(offset, true) === ZIP_LOCAL; entry++) {
    const flags = view.getUint16(offset + 6, true);
    const method = view.getUint16(offset + 8, true);
    const compressed = view.getUint32(offset + 18, true);
    const nameLength = view.getUint16(offset + 26, true);
    const extraLength = view.getUint16(offset + 28, true);
    const name = latin1(head, offset + 30, nameLength);
    const data = offset + 30 + nameLength + extraLength;
    if (entry === 0 && name === 'mimetype') {
      const type = mimetype(head.subarray(data, data + compressed), method);
      if (type !== null) return type === 'application/epub+zip' ? 'epub' : null;
    }
    if (name === 'META-INF/container.xml') return 'epub';
    // Sizes written after the data (flag bit 3) leave no way to find the next entry from here.
    if (flags & 0x8) return null;
    offset = data + compressed;
  }
  return null;
}

/** The mimetype entry's words: stored, as the rule says, or deflated, as some zip tools do it. */
function mimetype(data: Uint8Array, method: number): string | null {
  try {
    const bytes = method === 0 ? data : method === 8 ? inflateRawSync(data, { maxOutputLength: 256 }) : null;
    return bytes ? new TextDecoder('latin1').decode(bytes).trim() : null;
  } catch {
    return null;
  }
}

function latin1(bytes: Uint8Array, start: number, length: number): string {
  return new TextDecoder('latin1').decode(bytes.subarray(start, Math.min(bytes.length, start + length)));
}
