import { describe, expect, test } from 'bun:test';
import { gunzipSync } from 'node:zlib';
import { createChapterPageTemplates } from '../../src/features/reader/page-template.ts';
import { deflatePiece } from '../../src/platform/http/gzip-parts.ts';
import type { ChapterPageData } from '../../src/features/reader/service.ts';
import { makeTranslator } from '../../src/platform/i18n/index.ts';
import { ChapterPage } from '../../views/pages/reader/ChapterPage.tsx';
import { LOCALES, type Locale } from '../../src/platform/i18n/locale.ts';
import { THEMES } from '../../src/platform/http/appearance.ts';
import type { PageContext, Viewer } from '../../src/platform/http/page-context.ts';
import { rng } from '../support/rng.ts';

/** mulberry32, so a failing case can be reproduced from its index. */
const NASTY_TEXT = ['Plain', 'Tom & Jerry', '<script>alert(1)</script>', 'He said "no"', "It's O'Brien", 'a/b?c=d#e%20f+g', 'Ünïcödé — “quotes” 日本語', '😀 emoji', '', '   ', '{number}', 'zq0000s1z'];
const NUMBERS = [1, 2, 9, 99, 100, 101, 999, 1000, 1001, 12345, 99999];

function ctxFor(rand: () => number, path: string): PageContext {
  const locale = LOCALES[Math.floor(rand() * LOCALES.length)] as Locale;
  const viewers: (Viewer | null)[] = [null, { username: 'ana', role: 'user', avatarUrl: null }, { username: 'root<&>', role: 'admin', avatarUrl: '/avatars/x.png?v=2&a=1' }];
  return {
    locale,
    theme: THEMES[Math.floor(rand() * THEMES.length)]!,
    fontFamily: (['system', 'serif', 'mono'] as const)[Math.floor(rand() * 3)]!,
    fontSize: [1, 1.25, 0.8][Math.floor(rand() * 3)]!,
    t: makeTranslator(locale),
    asset: (p) => `/assets/${p}`,
    path,
    baseUrl: rand() < 0.5 ? 'http://localhost:3000' : 'https://read.example.com',
    requestId: 'req-1',
    viewer: viewers[Math.floor(rand() * viewers.length)]!,
  };
}

function dataFor(rand: () => number, slug: string, n: number): ChapterPageData {
  const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)]!;
  const count = pick([n, n + 1, n + 500, 3]);
  return {
    book: { slug, title: pick(NASTY_TEXT) || 'Untitled', author: pick(NASTY_TEXT), cover_url: rand() < 0.5 ? null : `/covers/${slug}/c-${Math.floor(rand() * 1e6)}.webp`, status: rand() < 0.5 ? 'ongoing' : 'completed', chapter_count: count, language: pick(['en', 'pt-BR', 'de', 'x"<y']) },
    chapter: { number: n, title: pick(NASTY_TEXT), html: `<h2>Heading &amp; more</h2>\n<p>Text “${pick(NASTY_TEXT).replace(/[<>&]/g, '')}” with <em>emphasis</em>.</p>` },
    prev: rand() < 0.2 ? null : Math.max(0, n - 1 - Math.floor(rand() * 3)),
    next: rand() < 0.2 ? null : n + 1 + Math.floor(rand() * 3),
  };
}

describe('chapter page template', () => {
  test('filling the template gives exactly the page the view draws, over many chapters, looks and viewers', () => {
    const templates = createChapterPageTemplates();
    const rand = rng(20261129);
    let filled = 0;
    for (let i = 0; i < 600; i++) {
      const slug = ['the-book', 'a-2', 'x'][i % 3]!;
      const n = NUMBERS[i % NUMBERS.length]!;
      const ctx = ctxFor(rand, `/book/${slug}/${n}`);
      const data = dataFor(rand, slug, n);
      const suggestFont = rand() < 0.3;
      const lookKey = JSON.stringify([ctx.locale, ctx.theme, ctx.fontFamily, ctx.fontSize, ctx.viewer]);
      // Half the pages go in with the rendering as stored compressed, the others with its HTML.
      const stored = i % 2 === 0 ? deflatePiece(data.chapter.html) : null;
      const given = stored ? { ...data, chapter: { ...data.chapter, html: '' } } : data;
      const gzip = templates.gzip(ctx, lookKey, given, suggestFont, stored);
      expect(gzip).not.toBeNull();
      const direct = ChapterPage({ ctx, data, suggestFont }) as string;
      const fromTemplate = gunzipSync(gzip!).toString('utf8');
      if (fromTemplate !== direct) throw new Error(`case ${i} differs:\n${firstDifference(direct, fromTemplate)}`);
      filled++;
    }
    expect(filled).toBe(600);
  });

  test('pages the template cannot stand for are left to the view: another path, a translation, an unusual slug or cover', () => {
    const templates = createChapterPageTemplates();
    const rand = rng(7);
    const data = dataFor(rand, 'the-book', 5);
    const ctx = ctxFor(rand, '/book/the-book/5');
    expect(templates.gzip({ ...ctx, path: '/book/the-book/05' }, 'k', data, false)).toBeNull();
    expect(templates.gzip({ ...ctx, path: '/book/the-book/5?locale=fr' }, 'k', data, false)).toBeNull();
    expect(templates.gzip(ctx, 'k', { ...data, locale: 'fr' }, false)).toBeNull();
    expect(templates.gzip(ctx, 'k', { ...data, translating: 'fr' }, false)).toBeNull();
    const odd = { ...data, book: { ...data.book, slug: 'Odd Slug' } };
    expect(templates.gzip({ ...ctx, path: '/book/Odd%20Slug/5' }, 'k', odd, false)).toBeNull();
    expect(templates.gzip(ctx, 'k', { ...data, book: { ...data.book, cover_url: 'https://cdn.example.com/c.webp' } }, false)).toBeNull();
  });

  test('a template is a fraction of the cost of drawing and compressing the page', () => {
    const templates = createChapterPageTemplates();
    const rand = rng(3);
    const ctx = ctxFor(rand, '/book/the-book/7');
    const data = dataFor(rand, 'the-book', 7);
    const gzip = templates.gzip(ctx, 'k', data, false)!;
    // Compressed, and smaller than the page it stands for.
    expect(gzip.byteLength).toBeLessThan((ChapterPage({ ctx, data }) as string).length / 2);
  });
});

function firstDifference(a: string, b: string): string {
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  return `view:     …${a.slice(Math.max(0, i - 120), i + 120)}…\ntemplate: …${b.slice(Math.max(0, i - 120), i + 120)}…`;
}
