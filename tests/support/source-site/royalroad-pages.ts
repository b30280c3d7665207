import { chapterTitle, escapeHtml as e, paragraphs } from './prose.ts';
import type { SiteBook } from './books.ts';

/** Pages in Royal Road's structure: the table of contents as data, a hidden anti-piracy line, author notes. */
const page = (title: string, head: string, body: string) => `<!DOCTYPE html><html><head><meta charset="utf-8"><title>${e(title)}</title>${head}</head><body>${body}</body></html>`;
export const chapterId = (book: SiteBook, c: number) => book.id! * 1000 + c;
/** This site serves Royal Road's paths under /rr, so its own links carry the prefix. */
export const RR = '/rr';
const PLACEHOLDER = 'data:image/png;base64,iVBORw0KGgo=';
const coverOf = (book: SiteBook) => `${RR}/static/covers/${book.slug}.svg`;
export const rrChapterTitle = (book: SiteBook, c: number) => `${c}. ${chapterTitle(book.seed, c)}`;

/** `redesigned`: no `window.chapters` script, only the legacy table (the fallback). */
export function fictionPage(book: SiteBook, chapters: number, redesigned = false): string {
  const list = Array.from({ length: chapters }, (_, i) => ({ id: chapterId(book, i + 1), title: rrChapterTitle(book, i + 1), slug: `part-${i + 1}`, date: '2026-01-01T00:00:00Z', order: i, visible: 1, url: `${RR}/fiction/${book.id}/${book.slug}/chapter/${chapterId(book, i + 1)}/part-${i + 1}` }));
  const head = `<meta property="og:title" content="${e(book.title)}"><meta property="og:image" content="${coverOf(book)}"><meta property="books:author" content="${e(book.author)}">`;
  return page(`${book.title} | Royal Road`, head, `
<div class="fic-header"><img class="thumbnail" src="${coverOf(book)}" alt=""><h1 class="font-white">${e(book.title)}</h1><h4>by <a href="/profile/1">${e(book.author)}</a></h4></div>
<div class="fiction-info"><span class="label label-default">Original</span><span class="label label-default">${book.status === 'ongoing' ? 'ONGOING' : 'COMPLETED'}</span></div>
<span class="tags">${book.genres.map((g) => `<a class="fiction-tag" href="${RR}/fictions/search?tagsAdd=${encodeURIComponent(g.toLowerCase())}">${e(g)}</a>`).join('')}</span>
<div class="description"><div class="hidden-content"><p>${e(book.description)}</p></div></div>
<table id="chapters" class="table"><tbody>${list.map((c) => `<tr class="chapter-row" data-url="${c.url}"><td><a href="${c.url}">${e(c.title)}</a></td><td><time>2 months ago</time></td></tr>`).join('')}</tbody></table>
${redesigned ? '' : `<script>window.fictionId = ${book.id}; window.chapters = ${JSON.stringify(list)}; window.volumes = [];</script>`}`);
}

/** Royal Road's anti-piracy wordings; every third chapter has one spliced into a visible paragraph. */
const PIRACY = [
  'This narrative has been unlawfully taken from Royal Road. If you see it on Amazon, please report it.',
  'If you come across this story on Amazon, be aware that it has been stolen from Royal Road. Please report it.',
  'Unauthorized usage: this tale is on Amazon without the author’s consent. Report any sightings.',
];

export function chapterPage(book: SiteBook, c: number): string {
  const hidden = `c${(book.seed * 977 + c).toString(36)}x${(c * 31).toString(36)}`;
  const [first, second, ...rest] = paragraphs(book.seed, c);
  const spliced = c % 3 === 0 ? ` ${PIRACY[(c / 3) % PIRACY.length]}` : '';
  const bottomNote = c % 2 === 0 ? `<div class="portlet author-note-portlet"><div class="portlet-title">Author's note</div><div class="author-note"><p>Next chapter on Friday.</p></div></div>` : '';
  return page(`${rrChapterTitle(book, c)} - ${book.title} | Royal Road`, `<style>.${hidden}{display:none;speak:never;}</style><meta property="og:title" content="${e(rrChapterTitle(book, c))}">`, `
<div class="fic-header"><h1>${e(rrChapterTitle(book, c))}</h1><h2>${e(book.title)}</h2></div>
<div class="portlet author-note-portlet"><div class="portlet-title">A note from ${e(book.author)}</div><div class="author-note"><p>Thanks for reading chapter ${c}! Comments welcome.</p></div></div>
<div class="chapter-inner chapter-content"><p>${e(first!)}</p><span class="${hidden}"><br>${PIRACY[c % PIRACY.length]}</span><p>${e(second!)}${spliced}</p>${rest.map((p) => `<p>${e(p)}</p>`).join('')}</div>
${bottomNote}`);
}

/** A list or search page: 20 items, `data:` placeholder covers, numbered pages and "Next". */
export function fictionListPage(books: SiteBook[], n: number, perPage: number, href: (page: number) => string): string {
  const items = books.slice((n - 1) * perPage, n * perPage);
  const last = Math.max(1, Math.ceil(books.length / perPage));
  const pages = Array.from({ length: last }, (_, i) => `<li class="${i + 1 === n ? 'page-active' : ''}"><a href="${e(href(i + 1))}" data-page="${i + 1}">${i + 1}</a></li>`).join('');
  const next = n < last ? `<li><a href="${e(href(n + 1))}" data-page="${n + 1}">Next <i class="fa fa-chevron-right"></i></a></li>` : '';
  return page('Best Rated | Royal Road', '', `<div class="fiction-list">${items
    .map((b) => `<div class="fiction-list-item row"><figure><img src="${PLACEHOLDER}" data-src="${coverOf(b)}" alt="${e(b.title)}"></figure><h2 class="fiction-title"><a href="${RR}/fiction/${b.id}/${b.slug}">${e(b.title)}</a></h2></div>`)
    .join('')}</div><div class="text-center"><ul class="pagination">${pages}${next}</ul></div>`);
}

export const missingFiction = () => page('Not Found | Royal Road', '', '<div class="page-404 number">404</div><p>The fiction you are looking for could not be found.</p>');
