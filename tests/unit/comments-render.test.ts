import { describe, expect, test } from 'bun:test';
import { plainExcerpt, renderComment } from '../../src/features/comments/render.ts';
import { formatCursor, normaliseText, parseChapter, parseCursor } from '../../src/features/comments/parse.ts';
import { groupThreads } from '../../views/pages/comments/types.ts';
import { relativeTime } from '../../views/pages/comments/dates.ts';
import type { Comment } from '../../src/features/comments/model.ts';

describe('renderComment', () => {
  test('everyday markdown: emphasis, lists, quotes, code, line breaks', () => {
    expect(renderComment('*so* **good**\nnext line')).toBe('<p><em>so</em> <strong>good</strong><br />next line</p>');
    expect(renderComment('> quoted\n\n- a\n- b')).toBe('<blockquote>\n<p>quoted</p>\n</blockquote>\n<ul>\n<li>a</li>\n<li>b</li>\n</ul>');
    expect(renderComment('`x < y`')).toBe('<p><code>x &lt; y</code></p>');
    expect(renderComment('~~gone~~')).toBe('<p><del>gone</del></p>');
  });

  test('typographic punctuation in text, never in code or in HTML typed as text', () => {
    expect(renderComment('"Best" chapter -- so far...\nIt\'s great')).toBe('<p>“Best” chapter – so far…<br />It’s great</p>');
    expect(renderComment('`a "b" -- c` and "d"')).toBe('<p><code>a "b" -- c</code> and “d”</p>');
    expect(renderComment('```\n"x" -- y\n```')).toBe('<pre><code>"x" -- y\n</code></pre>');
    expect(renderComment('<i title="a">x</i> "y"')).toBe('<p>&lt;i title="a"&gt;x&lt;/i&gt; “y”</p>');
  });

  test('raw HTML is shown as text, never interpreted', () => {
    expect(renderComment('I <3 this <b>chapter</b>')).toBe('<p>I &lt;3 this &lt;b&gt;chapter&lt;/b&gt;</p>');
    expect(renderComment('<div onclick="x">block</div>')).toBe('<p>&lt;div onclick="x"&gt;block&lt;/div&gt;</p>');
  });

  test('headings become bold lines; images become links to the image; unsafe links keep only their text', () => {
    expect(renderComment('# Big')).toBe('<p><strong>Big</strong></p>');
    expect(renderComment('![the map](https://img.example/map.png)')).toBe('<p><a href="https://img.example/map.png" rel="nofollow ugc noopener">the map</a></p>');
    expect(renderComment('![](https://img.example/map.png)')).toBe('<p><a href="https://img.example/map.png" rel="nofollow ugc noopener">https://img.example/map.png</a></p>');
    expect(renderComment('[home](/admin) [x](javascript:alert(1))')).toBe('<p><span>home</span> <span>x</span></p>');
    expect(renderComment('see https://ok.example')).toBe('<p>see <a href="https://ok.example" rel="nofollow ugc noopener">https://ok.example</a></p>');
  });

  test('quotes nested past eight levels are flattened (deep nesting only costs time)', () => {
    const html = renderComment('>'.repeat(5000) + ' deep');
    expect(html.match(/<blockquote>/g)).toHaveLength(8);
    expect(html).toContain('deep');
  });

  test('plain excerpts for notifications', () => {
    expect(plainExcerpt('The **old** one, [see](https://x.example)')).toBe('The old one, see https://x.example');
    expect(plainExcerpt('What a chapter! (Finally.) Is it over?!')).toBe('What a chapter! (Finally.) Is it over?!');
    expect(plainExcerpt('> quoted\n# Heading\n- item one\n2. two ![a map](/m.png) ~~no~~ `code`')).toBe('quoted Heading item one two a map no code');
    expect(plainExcerpt('a'.repeat(200))).toHaveLength(140);
    expect(plainExcerpt('a'.repeat(200)).endsWith('…')).toBe(true);
  });
});

describe('parsing', () => {
  test('text is normalised and measured in code points', () => {
    expect(normaliseText('\r\n\r\n  hi\r\nthere  \n\n')).toBe('  hi\nthere');
    expect(normaliseText('a\u0000b')).toBe('ab');
    expect(() => normaliseText(' \u200b\n')).toThrow('text must not be empty');
    expect(normaliseText('😀'.repeat(10_000))).toHaveLength(20_000);
    expect(() => normaliseText('😀'.repeat(10_001))).toThrow('text must be at most 10,000 characters');
    expect(() => normaliseText('x'.repeat(40_001))).toThrow('text must be at most 10,000 characters');
    expect(normaliseText(`${'x'.repeat(10_000)}\r\n${' '.repeat(100)}`)).toHaveLength(10_000);
  });

  test('cursors round-trip exactly; chapters are whole numbers', () => {
    const cursor = { hot: 39894.49276562222, id: 17 };
    expect(parseCursor(formatCursor(cursor))).toEqual(cursor);
    expect(parseCursor(formatCursor({ hot: -1.5e-7, id: 3 }))).toEqual({ hot: -1.5e-7, id: 3 });
    expect(parseCursor(undefined)).toBeNull();
    expect(() => parseCursor('1_0')).toThrow();
    expect(parseChapter('')).toBeNull();
    expect(parseChapter('12')).toBe(12);
    expect(() => parseChapter('012')).toThrow();
    expect(() => parseChapter('2147483648')).toThrow();
  });
});

describe('views helpers', () => {
  const c = (id: number, parent_id: number | null) => ({ id, parent_id }) as Comment;
  test('groupThreads keeps replies under the comment they follow', () => {
    expect(groupThreads([c(1, null), c(2, 1), c(3, 1), c(4, null)]).map((g) => [g.comment.id, g.replies.map((r) => r.id)])).toEqual([[1, [2, 3]], [4, []]]);
  });
  test('relative times in the reader\'s language', () => {
    const now = Date.parse('2026-11-21T12:00:00Z');
    expect(relativeTime('2026-11-21T09:00:00Z', 'en', now)).toBe('3 hours ago');
    expect(relativeTime('2026-11-20T12:00:00Z', 'fr', now)).toBe('hier');
    expect(relativeTime('2026-11-21T11:59:58Z', 'en', now)).toBe('now');
  });
});
