import type { FieldRule } from '../extract.ts';

/** Royal Road, as sources.md describes it. Data only. */
export const ROYALROAD = {
  book: {
    title: { selectors: ['.fic-header h1', 'h1[property=name]'] },
    titleMeta: { selectors: ['meta[property="og:title"]'], attrs: ['content'] },
    author: { selectors: ['meta[property="books:author"]'], attrs: ['content'] },
    authorText: { selectors: ['.fic-header h4 a', '.fic-header .author a'] },
    cover: { selectors: ['meta[property="og:image"]', '.fic-header img'], attrs: ['content', 'src'], reject: /^data:/ },
    description: { selectors: ['div.description', '.description'] },
    genres: { selectors: ['a.fiction-tag', 'a[href*="tagsAdd="]'] },
    status: { selectors: ['.fiction-info span.label', '.label'] },
  } satisfies Record<string, FieldRule>,
  chapterList: {
    /** The table of contents as data in a script. */
    script: /window\.chapters\s*=\s*(\[[\s\S]*?\])\s*;/,
    rows: ['table#chapters tr.chapter-row', 'table#chapters tbody tr'],
  },
  chapter: {
    title: { selectors: ['.fic-header h1', 'h1'] },
    body: { selectors: ['div.chapter-inner.chapter-content', '.chapter-content'] },
    authorNote: ['div.author-note-portlet', '.author-note'],
    remove: ['script', 'style', 'noscript', 'iframe', 'ins', 'img', 'button', 'form'],
    removeClassedParagraphs: false,
  },
  list: {
    item: ['div.fiction-list-item', '.fiction-list .fiction-list-item'],
    link: { selectors: ['h2.fiction-title a[href]', 'a[href*="/fiction/"]'], attrs: ['href'] },
    title: { selectors: ['h2.fiction-title a', 'h2.fiction-title'] },
    titleAttr: { selectors: ['h2.fiction-title a'], attrs: ['title'] },
    cover: { selectors: ['img'], attrs: ['data-src', 'src'], reject: /^data:/ },
    next: ['ul.pagination a[rel=next]', 'ul.pagination a:contains("Next")'],
  },
  statuses: { ONGOING: 'ongoing', HIATUS: 'ongoing', STUB: 'ongoing', COMPLETED: 'completed', DROPPED: 'completed' } as Record<string, 'ongoing' | 'completed'>,
};

export const ROYALROAD_PATHS = {
  /** /fiction/<id>/<slug>[/chapter/<cid>/<chapter-slug>] */
  book: /^\/fiction\/(\d+)(?:\/([a-z0-9-]+))?/i,
  chapterId: /\/chapter\/(\d+)/i,
};
