import { deflateRawSync } from 'node:zlib';

/**
 * A minimal streaming ZIP writer for EPUB: every entry is written whole (header with its sizes,
 * then data), so nothing but the central directory (about 100 bytes an entry) stays in memory.
 * jszip's generateNodeStream was not used: it wants every entry added before it starts, so a
 * lazily read book would need one pending stream per chapter; this writer takes entries as they
 * come and lets the caller pace the build.
 */
export interface ZipEntry {
  name: string;
  data: Uint8Array | string;
  /** STORE instead of DEFLATE (the EPUB `mimetype` entry must be stored). */
  store?: boolean;
}

/** ZIP without the Zip64 extension counts entries in 16 bits. */
export const MAX_ZIP_ENTRIES = 65_535;

const encoder = new TextEncoder();
const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

export function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (let i = 0; i < bytes.length; i++) crc = CRC_TABLE[(crc ^ bytes[i]!) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/** MS-DOS date and time (local fields of the instant in UTC, two-second steps). */
function dosTime(date: Date): { time: number; date: number } {
  const year = Math.min(Math.max(date.getUTCFullYear(), 1980), 2107);
  return {
    time: (date.getUTCHours() << 11) | (date.getUTCMinutes() << 5) | Math.floor(date.getUTCSeconds() / 2),
    date: ((year - 1980) << 9) | ((date.getUTCMonth() + 1) << 5) | date.getUTCDate(),
  };
}

interface Written {
  name: Uint8Array;
  method: number;
  flags: number;
  crc: number;
  compressed: number;
  size: number;
  offset: number;
}

export class ZipWriter {
  private offset = 0;
  private readonly entries: Written[] = [];
  private readonly stamp: { time: number; date: number };

  constructor(modified: Date) {
    this.stamp = dosTime(modified);
  }

  /** The bytes of one entry: its local header followed by its (compressed) data. */
  entry({ name, data, store }: ZipEntry): Uint8Array {
    if (this.entries.length >= MAX_ZIP_ENTRIES) throw new Error('too many ZIP entries');
    const raw = typeof data === 'string' ? encoder.encode(data) : data;
    const body = store ? raw : deflateRawSync(raw, { level: 6 });
    const nameBytes = encoder.encode(name);
    // Bit 11: the name is UTF-8 (only when it needs to be; `mimetype` keeps a plain header).
    const flags = /^[\x20-\x7e]*$/.test(name) ? 0 : 0x0800;
    const written: Written = { name: nameBytes, method: store ? 0 : 8, flags, crc: crc32(raw), compressed: body.length, size: raw.length, offset: this.offset };
    const out = new Uint8Array(30 + nameBytes.length + body.length);
    const view = new DataView(out.buffer);
    view.setUint32(0, 0x04034b50, true);
    view.setUint16(4, 20, true);
    view.setUint16(6, flags, true);
    view.setUint16(8, written.method, true);
    view.setUint16(10, this.stamp.time, true);
    view.setUint16(12, this.stamp.date, true);
    view.setUint32(14, written.crc, true);
    view.setUint32(18, written.compressed, true);
    view.setUint32(22, written.size, true);
    view.setUint16(26, nameBytes.length, true);
    view.setUint16(28, 0, true);
    out.set(nameBytes, 30);
    out.set(body, 30 + nameBytes.length);
    this.entries.push(written);
    this.offset += out.length;
    return out;
  }

  /** The central directory and its end record: the last bytes of the file. */
  finish(): Uint8Array {
    const size = this.entries.reduce((sum, e) => sum + 46 + e.name.length, 0);
    const out = new Uint8Array(size + 22);
    const view = new DataView(out.buffer);
    let at = 0;
    for (const e of this.entries) {
      view.setUint32(at, 0x02014b50, true);
      view.setUint16(at + 4, 20, true);
      view.setUint16(at + 6, 20, true);
      view.setUint16(at + 8, e.flags, true);
      view.setUint16(at + 10, e.method, true);
      view.setUint16(at + 12, this.stamp.time, true);
      view.setUint16(at + 14, this.stamp.date, true);
      view.setUint32(at + 16, e.crc, true);
      view.setUint32(at + 20, e.compressed, true);
      view.setUint32(at + 24, e.size, true);
      view.setUint16(at + 28, e.name.length, true);
      // extra, comment, disk, internal and external attributes: zero (bytes 30-41)
      view.setUint32(at + 42, e.offset, true);
      out.set(e.name, at + 46);
      at += 46 + e.name.length;
    }
    view.setUint32(at, 0x06054b50, true);
    view.setUint16(at + 8, this.entries.length, true);
    view.setUint16(at + 10, this.entries.length, true);
    view.setUint32(at + 12, size, true);
    view.setUint32(at + 16, this.offset, true);
    return out;
  }
}
