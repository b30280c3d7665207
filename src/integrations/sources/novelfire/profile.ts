import type { FieldRule } from '../extract.ts';

/**
 * novelfire and its mirror novelphoenix (`/novel/` for `/book/`), as sources.md describes them.
 * Data only: a redesign is fixed here, by adding a selector in front of the old one.
 */
const PLACEHOLDER = /^data:/;

export const NOVELFIRE = {
  book: {
    title: { selectors: ['div.novel-info h1.novel-title', 'h1[itemprop=name]', 'h1.novel-title'] },
    titleMeta: { selectors: ['meta[property="og:title"]'], attrs: ['content'] },
    author: { selectors: ['span[itemprop=author]', '.author a', '.author span'] },
    cover: { selectors: ['figure.cover img', '.cover img', 'meta[property="og:image"]'], attrs: ['data-src', 'src', 'content'], reject: PLACEHOLDER },
    description: { selectors: ['.summary .content', '.summary', 'meta[name=description]'] },
    genres: { selectors: ['.categories .property-item', '.categories a'] },
    /** The label's words decide (statusWords); the class names only find it. */
    status: { selectors: ['.header-stats strong.completed', '.header-stats strong.ongoing', '.novel-info .status'] },
    chapterCount: { selectors: ['.header-stats span:has(i.icon-book-open) strong', '.header-stats i.icon-book-open + strong', '.header-stats strong:first-child'] },
  } satisfies Record<string, FieldRule>,
  /** Removed from the summary before reading it. */
  descriptionNoise: ['.expand', '.show-more'],
  chapterList: {
    rows: ['ul.chapter-list li a[href]', '.chapter-list a[href]'],
    number: ['span.chapter-no'],
    title: ['strong.chapter-title'],
    pages: ['ul.pagination a.page-link[href]', '.pagination a[href]'],
    next: ['a[rel=next]', 'ul.pagination a[rel=next]'],
  },
  chapter: {
    title: { selectors: ['span.chapter-title', '.chapter-title', 'h1'] },
    body: { selectors: ['div#content', '#chapter-container', '.chapter-content'] },
    remove: ['.box-ads', '.box-notification', 'script', 'style', 'noscript', 'iframe', 'ins', 'img', 'button', 'form', '[class*="ads"]'],
    /** Watermark paragraphs carry a class; the text's own paragraphs do not. */
    removeClassedParagraphs: true,
  },
  list: {
    item: ['ul.novel-list li.novel-item', '.novel-list .novel-item'],
    link: { selectors: ['a[title][href]', 'a[href]'], attrs: ['href'] },
    title: { selectors: ['h4.novel-title', 'a[title]'] },
    titleAttr: { selectors: ['a[title]'], attrs: ['title'] },
    cover: { selectors: ['figure.novel-cover img', 'img'], attrs: ['data-src', 'src'], reject: PLACEHOLDER },
    next: ['ul.pagination a[rel=next]', 'a[rel=next]', '.pagination li.next a[href]'],
  },
  /** A status label that means the book is finished; anything else is ongoing. */
  statusWords: { completed: /\b(completed?|finished|end(ed)?)\b/i },
};

export const NOVELFIRE_PATHS = {
  /** /book/<slug>, /book/<slug>/chapter-<n>, /book/<slug>/chapters: the mirror says /novel/. */
  book: /^\/(book|novel)\/([a-z0-9][a-z0-9-]*)(?:\/|$)/i,
  chapterNumber: /\/chapter-(\d+)(?:[/?#]|$)/i,
  page: /[?&]page=(\d+)/,
};
