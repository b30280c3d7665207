import { drawnCoverPath } from '../covers/drawn/paths.ts';
import { Lru } from '../../platform/cache/lru.ts';
import { compileTemplate, type PageTemplate, type SlotKind, type SlotValues } from '../../platform/http/page-template.ts';
import type { DeflatedPiece } from '../../platform/http/gzip-parts.ts';
import type { PageContext } from '../../platform/http/page-context.ts';
import { ChapterPage, chapterPageDerived } from '../../../views/pages/reader/ChapterPage.tsx';
import { chapterPath } from '../../../views/pages/reader/links.ts';
import type { ChapterPageData } from './chapter-reading.ts';

/**
 * The chapter page as a template (platform/http/page-template.ts): drawn once per look, viewer,
 * site address and shape, then filled with each chapter. Chapter pages are what readers open
 * most, over the whole catalogue, so most are drawn for the first time: filling and sending the
 * precompressed template costs a fraction of drawing and compressing the page.
 */
const SLOTS = {
  slug: 'text', n: 'text', prev: 'text', next: 'text', bookTitle: 'text', author: 'text', cover: 'text', language: 'text',
  title: 'text', summary: 'text', position: 'text', contents: 'text', body: 'html',
} as const satisfies Record<string, SlotKind>;
type Slot = keyof typeof SLOTS;

/** Slugs and numbers go into paths as they are: only these are filled unescaped (besides the sanitised text). */
const PLAIN_SLUG = /^[a-z0-9][a-z0-9-]*$/;

/**
 * What changes the drawing of a page besides its slot values: which neighbours exist, and on the
 * last chapter the book's status. Every book has a cover to show: its own or the one drawn for it.
 */
function shapeOf(data: ChapterPageData): string {
  const last = data.next === null;
  return [data.prev === null ? 'first' : '', last ? `last:${data.book.status}` : ''].join(',');
}

/** The page's slot values (the template escapes them where they go), or null when this chapter must be drawn directly. */
function valuesOf(ctx: PageContext, data: ChapterPageData): SlotValues<Slot> | null {
  const { book, chapter } = data;
  if (!PLAIN_SLUG.test(book.slug) || (book.cover_url !== null && !book.cover_url.startsWith('/'))) return null;
  const derived = chapterPageDerived(ctx, data);
  return {
    slug: book.slug,
    n: String(chapter.number),
    prev: data.prev === null ? '' : String(data.prev),
    next: data.next === null ? '' : String(data.next),
    bookTitle: book.title,
    author: book.author,
    cover: (book.cover_url ?? drawnCoverPath(book, 'png')).slice(1),
    language: book.language,
    title: derived.title,
    summary: derived.summary,
    position: derived.position,
    contents: derived.contentsHref,
    body: chapter.html,
  };
}

/** The page drawn with a placeholder in every slot, for one shape. */
function compile(ctx: PageContext, data: ChapterPageData, suggestFont: boolean): PageTemplate<Slot> | null {
  return compileTemplate(SLOTS, (slot) => {
    const placeholders = {
      book: {
        slug: slot('slug'),
        title: slot('bookTitle'),
        author: slot('author'),
        cover_url: `/${slot('cover')}`,
        status: data.book.status,
        chapter_count: 0, // only the derived position shows it
        language: slot('language'),
      },
      // Placeholders stand for numbers here: the view puts them only in paths and attributes.
      chapter: { number: slot('n') as unknown as number, title: slot('title'), html: slot('body') },
      prev: data.prev === null ? null : (slot('prev') as unknown as number),
      next: data.next === null ? null : (slot('next') as unknown as number),
    };
    const derived = { title: slot('title'), summary: slot('summary'), position: slot('position'), contentsHref: slot('contents') };
    const path = chapterPath(slot('slug'), slot('n') as unknown as number);
    return ChapterPage({ ctx: { ...ctx, path }, data: placeholders, suggestFont, derived }) as string;
  });
}

export interface ChapterPageTemplates {
  /**
   * The page as a gzip body when it can be filled from a template (a plain chapter at its own
   * path, no translation), else null: the caller draws it. With `body`, the chapter's rendering
   * as stored compressed, `data.chapter.html` is not read.
   */
  gzip(ctx: PageContext, lookKey: string, data: ChapterPageData, suggestFont: boolean, body?: DeflatedPiece | null): Uint8Array | null;
}

/** Templates of this process, a few per look and viewer; bounded by bytes. */
export function createChapterPageTemplates(options: { maxBytes?: number; maxEntries?: number } = {}): ChapterPageTemplates {
  const templates = new Lru<PageTemplate<Slot> | null>(options.maxEntries ?? 500, options.maxBytes ?? 32_000_000, (t) => (t?.weight ?? 0) + 200);
  return {
    gzip(ctx, lookKey, data, suggestFont, body) {
      if (data.locale || data.translating || ctx.path !== chapterPath(data.book.slug, data.chapter.number)) return null;
      const values = valuesOf(ctx, data);
      if (!values) return null;
      const key = `${lookKey}\n${ctx.baseUrl}\n${suggestFont ? 'font' : ''}\n${shapeOf(data)}`;
      let template = templates.get(key);
      if (template === undefined) {
        template = compile(ctx, data, suggestFont);
        templates.set(key, template);
      }
      return template ? template.gzip(values, body ? { body } : undefined) : null;
    },
  };
}
