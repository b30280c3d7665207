import { load } from 'cheerio';
import type { SourceParser } from '../adapter.ts';
import { all, first, record, type Trace } from '../extract.ts';
import { stripNoise, toMarkdown } from '../markdown.ts';
import { parseListItems, type CataloguePage } from '../list-items.ts';
import { ROYALROAD, ROYALROAD_PATHS } from './profile.ts';
import { SourceError, type BookMeta, type SourceChapterRef, type SourceChapterText } from '../types.ts';

/** Parsing Royal Road pages: the table of contents is data in a script, not paginated. */

const absolute = (href: string | null, base: string) => (href ? new URL(href, base).toString() : null);

export function parseRoyalroadBook(html: string, url: string, trace: Trace = []): BookMeta & { chapters: SourceChapterRef[] } {
  const $ = load(html);
  const rules = ROYALROAD.book;
  const title = record(trace, 'title', first($, rules.title)) ?? record(trace, 'title (meta)', first($, rules.titleMeta));
  if (!title) throw new SourceError('parse', 'No fiction title found on the page');
  const label = (record(trace, 'status', all($, rules.status)).find((l) => ROYALROAD.statuses[l.toUpperCase()]) ?? '').toUpperCase();
  const chapters = chaptersOf($, html, url, trace);
  return {
    title,
    author: record(trace, 'author', first($, rules.author)) ?? record(trace, 'author (text)', first($, rules.authorText)) ?? '',
    coverUrl: absolute(record(trace, 'cover', first($, rules.cover)), url),
    description: record(trace, 'description', first($, rules.description)) ?? '',
    genres: record(trace, 'genres', all($, rules.genres)),
    status: ROYALROAD.statuses[label] ?? 'ongoing',
    chapterCount: chapters.length,
    chapters,
  };
}

interface ScriptChapter {
  id: number | string;
  title?: string;
  slug?: string;
  order?: number;
  url?: string;
}

function chaptersOf($: ReturnType<typeof load>, html: string, url: string, trace: Trace): SourceChapterRef[] {
  const script = ROYALROAD.chapterList.script.exec(html)?.[1];
  if (script) {
    try {
      const list = JSON.parse(script) as ScriptChapter[];
      trace.push({ field: 'chapterList', matched: 'window.chapters', tried: ['window.chapters', ...ROYALROAD.chapterList.rows] });
      return list.map((c, i) => ({
        key: String(c.id),
        number: (typeof c.order === 'number' ? c.order : i) + 1,
        title: c.title?.trim() || `Chapter ${i + 1}`,
        url: absolute(c.url ?? `/fiction/chapter/${c.id}`, url)!,
      }));
    } catch {
      // Fall through to the table of the older layout.
    }
  }
  const rowSelector = ROYALROAD.chapterList.rows.find((s) => $(s).length > 0) ?? null;
  trace.push({ field: 'chapterList', matched: rowSelector, tried: ['window.chapters', ...ROYALROAD.chapterList.rows] });
  return (rowSelector ? $(rowSelector).toArray() : []).flatMap((row, i) => {
    const link = $(row).find('a[href]').first();
    const href = absolute(link.attr('href') ?? null, url);
    const id = href ? ROYALROAD_PATHS.chapterId.exec(href)?.[1] : undefined;
    return href && id ? [{ key: id, number: i + 1, title: link.text().trim() || `Chapter ${i + 1}`, url: href }] : [];
  });
}

export function parseRoyalroadChapter(html: string, ref: Pick<SourceChapterRef, 'number' | 'title'>, trace: Trace = []): SourceChapterText {
  const $ = load(html);
  const rules = ROYALROAD.chapter;
  const noteSelector = rules.authorNote.find((s) => $(s).length > 0);
  trace.push({ field: 'chapter.authorNote', matched: noteSelector ?? null, tried: rules.authorNote });
  const notes = noteSelector ? $(noteSelector).toArray().map((el) => toMarkdown($(el).html() ?? '', '', null)).filter(Boolean) : [];
  if (noteSelector) $(noteSelector).remove();
  const selector = rules.body.selectors.find((s) => $(s).length > 0) ?? null;
  trace.push({ field: 'chapter.body', matched: selector, tried: rules.body.selectors });
  if (!selector) throw new SourceError('parse', 'No chapter text found on the page');
  const body = $(selector).first();
  stripNoise($, body, rules);
  const title = record(trace, 'chapter.title', first($, rules.title)) ?? ref.title;
  return { title, markdown: toMarkdown(body.html() ?? '', title, ref.number), authorNote: notes.length ? notes.join('\n\n* * *\n\n') : null };
}

export function parseRoyalroadList(html: string, url: string, trace: Trace = []): CataloguePage {
  return parseListItems(html, url, ROYALROAD.list, trace);
}

/** The fiction page holds the metadata and the whole table of contents. */
export const royalroadParser: SourceParser = {
  book: async (page, { trace }) => parseRoyalroadBook(page.text(), page.url, trace),
  chapter: parseRoyalroadChapter,
  list: parseRoyalroadList,
};
