import { describe, expect, test } from 'bun:test';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import sharp from 'sharp';
import { coverSvg, layoutAuthor, layoutTitle, TEXT_WIDTH, TITLE_SIZES, AUTHOR_SIZE } from '../../src/features/covers/drawn/svg.ts';
import { ellipsize, wrapText } from '../../src/features/covers/drawn/wrap.ts';
import { textWidth } from '../../src/features/covers/drawn/glyphs.ts';
import { coverHue, hslHex } from '../../src/features/covers/drawn/hue.ts';
import { drawnCoverFingerprint, drawnCoverPath } from '../../src/features/covers/drawn/paths.ts';
import { Lru } from '../../src/features/covers/drawn/lru.ts';

const book = (title: string, author = 'Ilse Marrow', slug = 'the-cartographers-war') => ({ slug, title, author });

/** The lines of text the SVG draws, as a reader of the XML sees them (entities decoded). */
function drawnText(svg: string): { size: number; text: string }[] {
  const parsed = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', parseTagValue: false }).parse(svg) as { svg: { g: { text: unknown } } };
  const texts = ([] as unknown[]).concat(parsed.svg.g.text) as { 'font-size': string; '#text': string }[];
  return texts.map((t) => ({ size: Number(t['font-size']), text: t['#text'] }));
}

describe('wrapText', () => {
  test('every line fits the width, and words are kept whole when they fit', () => {
    const { lines, truncated, broken } = wrapText('The quick brown fox jumps over the lazy dog again and again', 8, 10);
    expect(truncated).toBe(false);
    expect(broken).toBe(false);
    for (const line of lines) expect(textWidth(line)).toBeLessThanOrEqual(8);
    expect(lines.join(' ')).toBe('The quick brown fox jumps over the lazy dog again and again');
  });

  test('a word longer than a line is split with a hyphen between letters', () => {
    const { lines, broken } = wrapText('Supercalifragilisticexpialidocious', 6, 10);
    expect(broken).toBe(true);
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) expect(textWidth(line)).toBeLessThanOrEqual(6);
    expect(lines.slice(0, -1).every((l) => l.endsWith('-'))).toBe(true);
    expect(lines.map((l) => l.replace(/-$/, '')).join('')).toBe('Supercalifragilisticexpialidocious');
  });

  test('text without spaces (Chinese) breaks between characters, without hyphens', () => {
    const { lines } = wrapText('三体问题的很长标题关于宇宙与人类文明的故事', 5, 10);
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.join('')).toBe('三体问题的很长标题关于宇宙与人类文明的故事');
    for (const line of lines) expect(textWidth(line)).toBeLessThanOrEqual(5);
  });

  test('past the last line allowed, the last line ends with an ellipsis and still fits', () => {
    const { lines, truncated } = wrapText('one two three four five six seven eight nine ten', 5, 2);
    expect(truncated).toBe(true);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toEndWith('…');
    for (const line of lines) expect(textWidth(line)).toBeLessThanOrEqual(5);
  });

  test('an emoji with joiners is never cut in half', () => {
    const family = '👩‍👩‍👧';
    const out = ellipsize(`ab ${family}${family}${family}${family}`, 4);
    expect(out).toEndWith('…');
    expect(out.replace('…', '').replace('ab', '').trim().split(family).every((rest) => rest === '')).toBe(true);
  });
});

describe('layoutTitle', () => {
  test('a short title gets the largest size', () => {
    expect(layoutTitle('Dune').size).toBe(TITLE_SIZES[0]);
  });

  test('a 300-character title steps down to the smallest size and ends with an ellipsis; every line fits', () => {
    const title = 'The Extraordinary Chronicle of '.repeat(10).slice(0, 300);
    expect(title).toHaveLength(300);
    const layout = layoutTitle(title);
    expect(layout.size).toBe(TITLE_SIZES.at(-1)!);
    expect(layout.truncated).toBe(true);
    expect(layout.lines.at(-1)).toEndWith('…');
    for (const line of layout.lines) expect(textWidth(line) * layout.size).toBeLessThanOrEqual(TEXT_WIDTH);
  });

  test('a long title that fits at a smaller size is shown whole', () => {
    const layout = layoutTitle('The Girl Who Circumnavigated Fairyland in a Ship of Her Own Making');
    expect(layout.truncated).toBe(false);
    expect(layout.size).toBeLessThan(TITLE_SIZES[0]);
    expect(layout.lines.join(' ')).toBe('The Girl Who Circumnavigated Fairyland in a Ship of Her Own Making');
  });

  test('the author takes at most two lines, each within the width', () => {
    const lines = layoutAuthor('Someone With A Very Long Name Indeed And More Names Than Anyone Needs At All');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toEndWith('…');
    for (const line of lines) expect(textWidth(line) * AUTHOR_SIZE).toBeLessThanOrEqual(TEXT_WIDTH);
  });
});

