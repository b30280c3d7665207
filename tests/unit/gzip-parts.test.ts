import { describe, expect, test } from 'bun:test';
import { crc32, gunzipSync } from 'node:zlib';
import { crc32Combine, deflatePiece, GzipJoiner } from '../../src/platform/http/gzip-parts.ts';

function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

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
});
