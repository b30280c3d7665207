import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { startTestApp, type TestApp } from '../support/app.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const page = (path: string, locale: string) => app.fetch(path, { headers: { accept: 'text/html', cookie: `locale=${locale}` } }).then((r) => r.text());
type Genres = { genres: Array<{ slug: string; name: string; count: number; label?: string }> };
const api = (path: string) => app.fetch(path, { headers: { accept: 'application/json' } });

describe('genres in the reader\'s language', () => {
  test('the book page in French names and links its genres by slug', async () => {
    const html = await page('/book/the-ninth-mountain-sect', 'fr');
    expect(html).toContain('<a class="genre-list__link" href="/browse?genre=martial-arts">Arts martiaux</a>');
    expect(html).toContain('<a class="genre-list__link" href="/browse?genre=adventure">Aventure</a>');
    expect(html).not.toContain('>Martial Arts<');
  });

  test('browse in Portuguese: options by their Portuguese names, in Portuguese order; the title too', async () => {
    const html = await page('/browse?genre=slice-of-life', 'pt');
    expect(html).toContain('<h1 id="browse-title">');
    expect(html).toMatch(/<h1 id="browse-title">[^<]*Cotidiano[^<]*<\/h1>/);
    const select = html.match(/<select[^>]*name="genre"[^>]*>(.*?)<\/select>/s)![1]!;
    expect(select).toContain('<option value="martial-arts">Artes marciais · 1</option>');
    expect(select).toContain('<option value="slice-of-life" selected>Cotidiano · 2</option>');
    const labels = [...select.matchAll(/<option value="[^"]+"[^>]*>([^<·]+) · /g)].map((m) => m[1]!);
    expect(labels.length).toBeGreaterThan(10);
    expect(labels).toEqual([...labels].sort((a, b) => a.localeCompare(b, 'pt-BR')));
    expect(labels[0]).toBe('Ação'); // "Action" sorts first in English too, but under its own name
  });

  test('book cards, search chips and rankings name genres in the reader\'s language', async () => {
    const home = await page('/', 'es');
    expect(home).toContain('<p class="book-card__genres">Aventura · Artes marciales</p>');
    const search = await page('/search?q=mountain', 'es');
    expect(search).toContain('>Artes marciales</a>');
    const ranking = await page('/ranking', 'id');
    expect(ranking).toContain('<p class="book-card__genres">Petualangan · Seni bela diri</p>');
  });

  test('GET /api/genres keeps the stored names; ?locale= adds each genre\'s label in that locale', async () => {
    const plain = (await (await api('/api/genres')).json()) as Genres;
    expect(plain.genres.find((g) => g.slug === 'martial-arts')).toEqual({ slug: 'martial-arts', name: 'Martial Arts', count: 1 });
    const res = await api('/api/genres?locale=fr');
    expect(res.status).toBe(200);
    const fr = (await res.json()) as Genres;
    expect(fr.genres.find((g) => g.slug === 'martial-arts')).toEqual({ slug: 'martial-arts', name: 'Martial Arts', count: 1, label: 'Arts martiaux' });
    expect(fr.genres.map((g) => g.slug)).toEqual(plain.genres.map((g) => g.slug));
    const bad = await api('/api/genres?locale=de');
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: 'invalid_request', message: 'locale must be one of en, pt, es, fr, id' });
  });
});
