import TurndownService from 'turndown';
import type { CheerioAPI } from 'cheerio';
import { removeHidden } from './hidden.ts';
import { scrubWatermarks } from './watermarks.ts';

/**
 * A chapter body (HTML of the source) → clean markdown: noise elements out (ads, scripts, the
 * site's `nf*` elements, classed watermark paragraphs, what the page's own styles hide), HTML to
 * markdown with turndown, watermark sentences scrubbed from the text, and a first line that only
 * repeats "Chapter N" or the title dropped.
 */
export interface CleanRules {
  remove: readonly string[];
  removeClassedParagraphs: boolean;
}

const turndown = new TurndownService({ headingStyle: 'atx', emDelimiter: '*', strongDelimiter: '**', hr: '* * *', bulletListMarker: '-' });
// Links to the source or elsewhere are not part of the story: keep their words.
turndown.addRule('text-links', { filter: 'a', replacement: (content) => content });
turndown.remove(['script', 'style', 'noscript', 'iframe']);

export function stripNoise($: CheerioAPI, body: ReturnType<CheerioAPI>, rules: CleanRules): void {
  removeHidden($);
  for (const selector of rules.remove) body.find(selector).remove();
  // Unknown elements whose tag starts with "nf" are the site's own injected markers.
  body.find('*').each((_, el) => {
    if ((el as { tagName?: string }).tagName?.toLowerCase().startsWith('nf')) $(el).remove();
  });
  if (rules.removeClassedParagraphs) body.find('p[class]').remove();
}

export function toMarkdown(html: string, title: string, chapterNumber: number | null): string {
  const markdown = turndown.turndown(html.replace(/&nbsp;|\u00a0/g, ' '));
  const paragraphs = markdown
    .split(/\n{2,}/)
    .map((p) => scrubWatermarks(p).trim())
    // Paragraphs of words; a scene break stays; leftovers of removed elements (stray marks) go.
    .filter((p) => /[\p{L}\p{N}]/u.test(p) || p === '* * *');
  while (paragraphs.length && repeatsHeading(paragraphs[0]!, title, chapterNumber)) paragraphs.shift();
  return paragraphs.join('\n\n').trim();
}

function plain(text: string): string {
  return text.replace(/[#*_\\]/g, '').replace(/\s+/g, ' ').trim().toLowerCase();
}

function repeatsHeading(line: string, title: string, number: number | null): boolean {
  const words = plain(line);
  if (!words) return true;
  if (title && words === plain(title)) return true;
  const match = /^chapter\s+(\d+)\b[\s:.\-–—]*(.*)$/.exec(words);
  if (!match) return false;
  // "Chapter 12" or "Chapter 12: The Gate": a heading, not prose (prose runs on).
  return (number === null || Number(match[1]) === number) && match[2]!.length <= 120 && !/[.!?]$/.test(match[2]!);
}
