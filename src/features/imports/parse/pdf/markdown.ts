import { isOrnament, SCENE_BREAK } from '../text.ts';
import type { Paragraph } from './paragraph.ts';

/**
 * Paragraphs of a PDF → markdown. The text is plain, so whatever markdown would read as markup is
 * escaped; what the layout shows is written as markdown: headings inside a chapter, scene breaks,
 * and runs of numbered or bulleted paragraphs as lists.
 */
const NUMBERED = /^(\d{1,3})[.)]\s+\S/;
const BULLET = /^[•●▪◦‣]\s*/;

export function markdownOf(paragraphs: readonly Paragraph[]): string {
  const blocks: string[] = [];
  for (let i = 0; i < paragraphs.length; i++) {
    const p = paragraphs[i]!;
    const list = listAt(paragraphs, i);
    if (list.length >= 2) {
      blocks.push(list.join('\n'));
      i += list.length - 1;
    } else if (p.sceneBreak || isOrnament(p.text)) {
      if (blocks.length && blocks.at(-1) !== SCENE_BREAK) blocks.push(SCENE_BREAK);
    } else blocks.push(p.heading ? `## ${escape(p.text)}` : escape(p.text));
  }
  while (blocks.at(-1) === SCENE_BREAK) blocks.pop();
  return blocks.join('\n\n');
}

/** The list items starting at `i`: "1.", "2.", "3." in order, or bullets. */
function listAt(paragraphs: readonly Paragraph[], i: number): string[] {
  const items: string[] = [];
  const first = NUMBERED.exec(paragraphs[i]!.text);
  for (let j = i; j < paragraphs.length && !paragraphs[j]!.heading; j++) {
    const text = paragraphs[j]!.text;
    if (first) {
      const number = NUMBERED.exec(text);
      if (!number || Number(number[1]) !== Number(first[1]) + items.length) break;
      items.push(`${number[1]}. ${escape(text.replace(/^\d{1,3}[.)]\s+/, ''))}`);
    } else if (BULLET.test(text)) items.push(`- ${escape(text.replace(BULLET, ''))}`);
    else break;
  }
  return items;
}

/** Emphasis marks, a leading "#", ">", "-", "+" or "1." and tags would be markup: escaped. */
function escape(text: string): string {
  return text
    .replace(/([\\*_`])/g, '\\$1')
    .replace(/<(?=[a-zA-Z/!?])/g, '&lt;')
    .replace(/^(#{1,6}\s|>|[-+]\s)/, '\\$1')
    .replace(/^(\d+)([.)]\s)/, '$1\\$2');
}
