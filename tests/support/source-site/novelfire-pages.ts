import { chapterTitle, escapeHtml as e, paragraphs } from './prose.ts';
import type { SiteBook } from './books.ts';

/** Pages in novelfire's structure (sources.md), with the noise real pages carry. */
const page = (title: string, body: string) => `<!DOCTYPE html><html><head><meta charset="utf-8"><title>${e(title)}</title></head><body>${body}</body></html>`;
const PER_PAGE = 50;

export function bookPage(book: SiteBook, chapters: number): string {
  return page(`${book.title} - Novel Fire`, `
<meta property="og:image" content="/static/covers/${book.slug}.svg">
<div class="novel-info"><h1 class="novel-title">${e(book.title)}</h1>
<div class="author">Author: <a href="/author/x"><span itemprop="author">${e(book.author)}</span></a></div></div>
<figure class="cover"><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" data-src="/static/covers/${book.slug}.svg" alt="${e(book.title)}"></figure>
<div class="header-stats"><span><strong>${chapters}</strong><i class="icon-book-open"></i> Chapters</span><span><strong class="${book.status}">${book.status === 'ongoing' ? 'Ongoing' : 'Completed'}</strong> Status</span></div>
<div class="categories"><ul>${book.genres.map((g) => `<li><a class="property-item" href="/genre-${g.toLowerCase().replace(/ /g, '-')}">${e(g)}</a></li>`).join('')}</ul></div>
<div class="summary"><div class="content"><p>${e(book.description)}</p><span class="expand">Show more</span></div></div>
<script>window.ads = true;</script>`);
}

/** 50 rows a page; the pagination shows a window of pages, so its last link is not the last page. */
export function chapterListPage(book: SiteBook, chapters: number, n: number, duplicated: number | null): string {
  const last = Math.max(1, Math.ceil(chapters / PER_PAGE));
  const numbers = Array.from({ length: PER_PAGE }, (_, i) => (n - 1) * PER_PAGE + i + 1).filter((c) => c <= chapters);
  if (duplicated !== null && numbers.includes(duplicated)) numbers.splice(numbers.indexOf(duplicated) + 1, 0, duplicated);
  const rows = numbers.map((c) => {
    const title = `Chapter ${c}: ${chapterTitle(book.seed, c)}`;
    return `<li><a href="/book/${book.slug}/chapter-${c}" title="${e(title)}"><span class="chapter-no">${c}</span><strong class="chapter-title">${e(title)}</strong><time class="chapter-update">2 years ago</time></a></li>`;
  });
  const window = [n - 2, n - 1, n, n + 1, n + 2].filter((p) => p >= 1 && p <= last);
  const links = window.map((p) => `<li><a class="page-link" href="/book/${book.slug}/chapters?page=${p}">${p}</a></li>`).join('');
  const next = n < last ? `<li><a class="page-link" rel="next" href="/book/${book.slug}/chapters?page=${n + 1}">›</a></li>` : '';
  return page(`${book.title} chapters - Novel Fire`, `<ul class="chapter-list">${rows.join('')}</ul><ul class="pagination">${links}${next}</ul>`);
}

export function chapterPage(book: SiteBook, c: number, empty = false): string {
  const title = `Chapter ${c}: ${chapterTitle(book.seed, c)}`;
  const [first, second, ...rest] = paragraphs(book.seed, c);
  const body = empty
    ? ''
    : `<p>${e(title)}</p>
<p>${e(first!)} Read the latest chapters at n0velfire.net first. ${e(second!.split(' ').slice(0, 6).join(' '))}&nbsp;continues.</p>
<div class="box-ads"><p>ADVERTISEMENT: buy coins now</p></div>
<p class="nf-wm-1a2b">Find this chapter at NoveIFire.net, the only official source.</p>
<nfadv1 class="x">Support us at novelfire.net</nfadv1>
<script>document.write('ad')</script>
${rest.map((p) => `<p>${e(p)}</p>`).join('\n')}
<div class="box-notification">Please turn off your ad blocker.</div>
<img src="/static/adblock.png" alt="">`;
  return page(`${book.title} ${title} - Novel Fire`, `<div class="chapter-header"><span class="chapter-title">${e(title)}</span></div><div id="content">${body}</div>`);
}

export function listPage(books: SiteBook[], n: number, perPage: number): string {
  const items = books.slice((n - 1) * perPage, n * perPage);
  const more = n * perPage < books.length;
  return page('Novels - Novel Fire', `<ul class="novel-list">${items
    .map((b) => `<li class="novel-item"><a href="/book/${b.slug}" title="${e(b.title)}"><figure class="novel-cover"><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" data-src="/static/covers/${b.slug}.svg"></figure><h4 class="novel-title">${e(b.title)}</h4></a></li>`)
    .join('')}</ul><ul class="pagination">${more ? `<li><a rel="next" href="?page=${n + 1}">›</a></li>` : ''}</ul>`);
}

export const notFoundPage = () => page('Page Not Found - Novel Fire', '<div class="page-404"><h1>404</h1><p>This page does not exist.</p></div>');
