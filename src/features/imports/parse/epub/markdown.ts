import TurndownService from 'turndown';
import { strikethrough, tables } from '@joplin/turndown-plugin-gfm';
import { hasWords, isOrnament, SCENE_BREAK } from '../text.ts';

/**
 * XHTML → clean markdown: headings, emphasis, lists, block quotes and tables kept; links reduced
 * to their words; images, media and scripts dropped; ornaments and rules become one scene break.
 */
const turndown = new TurndownService({ headingStyle: 'atx', hr: SCENE_BREAK, emDelimiter: '*', strongDelimiter: '**', bulletListMarker: '-', codeBlockStyle: 'fenced' });
turndown.use([tables, strikethrough]);
turndown.addRule('words-of-links', { filter: 'a', replacement: (content) => content });
const DROPPED = new Set(['script', 'style', 'noscript', 'iframe', 'object', 'embed', 'video', 'audio', 'svg', 'img', 'image', 'canvas', 'map', 'title', 'button', 'input', 'select', 'textarea']);
// A rule, not turndown.remove(): built-in rules (images among them) win over removals.
turndown.addRule('dropped', { filter: (node) => DROPPED.has(node.nodeName.toLowerCase()), replacement: () => '' });

export function toMarkdown(html: string): string {
  return tidy(turndown.turndown(html));
}

export function tidy(markdown: string): string {
  const paragraphs: string[] = [];
  for (const raw of markdown.replace(/\u00a0/g, ' ').replace(/[\u00ad\u200b\u200c\u200d\ufeff]/g, '').split(/\n{2,}/)) {
    const paragraph = raw.replace(/^\s*\n|\s+$/g, '');
    if (isOrnament(paragraph)) {
      if (paragraphs.length && paragraphs.at(-1) !== SCENE_BREAK) paragraphs.push(SCENE_BREAK);
    } else if (hasWords(paragraph) || /^\uE000\d+\uE000$/.test(paragraph)) paragraphs.push(paragraph);
  }
  return paragraphs.join('\n\n');
}

/** `## *The* Gate` → `The Gate`; null when the paragraph is no heading. */
export function headingText(paragraph: string): string | null {
  const match = /^#{1,6}\s+(.*)$/s.exec(paragraph);
  if (!match) return null;
  return match[1]!
    .replace(/\\([\\`*_{}[\]()#+\-.!>~|])/g, '$1')
    .replace(/(\*\*|__|\*|_)(\S(?:.*?\S)?)\1/g, '$2')
    .replace(/\s+/g, ' ')
    .trim();
}
