import { chapterTitle, escapeHtml as e, paragraphs } from './prose.ts';
import type { SiteBook } from './books.ts';

/** Pages in novelfire's structure (sources.md), with the noise real pages carry. */
const page = (title: string, body: string, head = '') => `<!DOCTYPE html><html><head><meta charset="utf-8"><title>${e(title)}</title>${head}</head><body>${body}<script>window.ads = true;</script></body></html>`;
const PER_PAGE = 50;
const PLACEHOLDER = 'data:image/gif;base64,R0lGODlhAQABAAAAACw=';
const coverOf = (book: SiteBook) => `/static/covers/${book.slug}.svg`;
export const nfChapterTitle = (book: SiteBook, c: number) => `Chapter ${c}: ${chapterTitle(book.seed, c)}`;

/** `section`: "book" on novelfire, "novel" on its mirror. `redesigned`: a layout the first selectors miss. */
export function bookPage(book: SiteBook, chapters: number, section: string, redesigned = false): string {
  const head = `<meta property="og:title" content="${e(book.title)}"><meta property="og:image" content="${coverOf(book)}">`;
  const genres = book.genres.map((g) => `<a class="property-item" href="/genre-${g.toLowerCase().replace(/ /g, '-')}/sort-popular/status-all/all-novel">${e(g)}</a>`);
  if (redesigned) {
    return page(`${book.title} - Novel Fire`, `
<header class="book-hero"><h1 itemprop="name">${e(book.title)}</h1><p class="writer">${e(book.author)}</p></header>
<div class="summary"><p>${e(book.description)}</p><span class="expand">Show more</span></div>
<div class="tag-cloud">${genres.join(' ')}</div>`, head);
  }
  return page(`${book.title} - Novel Fire`, `
<div class="novel-info"><h1 class="novel-title">${e(book.title)}</h1>
<div class="author">Author: <a href="/author/x"><span itemprop="author">${e(book.author)}</span></a></div></div>
<figure class="cover"><img src="${PLACEHOLDER}" data-src="${coverOf(book)}" alt="${e(book.title)}"></figure>
<div class="header-stats"><span><strong>${chapters}</strong><i class="icon-book-open"></i> Chapters</span><span><strong class="${book.status}">${book.status === 'ongoing' ? 'Ongoing' : 'Completed'}</strong> Status</span><span><strong class="nub">4.6</strong> Rating</span></div>
<div class="categories"><ul>${genres.map((g) => `<li>${g}</li>`).join('')}</ul></div>
<div class="summary"><div class="content"><p>${e(book.description)}</p><span class="expand">Show more</span></div></div>
<a class="button" href="/${section}/${book.slug}/chapters">All chapters</a>`, head);
}

/** 50 rows a page; the pagination shows a window of pages, so its last link is not the last page. */
export function chapterListPage(book: SiteBook, chapters: number, n: number, duplicated: number | null, section: string): string {
  const last = Math.max(1, Math.ceil(chapters / PER_PAGE));
  const numbers = Array.from({ length: PER_PAGE }, (_, i) => (n - 1) * PER_PAGE + i + 1).filter((c) => c <= chapters);
  if (duplicated !== null && numbers.includes(duplicated)) numbers.splice(numbers.indexOf(duplicated) + 1, 0, duplicated);
  const rows = numbers.map((c) => {
    const title = nfChapterTitle(book, c);
    return `<li><a href="/${section}/${book.slug}/chapter-${c}" title="${e(title)}"><span class="chapter-no">${c}</span><strong class="chapter-title">${e(title)}</strong><time class="chapter-update">2 years ago</time></a></li>`;
  });
  const window = [n - 2, n - 1, n, n + 1, n + 2].filter((p) => p >= 1 && p <= last);
  const link = (p: number, label = String(p), rel = '') => `<li><a class="page-link"${rel} href="/${section}/${book.slug}/chapters?page=${p}">${label}</a></li>`;
  const next = n < last ? link(n + 1, '›', ' rel="next"') : '';
  return page(`${book.title} chapters - Novel Fire`, `<ul class="chapter-list">${rows.join('')}</ul><ul class="pagination">${window.map((p) => link(p)).join('')}${next}</ul>`);
}

/** Watermark sentences spliced into the text, the domain misspelt a different way each time. */
const SPLICED = [
  'Read the latest chapters at n0velfire.net first.',
  'This chapter is updated by novelfire.net.',
  'Read the latest at NoveIFire.net!',
  'Visit novel-fire.net for the newest chapters.',
  'The source of this content is novelfire[.]net.',
];

/** `empty`: the body is there but holds nothing; `redesigned`: the body sits where no selector looks. */
export function chapterPage(book: SiteBook, c: number, empty = false, redesigned = false): string {
  const title = nfChapterTitle(book, c);
  const [first, second, ...rest] = paragraphs(book.seed, c);
  const body = empty
    ? '\n'
    : `<p>${e(title)}</p>
<p>${e(first!)} ${SPLICED[c % SPLICED.length]} ${e(second!.split(' ').slice(0, 6).join(' '))}&nbsp;continues.</p>
<div class="box-ads"><p>ADVERTISEMENT: buy coins now</p></div>
<p class="nf-wm-${(c * 7919).toString(36)}">Find this chapter at NoveIFire.net, the only official source.</p>
<nfadv${c % 9} class="x">Support us at novelfire.net</nfadv${c % 9}>
<script>document.write('ad')</script>
${rest.map((p) => `<p>${e(p)}</p>`).join('\n')}
<div class="box-notification">Please turn off your ad blocker.</div>
<img src="/static/adblock.png" alt="Please disable your ad blocker">`;
  const container = redesigned ? `<article class="reader-text">${body}</article>` : `<div id="content" class="clearfix">${body}</div>`;
  return page(`${book.title} ${title} - Novel Fire`, `<div class="chapter-header"><span class="chapter-title">${e(title)}</span></div>${container}`);
}

/** A catalogue or search page: items with a `data:` placeholder in src, numbered pages and rel=next. */
export function listPage(books: SiteBook[], n: number, perPage: number, href: (page: number) => string): string {
  const items = books.slice((n - 1) * perPage, n * perPage);
  const last = Math.max(1, Math.ceil(books.length / perPage));
  const pages = Array.from({ length: last }, (_, i) => `<li><a class="page-link" href="${e(href(i + 1))}">${i + 1}</a></li>`).join('');
  const next = n < last ? `<li><a class="page-link" rel="next" href="${e(href(n + 1))}">›</a></li>` : '';
  return page('Novels - Novel Fire', `<ul class="novel-list">${items
    .map((b) => `<li class="novel-item"><a href="/book/${b.slug}" title="${e(b.title)}"><figure class="novel-cover"><img src="${PLACEHOLDER}" data-src="${coverOf(b)}" alt=""></figure><h4 class="novel-title">${e(b.title)}</h4></a></li>`)
    .join('')}</ul><ul class="pagination">${pages}${next}</ul>`);
}

export const notFoundPage = () => page('Page Not Found - Novel Fire', '<div class="page-404"><h1>404</h1><p>This page does not exist.</p></div>');
