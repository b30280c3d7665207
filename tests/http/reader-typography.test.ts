import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { startTestApp, type TestApp } from '../support/app.ts';
import { TEST_ORIGIN } from '../support/auth.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const page = async (path: string, headers: Record<string, string> = {}) => {
  const res = await app.fetch(path, { headers: { accept: 'text/html', ...headers } });
  return { res, body: await res.text() };
};

describe('typeset chapters', () => {
  test('the API keeps the stored markdown as text; its html has curly quotes', async () => {
    const res = await app.fetch('/api/chapter/ink-and-alibis/1', { headers: { accept: 'application/json' } });
    const { chapter } = (await res.json()) as { chapter: { text: string; html: string } };
    expect(chapter.text).toContain('"Miss Amory! Harbourmaster\'s dead!"');
    expect(chapter.html).toContain('<p>“Miss Amory! Harbourmaster’s dead!”</p>');
    expect(chapter.html).not.toMatch(/>[^<]*"[^<]*</); // no straight double quote left in any text
  });

  test('the chapter page shows the same typeset text', async () => {
    const { body } = await page('/book/ink-and-alibis/1');
    expect(body).toContain('<p>“Miss Amory! Harbourmaster’s dead!”</p>');
  });
});

describe('the book font', () => {
  test('the stylesheet names the self-hosted Literata files by their fingerprinted addresses, served as fonts for a year', async () => {
    const { body } = await page('/book/ink-and-alibis/1');
    const css = /<link rel="stylesheet" href="([^"]+)"/.exec(body)![1]!;
    const sheet = await (await app.fetch(css)).text();
    const fonts = [...sheet.matchAll(/url\('(\/assets\/vendor\/fonts\/literata-[a-z-]+-wght-(?:normal|italic)\.[0-9a-f]{10}\.woff2)'\)/g)].map((m) => m[1]!);
    expect(fonts).toHaveLength(4); // Latin and Latin Extended, upright and italic
    expect(sheet).not.toContain("url('/assets/vendor/fonts/literata-latin-wght-normal.woff2')");
    expect(sheet).toContain('font-display: swap');
    for (const font of fonts) {
      const res = await app.fetch(font);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('font/woff2');
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect((await res.arrayBuffer()).byteLength).toBeGreaterThan(10_000);
    }
  });

  test('the appearance menu offers it as the book font; a reader reading in it gets it preloaded', async () => {
    const { body } = await page('/book/ink-and-alibis/1', { cookie: 'font_family=serif' });
    expect(body).toContain('<option value="serif" selected>Book (Literata)</option>');
    expect(body).toMatch(/<link rel="preload" href="\/assets\/vendor\/fonts\/literata-latin-wght-normal\.[0-9a-f]{10}\.woff2" as="font" type="font\/woff2" crossorigin="anonymous"\/>/);
    expect((await page('/book/ink-and-alibis/1', { cookie: 'font_family=system' })).body).not.toContain('rel="preload"');
  });

  test('a reader who never chose a font is offered it on chapter pages, once; a choice ends the offer', async () => {
    const offer = '<form class="font-offer" method="post" action="/prefs" hx-post="/prefs" hx-swap="none" data-font-offer>';
    const fresh = await page('/book/ink-and-alibis/2');
    expect(fresh.body).toContain(offer);
    expect(fresh.body).toContain('<button type="submit" class="button font-offer__use" name="font_family" value="serif">Use the book font</button>');
    expect(fresh.body).toContain('<button type="submit" class="button button--quiet font-offer__dismiss" name="font_family" value="system">No thanks</button>');
    expect(fresh.body).toContain('<input type="hidden" name="return_to" value="/book/ink-and-alibis/2"/>');
    // The page cache keeps the two pages apart: a chosen font (even the system one) never sees the offer.
    for (const font of ['system', 'serif', 'mono']) expect((await page('/book/ink-and-alibis/2', { cookie: `font_family=${font}` })).body).not.toContain('data-font-offer');
    expect((await page('/book/ink-and-alibis/2')).body).toContain(offer);
    // Not on the book page.
    expect((await page('/book/ink-and-alibis')).body).not.toContain('data-font-offer');

    // "No thanks" without JavaScript: the choice is saved for this anonymous reader and the page comes back without the offer.
    const dismissed = await app.fetch('/prefs', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: TEST_ORIGIN, cookie: 'session_id=font-offer-reader-0123456789' },
      body: new URLSearchParams({ font_family: 'system', return_to: '/book/ink-and-alibis/2' }).toString(),
      redirect: 'manual',
    });
    expect(dismissed.status).toBe(303);
    expect(dismissed.headers.get('location')).toBe('/book/ink-and-alibis/2');
    const cookie = dismissed.headers.getSetCookie().find((c) => c.startsWith('font_family='))!;
    expect(cookie).toStartWith('font_family=system;');
    expect((await page('/book/ink-and-alibis/2', { cookie: 'font_family=system' })).body).not.toContain('data-font-offer');
  });
});

describe('the end of a chapter', () => {
  test('previous and next are the same kind of button; at the first chapter the missing one is there, disabled', async () => {
    const { body } = await page('/book/ink-and-alibis/1', { cookie: 'font_family=system' });
    const nav = body.slice(body.indexOf('<nav class="reader-nav"'), body.indexOf('</nav>', body.indexOf('<nav class="reader-nav"')));
    expect(nav).toContain('<a class="button button--quiet reader-nav__step reader-nav__prev" role="link" aria-disabled="true">');
    expect(nav).toContain('<a class="button button--quiet reader-nav__step reader-nav__next" rel="next" href="/book/ink-and-alibis/2">');
    expect(nav).toContain('<span class="reader-nav__label reader-nav__label--long">Next chapter</span><span class="reader-nav__label reader-nav__label--short">Next</span>');
    const middle = (await page('/book/ink-and-alibis/2', { cookie: 'font_family=system' })).body;
    expect(middle).toContain('<a class="button button--quiet reader-nav__step reader-nav__prev" rel="prev" href="/book/ink-and-alibis/1">');
  });

  test('the keyboard tip is in the page but hidden until the script finds a keyboard', async () => {
    const { body } = await page('/book/ink-and-alibis/1');
    expect(body).toContain('<p class="reader__hint" hidden data-keys-hint>Tip: the ← and → keys turn the chapter.</p>');
  });
});
