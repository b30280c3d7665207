// The library's small pure pieces, without a server (kept beside the HTTP tests of the feature).
import { describe, expect, test } from 'bun:test';
import { makeCtx } from '../support/page-context.ts';
import { noticeOf, pageStateOf, slugList } from '../../src/features/library/page-state.ts';
import { ShelfControl } from '../../views/components/ShelfControl.tsx';
import { progressPercent } from '../../views/components/ReadingProgress.tsx';
import { libraryUrl } from '../../src/features/library/paths.ts';

describe('progressPercent', () => {
  test('counts finished chapters plus the part of the current one', () => {
    expect(progressPercent(1, 10)).toBe(0);
    expect(progressPercent(6, 10, 0.5)).toBe(55);
    expect(progressPercent(10, 10, 1)).toBe(100);
  });

  test('stays within 0–100 for odd input (a book that lost chapters, bad scroll)', () => {
    expect(progressPercent(40, 30, 1)).toBe(100);
    expect(progressPercent(3, 0)).toBe(0);
    expect(progressPercent(0, 10)).toBe(0);
    expect(progressPercent(2, 10, 7)).toBe(20);
    expect(progressPercent(2, 10, -1)).toBe(10);
  });
});

describe('the library page address', () => {
  test('libraryUrl leaves out what is unset, in a stable order', () => {
    expect(libraryUrl()).toBe('/library');
    expect(libraryUrl({ shelf: null, select: false })).toBe('/library');
    expect(libraryUrl({ shelf: 'completed', select: true, done: 'moved', n: 2, to: 'reading' })).toBe('/library?shelf=completed&select=1&done=moved&n=2&to=reading');
  });

  test('pageStateOf reads the tab leniently', () => {
    expect(pageStateOf({ shelf: 'dropped', select: '1' })).toEqual({ shelf: 'dropped', selecting: true });
    expect(pageStateOf({ shelf: 'nonsense', select: 'yes' })).toEqual({ shelf: null, selecting: false });
  });

  test('noticeOf turns a result into words, and ignores what it does not know', () => {
    const t = makeCtx({ locale: 'pt' }).t;
    expect(noticeOf({ done: 'moved', n: '3', to: 'completed' }, t)).toEqual({ level: 'ok', message: '3 livros movidos para Concluídos.' });
    expect(noticeOf({ done: 'removed', n: '1' }, t)).toEqual({ level: 'ok', message: '1 livro removido da sua biblioteca.' });
    expect(noticeOf({ error: 'unknown' }, t)?.level).toBe('error');
    expect(noticeOf({ done: 'moved', n: '3', to: '<b>' }, t)).toBeNull();
    expect(noticeOf({ done: 'explode' }, t)).toBeNull();
    // pt-BR counts 0 as singular (CLDR); the point is that junk becomes 0.
    expect(noticeOf({ done: 'removed', n: 'lots' }, t)?.message).toBe('0 livro removido da sua biblioteca.');
  });

  test('slugList takes one checkbox or several, without blanks or repeats', () => {
    expect(slugList(undefined)).toEqual([]);
    expect(slugList('a')).toEqual(['a']);
    expect(slugList(['a', '', 'b', 'a'])).toEqual(['a', 'b']);
  });
});

describe('ShelfControl', () => {
  test('anonymous readers get a sign-in link back to the page', async () => {
    const html = await Promise.resolve(ShelfControl({ ctx: makeCtx({ path: '/book/x?y=1' }), slug: 'x', shelf: null, signedIn: false }));
    expect(html).toContain('href="/login?return_to=%2Fbook%2Fx%3Fy%3D1"');
    expect(html).toContain('Sign in to save');
    expect(html).not.toContain('<form');
  });

  test('escapes the title and the notice; marks the current shelf', async () => {
    const html = await Promise.resolve(
      ShelfControl({ ctx: makeCtx(), slug: 'x', shelf: 'dropped', signedIn: true, title: '"><script>1</script>', notice: '<b>done</b>', returnTo: '/library' }),
    );
    // Attribute values are quoted with their quotes escaped: the title cannot leave the attribute.
    expect(html).not.toContain('"><script>');
    expect(html).toContain('aria-label="On shelf: &#34;><script>1</script>"');
    expect(html).not.toContain('<b>');
    expect(html).toContain('&lt;b&gt;done&lt;/b&gt;');
    expect(html).toContain('<option value="dropped" selected>Dropped</option>');
    expect(html).toContain('<input type="hidden" name="return_to" value="/library"/>');
    expect(html).toContain('hx-trigger="change, submit"');
  });
});
