import { makeCtx as baseCtx } from '../support/page-context.ts';
import { describe, expect, test } from 'bun:test';
import type { Book } from '../../src/features/catalogue/model.ts';
import { ApiDocsPage } from '../../views/pages/docs/ApiDocsPage.tsx';
import { ErrorPage } from '../../views/pages/errors/ErrorPage.tsx';
import { NotFoundPage } from '../../views/pages/errors/NotFoundPage.tsx';
import { HomePage } from '../../views/pages/home/HomePage.tsx';

const makeCtx = (overrides: Parameters<typeof baseCtx>[0] = {}) => baseCtx({ fontSize: 1.125, requestId: 'req-123', ...overrides });

function book(overrides: Partial<Book>): Book {
  return {
    slug: 'a-book',
    title: 'A Book',
    author: 'Someone',
    cover_url: null,
    description: '',
    genres: [],
    status: 'ongoing',
    chapter_count: 1,
    rating_avg: null,
    rating_count: 0,
    has_audio: false,
    ...overrides,
  };
}

const evil = book({
  slug: 'evil',
  title: '<script>alert(1)</script>',
  author: '"quotes" & <b>',
  cover_url: 'https://img.example/x.jpg?a=1&b="2"',
  chapter_count: 12,
  rating_avg: 4.25,
  rating_count: 3,
});
const plain = book({ slug: 'plain', title: 'The Quiet Sea', status: 'completed' });

describe('HomePage', () => {
  const html = () => Promise.resolve(HomePage({ ctx: makeCtx(), rows: [{ kind: 'new', books: [evil, plain] }] }));

  test('escapes book text', async () => {
    const out = await html();
    expect(out).not.toContain('<script>alert');
    expect(out).not.toContain('<b>');
    expect(out).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(out).toContain('&quot;quotes&quot; &amp; &lt;b&gt;');
    // @kitajs/html escapes quotes in attributes (not `&`): the URL cannot break out of src.
    expect(out).toContain('src="https://img.example/x.jpg?a=1&b=&#34;2&#34;"');
  });

  test('is a full document with the preferences on <html>', async () => {
    const out = await html();
    expect(out.startsWith('<!doctype html>')).toBe(true);
    expect(out).toMatch(/<html lang="en" data-theme="amber" data-font="serif" style="--font-scale: 1.125">/);
    expect(out).toContain('<link rel="stylesheet" href="/assets/css/app.css"');
    expect(out).toContain('<script src="/assets/vendor/htmx.min.js" defer></script>');
    expect(out).toContain('<link rel="canonical" href="https://books.example/"');
    expect(out).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/); // no inline scripts (CSP)
    expect(out).not.toMatch(/\son[a-z]+=/); // no inline handlers
  });

  test('has the nav with the current page marked', async () => {
    const out = await html();
    for (const href of ['/', '/browse', '/search', '/ranking', '/library', '/discover']) {
      expect(out).toContain(`href="${href}"`);
    }
    expect(out).toMatch(/<a class="site-nav__link" href="\/" aria-current="page">.*?<span class="site-nav__label">Home<\/span><\/a>/s);
    expect(out.match(/aria-current="page"/g)).toHaveLength(1);
    expect(out).toContain('href="/api/docs"');
  });

  test('offers 6 themes and 5 languages in the appearance form', async () => {
    const out = await html();
    const select = (name: string) => out.match(new RegExp(`<select[^>]*name="${name}"[^>]*>(.*?)</select>`, 's'))?.[1] ?? '';
    expect(select('theme').match(/<option/g)).toHaveLength(6);
    expect(select('locale').match(/<option/g)).toHaveLength(5);
    for (const name of ['English', 'Português', 'Español', 'Français', 'Bahasa Indonesia']) expect(select('locale')).toContain(name);
    expect(select('theme')).toContain('<option value="amber" selected>');
    expect(out).toContain('<input type="hidden" name="return_to" value="/"');
    expect(out).toContain('hx-post="/prefs"');
  });

  test('renders cards: link, chapters, rating, drawn cover, empty state', async () => {
    const out = await html();
    expect(out).toContain('href="/book/plain"');
    expect(out).toContain('12 chapters');
    expect(out).toContain('1 chapter<');
    expect(out).toContain('Rated 4.3 out of 5 by 3 readers');
    expect(out).toMatch(/<img class="cover" src="\/covers\/_drawn\/plain\.svg\?v=[0-9a-f]{10}" alt=""/);
    // The top row's first two covers are the page's largest paint: loaded at once; a third would wait.
    expect(out.match(/fetchpriority="high"/g)).toHaveLength(2);
    expect(out).not.toContain('loading="lazy"');
    const three = await Promise.resolve(HomePage({ ctx: makeCtx(), rows: [{ kind: 'new', books: [evil, plain, { ...plain, slug: 'third' }] }] }));
    expect(three.match(/fetchpriority="high"/g)).toHaveLength(2);
    expect(three.match(/loading="lazy"/g)).toHaveLength(1);
    const empty = await Promise.resolve(HomePage({ ctx: makeCtx(), rows: [{ kind: 'new', books: [] }] }));
    expect(empty).toContain('No books yet');
  });
});

describe('error pages', () => {
  test('NotFoundPage speaks Portuguese', async () => {
    const out = await Promise.resolve(NotFoundPage({ ctx: makeCtx({ locale: 'pt', path: '/nada?x=1' }) }));
    expect(out).toContain('<html lang="pt"');
    expect(out).toContain('Não encontramos essa página');
    expect(out).toContain('Ir para a página inicial');
    expect(out).toContain('<title>Página não encontrada · Chapterhouse</title>');
    expect(out).not.toContain('aria-current');
  });

  test('ErrorPage shows the request id, escaped', async () => {
    const out = await Promise.resolve(ErrorPage({ ctx: makeCtx(), requestId: 'id-<x>' }));
    expect(out).toContain('Something went wrong');
    expect(out).toContain('<code>id-&lt;x&gt;</code>');
    expect(out).toContain('Please try again');
  });

  test('ErrorPage shows a status and a given message', async () => {
    const out = await Promise.resolve(ErrorPage({ ctx: makeCtx(), status: 403, message: 'Not <yours>' }));
    expect(out).toContain('>403</p>');
    expect(out).toContain('Not &lt;yours&gt;');
    expect(out).toContain('req-123');
  });
});

test('ApiDocsPage groups operations by tag', async () => {
  const spec = {
    paths: {
      '/api/books': { get: { summary: 'List <books>', tags: ['catalogue'], responses: { '200': {} } } },
      '/api/health': { get: { summary: 'Health' } },
      '/api/session': { post: { tags: ['accounts'], responses: { '201': {}, '401': {} } } },
    },
  };
  const out = await Promise.resolve(ApiDocsPage({ ctx: makeCtx({ path: '/api/docs' }), spec }));
  expect(out).toContain('List &lt;books&gt;');
  const order = ['accounts', 'catalogue', 'Other'].map((h) => out.indexOf(`>${h}</h2>`));
  expect(order.every((i) => i > 0)).toBe(true);
  expect([...order].sort((a, b) => a - b)).toEqual(order);
  expect(out).toContain('<span class="method method--post">POST</span>');
});
