import { describe, expect, test } from 'bun:test';
import { makeCtx } from '../support/page-context.ts';
import { SiteNav } from '../../views/components/SiteNav.tsx';
import { SiteHeader } from '../../views/components/SiteHeader.tsx';
import type { Viewer } from '../../src/platform/http/page-context.ts';

const render = (html: JSX.Element) => Promise.resolve(html);
const reader: Viewer = { username: 'ada', role: 'user', avatarUrl: null };
const admin: Viewer = { username: 'root', role: 'admin', avatarUrl: null };

/** The links of the rendered nav, in order: [href, label, current]. */
function links(html: string): Array<[string, string, boolean]> {
  return [...html.matchAll(/<a class="site-nav__link" href="([^"]+)"( aria-current="page")?>.*?<span class="site-nav__label">([^<]+)<\/span><\/a>/g)].map((m) => [m[1]!, m[3]!, m[2] !== undefined]);
}

describe('SiteNav', () => {
  test('every destination in order, labelled for assistive tech, with its icon hidden from it', async () => {
    const out = await render(<SiteNav ctx={makeCtx({ viewer: reader })} current="/" />);
    expect(out).toStartWith('<nav class="site-nav" aria-label="Main" data-site-nav>');
    expect(links(out).map(([href, label]) => [href, label])).toEqual([
      ['/', 'Home'],
      ['/browse', 'Browse'],
      ['/search', 'Search'],
      ['/ranking', 'Rankings'],
      ['/library', 'Library'],
      ['/discover', 'Discover'],
    ]);
    expect(out.match(/<svg class="site-nav__icon"[^>]*aria-hidden="true"/g)).toHaveLength(6);
  });

  test('only an admin gets "Admin"', async () => {
    const forAdmin = links(await render(<SiteNav ctx={makeCtx({ viewer: admin })} current="/" />));
    expect(forAdmin.at(-1)).toEqual(['/admin', 'Admin', false]);
    for (const viewer of [null, reader, { ...reader, role: 'pro' as const }]) {
      expect(links(await render(<SiteNav ctx={makeCtx({ viewer })} current="/" />)).map(([href]) => href)).not.toContain('/admin');
    }
  });

  test('marks the section of the current page, and only it', async () => {
    const currentOf = async (path: string) =>
      links(await render(<SiteNav ctx={makeCtx({ viewer: admin })} current={path} />))
        .filter(([, , current]) => current)
        .map(([href]) => href);
    expect(await currentOf('/')).toEqual(['/']);
    expect(await currentOf('/search')).toEqual(['/search']);
    expect(await currentOf('/library/reading')).toEqual(['/library']);
    expect(await currentOf('/admin/books/x')).toEqual(['/admin']);
    expect(await currentOf('/book/x/1')).toEqual([]);
    expect(await currentOf('/browsefoo')).toEqual([]);
  });

  test('the header passes the path without its query', async () => {
    const out = await render(<SiteHeader ctx={makeCtx({ path: '/search?q=dragon' })} />);
    expect(links(out).filter(([, , current]) => current)).toEqual([['/search', 'Search', true]]);
  });

  test('speaks the reader’s language', async () => {
    const out = await render(<SiteHeader ctx={makeCtx({ locale: 'fr', viewer: admin })} />);
    expect(out).toContain('aria-label="Principale"');
    expect(links(out).map(([, label]) => label)).toEqual(['Accueil', 'Parcourir', 'Rechercher', 'Classements', 'Bibliothèque', 'Découvrir', 'Administration']);
    expect(out).toContain('Connecté en tant que root');
    expect(out).toContain('>Votre profil</a>');
  });
});
