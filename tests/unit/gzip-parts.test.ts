import { describe, expect, test } from 'bun:test';
import { crc32, gunzipSync } from 'node:zlib';
import { crc32Combine, deflatePiece, GzipJoiner } from '../../src/platform/http/gzip-parts.ts';
import { rng } from '../support/rng.ts';

const WORDS = ['<p>', '</p>', 'chapter', 'the', 'é', '日本', '😀', '&amp;', '\n', 'lantern', 'river ', '“quoted”'];
const text = (rand: () => number, words: number) => Array.from({ length: words }, () => WORDS[Math.floor(rand() * WORDS.length)]).join('');

describe('gzip bodies joined from pieces', () => {
  test('CRC-32 of joined texts combines from the parts, whatever their lengths', () => {
    const rand = rng(1);
    for (let i = 0; i < 300; i++) {
      const a = Buffer.from(text(rand, Math.floor(rand() * 400)));
      const b = Buffer.from(text(rand, Math.floor(rand() * (i % 10 === 0 ? 40000 : 400))));
      expect(crc32Combine(crc32(a) >>> 0, crc32(b) >>> 0, b.byteLength)).toBe(crc32(Buffer.concat([a, b])) >>> 0);
    }
  });

  test('any mix of kept pieces and request text decodes to the texts in order', () => {
    const rand = rng(2);
    for (let i = 0; i < 200; i++) {
      const joiner = new GzipJoiner();
      let expected = '';
      for (let part = Math.floor(rand() * 12); part >= 0; part--) {
        // Short and long texts: stored blocks, compressed runs, pieces (one over a stored block's 64 kB).
        const t = text(rand, rand() < 0.05 ? 12000 : Math.floor(rand() * 300));
        if (rand() < 0.5) joiner.piece(deflatePiece(t));
        else joiner.text(t);
        expected += t;
      }
      expect(gunzipSync(joiner.finish()).toString('utf8')).toBe(expected);
    }
  });

  test('an empty body is a valid gzip of nothing', () => {
    expect(gunzipSync(new GzipJoiner().finish()).byteLength).toBe(0);
  });

  test('a kept piece is compressed: the page costs less than its text', () => {
    const page = '<section class="player">'.repeat(400);
    const piece = deflatePiece(page);
    expect(piece.length).toBe(Buffer.byteLength(page));
    expect(piece.deflated.byteLength).toBeLessThan(piece.length / 20);
  });

  test('bodies built side by side, or one after another in the same buffer, stay whole and exact', () => {
    const rand = rng(9);
    const texts = Array.from({ length: 6 }, () => text(rand, 3000));
    const first = new GzipJoiner(64).text(texts[0]!);
    const second = new GzipJoiner(64).piece(deflatePiece(texts[1]!)).text(texts[2]!);
    const a = first.piece(deflatePiece(texts[3]!)).finish();
    const b = second.finish();
    const c = new GzipJoiner(1024 * 1024).text(texts[4]!).finish();
    const d = new GzipJoiner().text(texts[5]!).finish();
    expect(gunzipSync(a).toString()).toBe(texts[0]! + texts[3]!);
    expect(gunzipSync(b).toString()).toBe(texts[1]! + texts[2]!);
    expect(gunzipSync(c).toString()).toBe(texts[4]!);
    expect(gunzipSync(d).toString()).toBe(texts[5]!);
    // Each body holds its own bytes only, not the buffer it was built in.
    for (const body of [a, b, c, d]) expect(body.buffer.byteLength).toBeLessThan(body.byteLength + 8192);
  });

  test('a finished body takes no more parts', () => {
    const joiner = new GzipJoiner();
    joiner.text('done').finish();
    expect(() => joiner.piece(deflatePiece('more'))).toThrow('a finished gzip body takes no more parts');
  });
});
