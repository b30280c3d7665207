import { load, type CheerioAPI } from 'cheerio';
import type { SourceParser } from '../adapter.ts';
import { all, first, record, type Trace } from '../extract.ts';
import { stripNoise, toMarkdown } from '../markdown.ts';
import { parseListItems, type CataloguePage } from '../list-items.ts';
import { chapterList, type ChapterListPage } from '../pagination.ts';
import { NOVELFIRE, NOVELFIRE_PATHS } from './profile.ts';
import { SourceError, type BookMeta, type SourceChapterRef, type SourceChapterText } from '../types.ts';

/** Parsing novelfire-structured pages (and its mirror's): the profile's selectors, in order. */

const absolute = (href: string | null, base: string) => (href ? new URL(href, base).toString() : null);

export function parseNovelfireBook(html: string, url: string, trace: Trace = []): BookMeta {
  const $ = load(html);
  const rules = NOVELFIRE.book;
  for (const noise of NOVELFIRE.descriptionNoise) $(noise).remove();
  const title = record(trace, 'title', first($, rules.title)) ?? record(trace, 'title (meta)', first($, rules.titleMeta));
  if (!title) throw new SourceError('parse', 'No book title found on the page');
  const count = record(trace, 'chapterCount', first($, rules.chapterCount));
  const completed = NOVELFIRE.statusWords.completed.test(record(trace, 'status', first($, rules.status)) ?? '');
  return {
    title,
    author: record(trace, 'author', first($, rules.author)) ?? '',
    coverUrl: absolute(record(trace, 'cover', first($, rules.cover)), url),
    description: record(trace, 'description', first($, rules.description)) ?? '',
    genres: record(trace, 'genres', all($, rules.genres)),
    status: completed ? 'completed' : 'ongoing',
    chapterCount: count && /\d/.test(count) ? Number(count.replace(/[^\d]/g, '')) : null,
  };
}

export function parseNovelfireChapterList(html: string, url: string, trace: Trace = []): ChapterListPage {
  const $ = load(html);
  const { rows, number, title, pages, next } = NOVELFIRE.chapterList;
  const rowSelector = rows.find((s) => $(s).length > 0) ?? null;
  trace.push({ field: 'chapterList.rows', matched: rowSelector, tried: rows });
  const chapters: SourceChapterRef[] = [];
  for (const el of rowSelector ? $(rowSelector).toArray() : []) {
    const link = $(el);
    const href = absolute(link.attr('href') ?? null, url)!;
    const n = Number(NOVELFIRE_PATHS.chapterNumber.exec(href)?.[1] ?? textOf($, link, number).replace(/[^\d]/g, ''));
    if (!Number.isInteger(n) || n < 1) continue;
    const label = link.attr('title')?.trim() || textOf($, link, title) || `Chapter ${n}`;
    chapters.push({ key: String(n), number: n, title: label, url: href });
  }
  const pageNumbers = pages.flatMap((s) => $(s).toArray().map((a) => Number(NOVELFIRE_PATHS.page.exec($(a).attr('href') ?? '')?.[1] ?? NaN)));
  return { chapters, pages: pageNumbers.filter((n) => Number.isInteger(n) && n > 0), hasNext: next.some((s) => $(s).length > 0) };
}

function textOf($: CheerioAPI, scope: ReturnType<CheerioAPI>, selectors: readonly string[]): string {
  for (const s of selectors) {
    const text = scope.find(s).first().text().trim();
    if (text) return text;
  }
  return '';
}

export function parseNovelfireChapter(html: string, ref: Pick<SourceChapterRef, 'number' | 'title'>, trace: Trace = []): SourceChapterText {
  const $ = load(html);
  const rules = NOVELFIRE.chapter;
  const title = record(trace, 'chapter.title', first($, rules.title)) ?? ref.title;
  const selector = rules.body.selectors.find((s) => $(s).length > 0) ?? null;
  trace.push({ field: 'chapter.body', matched: selector, tried: rules.body.selectors });
  if (!selector) throw new SourceError('parse', 'No chapter text found on the page');
  const body = $(selector).first();
  stripNoise($, body, rules);
  return { title, markdown: toMarkdown(body.html() ?? '', title, ref.number), authorNote: null };
}

export function parseNovelfireList(html: string, url: string, trace: Trace = []): CataloguePage {
  return parseListItems(html, url, NOVELFIRE.list, trace);
}

/** The book page holds the metadata; the chapter list is paginated under `<book>/chapters`. */
export const novelfireParser: SourceParser = {
  async book(page, { bookUrl, get, trace }) {
    const meta = parseNovelfireBook(page.text(), page.url, trace);
    const chapters = await chapterList((n) => get(`${bookUrl}/chapters?page=${n}`).then((p) => parseNovelfireChapterList(p.text(), p.url, trace)));
    return { ...meta, chapters };
  },
  chapter: parseNovelfireChapter,
  list: parseNovelfireList,
};
