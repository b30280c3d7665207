import type { ParsedBook, ParsedChapter } from './parse/index.ts';
import type { ImportPreview } from './model.ts';
import { wordCount } from '../catalogue/writes/service.ts';

const EXCERPT_CHARS = 240;
const MAX_ITEMS = 2000;

/** What the review shows of a detected split: each chapter's title and first lines. */
export function previewOf(book: ParsedBook): ImportPreview {
  return {
    title: book.title,
    author: book.author,
    rule: book.rule,
    chapters: book.chapters.length,
    items: book.chapters.slice(0, MAX_ITEMS).map((chapter, i) => previewItem(chapter, i + 1)),
    warnings: book.warnings,
  };
}

/** One chapter's row of the review: number, title, first lines, words. */
export function previewItem(chapter: ParsedChapter, number: number): ImportPreview['items'][number] {
  return { number, title: chapter.title, excerpt: firstLines(chapter.markdown), words: wordCount(chapter.markdown) };
}

function firstLines(markdown: string): string {
  const text = markdown.replace(/[#*_>`]+/g, '').replace(/\s+/g, ' ').trim();
  return text.length > EXCERPT_CHARS ? `${text.slice(0, EXCERPT_CHARS).replace(/\s+\S*$/, '')}…` : text;
}
