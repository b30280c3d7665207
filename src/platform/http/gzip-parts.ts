import { constants, crc32, deflateRawSync } from 'node:zlib';

/**
 * A gzip body joined from pieces compressed apart (RFC 1951, 1952). A deflate stream may be cut
 * into blocks that each start on a byte boundary; a piece compressed on its own and ended with a
 * sync flush (not a final block) refers to nothing before it, so such pieces can be laid one after
 * another in any order and still decode to their texts joined. The gzip trailer wants the CRC-32
 * and the length of the whole text: each piece keeps its own, and they are combined.
 *
 * Pages use this to compress once what every request of a kind shares (the layout around a
 * chapter, precompressed when its template is made: page-template.ts) or what is stored
 * compressed (a chapter's rendering), and only the request's own bits per request.
 */

/** A piece compressed once, kept with what the trailer needs. */
export interface DeflatedPiece {
  /** Raw deflate of the text's UTF-8 bytes on their own, ending with a sync flush (byte-aligned, not final). */
  readonly deflated: Uint8Array;
  /** CRC-32 of those bytes, as an unsigned number. */
  readonly crc: number;
  /** How many bytes the text is in UTF-8. */
  readonly length: number;
  /** x^(8·length) modulo the CRC polynomial, what crc32Combine multiplies by: worked out once per piece. */
  readonly shift: number;
}

const GZIP_HEADER = Uint8Array.of(0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff); // deflate, no name, no time, unknown OS
/** An empty final block with fixed codes: ends the deflate stream after the last sync flush. */
const FINAL_BLOCK = Uint8Array.of(0x03, 0x00);
/**
 * Text of the request itself is stored as it is: between two kept pieces it is a few titles and
 * links, and starting a compressor costs more (several microseconds) than the bytes it would save.
 * Only a long run is compressed (so a stored block, at most 64 kB, always holds a whole run).
 */
const STORE_BELOW = 1024;
/** For a long run of the request's own text, compressed on every request: level 2 is most of level 6's gain at half its cost. */
const DYNAMIC = { level: 2, finishFlush: constants.Z_SYNC_FLUSH };

const encoder = new TextEncoder();

export function deflatePiece(text: string | Uint8Array, level = 9): DeflatedPiece {
  const bytes = typeof text === 'string' ? encoder.encode(text) : text;
  return keptPiece(deflateRawSync(bytes, { level, finishFlush: constants.Z_SYNC_FLUSH }), crc32(bytes), bytes.byteLength);
}

/** A piece compressed elsewhere (stored in a database row) from its deflate bytes, CRC-32 and length. */
export function keptPiece(deflated: Uint8Array, crc: number, length: number): DeflatedPiece {
  return { deflated, crc: crc >>> 0, length, shift: lengthShift(length) };
}

// CRC-32 of two texts joined, from theirs (crc(a ‖ b) = crc(a)·x^(8·|b|) ⊕ crc(b) over GF(2), with
// the polynomial's bits reflected as the CRC keeps them). X2N[k] is x^(2^k) modulo the polynomial.
const POLY = 0xedb88320;

/** a(x)·b(x) modulo the polynomial, both reflected (bit 31 is x^0). */
function multiplyModP(a: number, b: number): number {
  let product = 0;
  for (let m = 0x80000000; m !== 0; m >>>= 1) {
    if (a & m) product ^= b;
    b = b & 1 ? (b >>> 1) ^ POLY : b >>> 1;
  }
  return product >>> 0;
}

const X2N: number[] = [];
for (let k = 0, p = 0x40000000; k < 32; k++) X2N.push((p = k === 0 ? p : multiplyModP(p, p)));

/** x^(n·2^k) modulo the polynomial. */
function xPowerModP(n: number, k: number): number {
  let p = 0x80000000; // x^0
  for (; n > 0; n = Math.floor(n / 2), k++) if (n % 2) p = multiplyModP(X2N[k % 32]!, p);
  return p;
}

/** What crc32Combine multiplies the first CRC by when the second part is `length` bytes long. */
function lengthShift(length: number): number {
  return xPowerModP(length, 3);
}

/** The CRC-32 of a text whose first part has `crc1` and whose second part, `length2` bytes long, has `crc2`. */
export function crc32Combine(crc1: number, crc2: number, length2: number, shift = lengthShift(length2)): number {
  return (multiplyModP(shift, crc1) ^ crc2) >>> 0;
}