describe('coverSvg', () => {
  test('shows the title and the author, 600×900, in the book hue, with nothing outside it', () => {
    const svg = coverSvg(book("The Cartographer's War"));
    expect(svg).toStartWith('<svg xmlns="http://www.w3.org/2000/svg" width="600" height="900" viewBox="0 0 600 900">');
    expect(XMLValidator.validate(svg)).toBe(true);
    const lines = drawnText(svg);
    expect(lines.map((l) => l.text)).toEqual(['The', "Cartographer's", 'War', 'Ilse Marrow']);
    expect(svg).toContain(`stop-color="${hslHex(coverHue('the-cartographers-war'), 45, 28)}"`);
    expect(svg).not.toMatch(/<script|href|url\((?!#bg\))|on[a-z]+=|@import|<image|<foreignObject/i);
    // No slug on the cover when the book has a title.
    expect(svg).not.toContain('the-cartographers-war');
  });

  test('escapes markup and quotes, drops control characters and bidi overrides', () => {
    const svg = coverSvg(book(`Fish & <Chips> "quoted" 'single'\u0001\u202e`, 'A & B <c>'));
    expect(XMLValidator.validate(svg)).toBe(true);
    expect(svg).not.toContain('<Chips>');
    expect(svg).not.toContain('<c>');
    expect(svg).not.toMatch(/[\u0001\u202e]/);
    const text = drawnText(svg).map((l) => l.text).join(' ');
    expect(svg).toContain('Fish &amp; &lt;Chips&gt; &quot;quoted&quot; &apos;single&apos;');
    expect(text).toContain(`Fish & <Chips> "quoted" 'single'`);
    expect(text).toContain('A & B <c>');
  });

  test('right-to-left, Chinese and emoji titles make a well-formed SVG that librsvg draws', async () => {
    for (const b of [book('أسطورة الكتب المفقودة', 'عبد الله'), book('三体问题的很长标题关于宇宙与人类文明的故事', '刘慈欣'), book('Dragons 🐉 and 👩‍👩‍👧 Families', 'Émile Ünïcode'), book('Lone \ud800 surrogate', 'x')]) {
      const svg = coverSvg(b);
      expect(XMLValidator.validate(svg)).toBe(true);
      const meta = await sharp(Buffer.from(svg)).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['svg', 600, 900]);
      expect((await sharp(Buffer.from(svg)).png().toBuffer()).length).toBeGreaterThan(1000);
    }
  });

  test('a 300-character title: every line within the text box, the last with an ellipsis, the author still there', () => {
    const svg = coverSvg(book('A'.repeat(40) + ' ' + 'word '.repeat(52), 'Ilse Marrow'));
    const lines = drawnText(svg);
    const title = lines.filter((l) => l.size !== AUTHOR_SIZE);
    for (const line of title) expect(textWidth(line.text) * line.size).toBeLessThanOrEqual(TEXT_WIDTH);
    expect(title.at(-1)!.text).toEndWith('…');
    expect(lines.at(-1)).toEqual({ size: AUTHOR_SIZE, text: 'Ilse Marrow' });
  });

  test('a book without an author shows the title only; a book without a title shows its slug rather than nothing', () => {
    expect(drawnText(coverSvg(book('Alone', '  '))).map((l) => l.text)).toEqual(['Alone']);
    expect(drawnText(coverSvg(book('', '', 'untitled'))).map((l) => l.text)).toEqual(['untitled']);
  });
});

describe('addresses and caching', () => {
  test('the version in the address and the fingerprint change with the title or the author only', () => {
    const a = book('One');
    expect(drawnCoverPath(a)).toMatch(/^\/covers\/_drawn\/the-cartographers-war\.svg\?v=[0-9a-f]{10}$/);
    expect(drawnCoverPath(a, 'png')).toMatch(/^\/covers\/_drawn\/the-cartographers-war\.png\?v=[0-9a-f]{10}$/);
    expect(drawnCoverFingerprint(a)).toBe(drawnCoverFingerprint(book('One')));
    expect(drawnCoverFingerprint(a)).not.toBe(drawnCoverFingerprint(book('Two')));
    expect(drawnCoverFingerprint(a)).not.toBe(drawnCoverFingerprint(book('One', 'Someone else')));
  });

  test('the LRU keeps the most recently used entries', () => {
    const lru = new Lru<string, number>(2);
    lru.set('a', 1);
    lru.set('b', 2);
    expect(lru.get('a')).toBe(1);
    lru.set('c', 3);
    expect(lru.get('b')).toBeUndefined();
    expect(lru.get('a')).toBe(1);
    expect(lru.get('c')).toBe(3);
    expect(lru.size).toBe(2);
  });
});
