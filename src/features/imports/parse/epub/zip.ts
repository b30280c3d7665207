import { inflateRawSync } from 'node:zlib';
import { megabytes } from '../../limits.ts';
import { ImportError } from '../types.ts';

/**
 * A zip read from its central directory, with the guards a zip bomb needs: the entry count and the
 * declared unpacked sizes are checked before anything is inflated, and each entry is inflated with
 * a hard cap at its declared size (and at the import's cap for one file), so an entry that lies
 * about its size fails instead of filling memory. (jszip inflates an entry whole before anyone can
 * count its bytes.)
 */
export const MAX_ENTRIES = 10_000;
export const MAX_UNPACKED = 500 * 1024 * 1024;

export interface ZipEntry {
  name: string;
  method: number;
  flags: number;
  compressedSize: number;
  size: number;
  headerOffset: number;
}

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_ENTRY = 0x04034b50;
const damaged = () => new ImportError('corrupt', 'This EPUB is damaged: its zip container cannot be read. Export it again and upload the new file.');
const entryTooLarge = (name: string, maxBytes: number) => new ImportError('too_large', `This EPUB holds a file (${name}) that unpacks to more than ${megabytes(maxBytes)}, the most one file may; it was refused as unsafe.`);
const tooBig = () => new ImportError('too_large', 'This EPUB would unpack to more than 500 MB or holds more than 10,000 files; it was refused as unsafe.');

export function readDirectory(bytes: Uint8Array): ZipEntry[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let end = -1;
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 22 - 0xffff); at--) {
    if (view.getUint32(at, true) === END_OF_DIRECTORY) {
      end = at;
      break;
    }
  }
  if (end < 0) throw damaged();
  const count = view.getUint16(end + 10, true);
  const start = view.getUint32(end + 16, true);
  // ZIP64 markers: no book needs 4 GB or 65,535 files.
  if (count === 0xffff || start === 0xffffffff || count > MAX_ENTRIES) throw tooBig();
  const entries: ZipEntry[] = [];
  let unpacked = 0;
  for (let at = start, i = 0; i < count; i++) {
    if (at + 46 > bytes.length || view.getUint32(at, true) !== DIRECTORY_ENTRY) throw damaged();
    const nameLength = view.getUint16(at + 28, true);
    const entry: ZipEntry = {
      name: new TextDecoder().decode(bytes.subarray(at + 46, at + 46 + nameLength)),
      flags: view.getUint16(at + 8, true),
      method: view.getUint16(at + 10, true),
      compressedSize: view.getUint32(at + 20, true),
      size: view.getUint32(at + 24, true),
      headerOffset: view.getUint32(at + 42, true),
    };
    unpacked += entry.size;
    if (entry.size === 0xffffffff || unpacked > MAX_UNPACKED) throw tooBig();
    if (!entry.name.endsWith('/')) entries.push(entry);
    at += 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
  }
  return entries;
}

/**
 * One entry's bytes, never more than `maxBytes`: an entry that says it is larger is refused before
 * anything is inflated, and inflating stops at the smaller of its declared size and the cap.
 */
export function inflateEntry(bytes: Uint8Array, entry: ZipEntry, maxBytes: number): Uint8Array {
  if (entry.flags & 0x1) throw new ImportError('encrypted', 'This EPUB is encrypted (a password-protected zip). Only unprotected books can be imported.');
  if (entry.size > maxBytes || (entry.method === 0 && entry.compressedSize > maxBytes)) throw entryTooLarge(entry.name, maxBytes);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const at = entry.headerOffset;
  if (at + 30 > bytes.length || view.getUint32(at, true) !== LOCAL_ENTRY) throw damaged();
  const dataStart = at + 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true);
  const data = bytes.subarray(dataStart, dataStart + entry.compressedSize);
  if (data.length < entry.compressedSize) throw damaged();
  if (entry.method === 0) return data;
  if (entry.method !== 8) throw new ImportError('unsupported', `This EPUB packs ${entry.name} with a compression method EPUB readers do not support.`);
  try {
    return inflateRawSync(data, { maxOutputLength: Math.max(1, Math.min(entry.size, maxBytes)) });
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw tooBig();
    throw damaged();
  }
}
