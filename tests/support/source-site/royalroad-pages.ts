import { chapterTitle, escapeHtml as e, paragraphs } from './prose.ts';
import type { SiteBook } from './books.ts';

/** Pages in Royal Road's structure: the table of contents as data, a hidden anti-piracy line, author notes. */
const page = (title: string, head: string, body: string) => `<!DOCTYPE html><html><head><meta charset="utf-8"><title>${e(title)}</title>${head}</head><body>${body}</body></html>`;
export const chapterId = (book: SiteBook, c: number) => book.id! * 1000 + c;
/** This site serves Royal Road's paths under /rr, so its own links carry the prefix. */
const RR = '/rr';

export function fictionPage(book: SiteBook, chapters: number): string {
  const list = Array.from({ length: chapters }, (_, i) => ({ id: chapterId(book, i + 1), title: `${i + 1}. ${chapterTitle(book.seed, i + 1)}`, slug: `part-${i + 1}`, date: '2026-01-01T00:00:00Z', order: i, url: `${RR}/fiction/${book.id}/${book.slug}/chapter/${chapterId(book, i + 1)}/part-${i + 1}` }));
  return page(`${book.title} | Royal Road`, `<meta property="og:image" content="/static/covers/${book.slug}.svg"><meta property="books:author" content="${e(book.author)}">`, `
<div class="fic-header"><h1>${e(book.title)}</h1><h4>by <a href="/profile/1">${e(book.author)}</a></h4></div>
<div class="fiction-info"><span class="label">${book.status === 'ongoing' ? 'ONGOING' : 'COMPLETED'}</span><span class="label">Original</span></div>
<div class="tags">${book.genres.map((g) => `<a class="fiction-tag" href="/fictions/search?tagsAdd=${encodeURIComponent(g)}">${e(g)}</a>`).join('')}</div>
<div class="description"><p>${e(book.description)}</p></div>
<table id="chapters"><tbody>${list.map((c) => `<tr class="chapter-row"><td><a href="${c.url}">${e(c.title)}</a></td></tr>`).join('')}</tbody></table>
<script>window.chapters = ${JSON.stringify(list)};</script>`);
}

export function chapterPage(book: SiteBook, c: number): string {
  const hidden = `cls${(book.seed * 977 + c).toString(36)}`;
  const [first, ...rest] = paragraphs(book.seed, c);
  return page(`${chapterTitle(book.seed, c)} - ${book.title} | Royal Road`, `<style>.${hidden}{display:none;speak:never;}</style>`, `
<div class="fic-header"><h1>${e(`${c}. ${chapterTitle(book.seed, c)}`)}</h1><h2>${e(book.title)}</h2></div>
<div class="author-note-portlet"><div class="author-note"><p>Thanks for reading chapter ${c}! Comments welcome.</p></div></div>
<div class="chapter-inner chapter-content"><p>${e(first!)}</p><span class="${hidden}"><br>This narrative has been unlawfully taken from Royal Road. If you see it on Amazon, please report it.</span>${rest.map((p) => `<p>${e(p)}</p>`).join('')}</div>`);
}

export function fictionListPage(books: SiteBook[]): string {
  return page('Best Rated | Royal Road', '', `<div class="fiction-list">${books.map((b) => `<div class="fiction-list-item"><img src="/static/covers/${b.slug}.svg"><h2 class="fiction-title"><a href="${RR}/fiction/${b.id}/${b.slug}">${e(b.title)}</a></h2></div>`).join('')}</div>`);
}

export const missingFiction = () => page('Not Found | Royal Road', '', '<div class="page-404 number">404</div><p>The fiction you are looking for could not be found.</p>');