/**
 * A buffer to build bodies in, lent to one joiner at a time: pages are built in it and copied out
 * at their exact size, so a kept page holds only its own bytes (not a guess of its size) and each
 * request does not fault in fresh memory for its guess. A joiner made while it is lent allocates.
 */
let spare: Buffer | null = Buffer.allocUnsafe(256 * 1024);
const SPARE_MAX = 4 * 1024 * 1024;
const FINISHED = Buffer.alloc(0);

/**
 * Builds one gzip body: add pieces and texts in page order, then `finish()`. The body is written
 * into one buffer as it goes (a page is a few dozen parts: one buffer instead of one each);
 * `capacity` is a guess of its size, grown when short.
 */
export class GzipJoiner {
  private out: Buffer;
  private at = GZIP_HEADER.byteLength;
  private pending = '';
  private crc = 0;
  private length = 0;

  constructor(capacity = 16 * 1024) {
    const wanted = Math.max(capacity, 64);
    if (spare && spare.byteLength >= wanted) {
      this.out = spare;
      spare = null;
    } else this.out = Buffer.allocUnsafe(wanted);
    this.out.set(GZIP_HEADER);
  }

  /** Text of this request: gathered until the next kept piece, then stored (or compressed) once. */
  text(text: string): this {
    this.pending += text;
    return this;
  }

  piece(piece: DeflatedPiece): this {
    this.flushText();
    this.crc = this.length === 0 ? piece.crc : crc32Combine(this.crc, piece.crc, piece.length, piece.shift);
    this.length += piece.length;
    this.reserve(piece.deflated.byteLength);
    this.out.set(piece.deflated, this.at);
    this.at += piece.deflated.byteLength;
    return this;
  }

  finish(): Uint8Array {
    this.flushText();
    this.reserve(FINAL_BLOCK.byteLength + 8);
    this.out.set(FINAL_BLOCK, this.at);
    this.out.writeUInt32LE(this.crc >>> 0, this.at + 2);
    this.out.writeUInt32LE(this.length >>> 0, this.at + 6); // ISIZE: the length modulo 2^32
    this.at += FINAL_BLOCK.byteLength + 8;
    const body = Buffer.from(this.out.subarray(0, this.at));
    // Given back for the next body (the biggest seen, within reason); this joiner is done with it.
    if (this.out.byteLength <= SPARE_MAX && (!spare || spare.byteLength < this.out.byteLength)) spare = this.out;
    this.out = FINISHED;
    return body;
  }

  private reserve(bytes: number): void {
    if (this.out === FINISHED) throw new Error('a finished gzip body takes no more parts');
    if (this.at + bytes <= this.out.byteLength) return;
    const grown = Buffer.allocUnsafe(Math.max(this.out.byteLength * 2, this.at + bytes));
    this.out.copy(grown, 0, 0, this.at);
    this.out = grown;
  }

  /**
   * The gathered text, encoded straight into place after room for a stored block's header, which
   * is written once its length is known; a long run is compressed over it instead.
   */
  private flushText(): void {
    const text = this.pending;
    if (!text) return;
    this.pending = '';
    // UTF-8 takes at most three bytes per UTF-16 unit.
    this.reserve(5 + text.length * 3);
    const written = this.out.write(text, this.at + 5, 'utf8');
    const bytes = this.out.subarray(this.at + 5, this.at + 5 + written);
    this.crc = crc32(bytes, this.crc) >>> 0;
    this.length += written;
    if (written >= STORE_BELOW) return this.compressed(bytes);
    this.header(written);
    this.at += 5 + written;
  }

  /** A long run deflated in place of its text (copied out first: the output overwrites it). */
  private compressed(bytes: Uint8Array): void {
    const deflated = deflateRawSync(Buffer.from(bytes), DYNAMIC);
    this.reserve(deflated.byteLength);
    this.out.set(deflated, this.at);
    this.at += deflated.byteLength;
  }

  /** A stored block's header at the write position: not final, type 00, then its length and the length's complement. */
  private header(length: number): void {
    const o = this.out;
    const at = this.at;
    o[at] = 0;
    o[at + 1] = length & 0xff;
    o[at + 2] = length >>> 8;
    o[at + 3] = ~length & 0xff;
    o[at + 4] = (~length >>> 8) & 0xff;
  }
}
