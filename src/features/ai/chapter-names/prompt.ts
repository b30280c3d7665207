import type { ChatMessage } from '../../../integrations/ai/index.ts';

export interface ChapterSample {
  number: number;
  title: string;
  opening: string;
}

const OPENING_CHARS = 600;

/** The first words of a chapter, without markdown, for the model to name it by. */
export function openingOf(markdown: string): string {
  const plain = markdown.replace(/^#+\s.*$/gm, '').replace(/[*_`>#~\[\]()!]/g, '').replace(/\s+/g, ' ').trim();
  return plain.length > OPENING_CHARS ? `${plain.slice(0, OPENING_CHARS)}…` : plain;
}

export function chapterNameMessages(book: { title: string; author: string }, chapters: ChapterSample[]): ChatMessage[] {
  return [
    {
      role: 'system',
      content:
        'You title chapters of web novels. For each chapter, propose a short, evocative title (2 to 8 words) drawn from what happens in its opening, ' +
        'without spoilers beyond it, without the word "Chapter" and without its number. Keep the book\'s tone. Answer for every chapter given, by its number.',
    },
    { role: 'user', content: JSON.stringify({ book, chapters: chapters.map((c) => ({ number: c.number, current_title: c.title, opening: c.opening })) }) },
  ];
}

/** A title as the model wrote it, cleaned: no "Chapter 12:" prefix, no quotes, one line. */
export function cleanTitle(title: string): string {
  return title
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^chapter\s+\d+\s*[:.\-–—]\s*/i, '')
    .replace(/^["'“‘]+|["'”’]+$/g, '')
    .slice(0, 200)
    .trim();
}
