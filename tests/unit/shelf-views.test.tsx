import { describe, expect, test } from 'bun:test';
import { makeCtx } from '../support/page-context.ts';
import type { Book } from '../../src/features/catalogue/model.ts';
import { BookFacts } from '../../views/components/BookFacts.tsx';
import { BookGenres } from '../../views/components/BookGenres.tsx';
import { ReadingProgress } from '../../views/components/ReadingProgress.tsx';
import { BookMenu } from '../../views/pages/library/BookMenu.tsx';

const book = (extra: Partial<Book> = {}): Book => ({
  slug: 'a-book', title: 'A <Book>', author: 'A', cover_url: null, description: '', genres: [], status: 'ongoing',
  chapter_count: 3, rating_avg: null, rating_count: 0, has_audio: false, ...extra,
});
const html = (el: JSX.Element) => Promise.resolve(el);

describe('BookFacts', () => {
  test('a book without chapters says nothing of its length rather than "0 chapters"', async () => {
    expect(await html(BookFacts({ ctx: makeCtx(), book: book({ chapter_count: 3 }) }))).toContain('<li>3 chapters</li>');
    const empty = await html(BookFacts({ ctx: makeCtx(), book: book({ chapter_count: 0 }) }));
    expect(empty).not.toContain('chapters');
    expect(empty).toContain('Ongoing');
  });
});

describe('BookGenres', () => {
  test('the first two genres in the reader\'s language; nothing for a book without genres', async () => {
    const genres = ['Martial Arts', 'Slice of Life', 'Romance'];
    expect(await html(BookGenres({ ctx: makeCtx({ locale: 'fr' }), book: { genres } }))).toBe('<p class="book-card__genres">Arts martiaux · Tranche de vie</p>');
    expect(await html(BookGenres({ ctx: makeCtx(), book: { genres: ['<Weird & New>'] } }))).toBe('<p class="book-card__genres">&lt;Weird &amp; New&gt;</p>');
    expect(await html(BookGenres({ ctx: makeCtx(), book: { genres: [] } }))).toBe('');
  });
});

describe('ReadingProgress on a cover', () => {
  test('a short tag and a bar; the bar is a named progressbar unless a link already says the chapter', async () => {
    const out = await html(ReadingProgress({ ctx: makeCtx({ locale: 'pt' }), chapter: 12, total: 340 }));
    expect(out).toContain('<span class="cover-frame__chapter" aria-hidden="true">Cap. 12 / 340</span>');
    expect(out).toContain('role="progressbar"');
    expect(out).toContain('aria-valuetext="Capítulo 12 de 340"');
    expect(out).toContain('style="width: 3%"');
    const quiet = await html(ReadingProgress({ ctx: makeCtx(), chapter: 4, total: 0, announce: false }));
    expect(quiet).toContain('>Ch. 4</span>');
    expect(quiet).not.toContain('progressbar');
    expect(quiet).toContain('<span class="cover-frame__bar" aria-hidden="true">');
  });
});

describe('BookMenu', () => {
  test('moves to every other shelf and removes; the title cannot break out of its attributes', async () => {
    const out = await html(BookMenu({ ctx: makeCtx(), book: book({ title: 'A "Book"' }), shelf: 'completed', tab: 'completed' }));
    expect(out).toContain('aria-label="Completed: move or remove A &#34;Book&#34;"');
    expect(out).toContain('<input type="hidden" name="return_to" value="/library?shelf=completed"/>');
    expect([...out.matchAll(/name="shelf" value="(\w+)"/g)].map((m) => m[1])).toEqual(['reading', 'plan_to_read', 'dropped']);
    expect(out).toContain('hx-confirm="Remove A &#34;Book&#34; from your library?"');
    expect(out).toContain('<input type="hidden" name="return_shelf" value="completed"/>');
    expect(out).not.toContain('"Book"');
  });
});
