import type { ChatMessage } from '../../../integrations/ai/index.ts';

export interface BookSample {
  title: string;
  author: string;
  description: string;
  genres: string[];
  /** The openings of the first chapters, plain text. */
  chapters: { number: number; title: string; opening: string }[];
}

const input = (book: BookSample): ChatMessage => ({ role: 'user', content: JSON.stringify({ book }) });

export const taglineMessages = (book: BookSample): ChatMessage[] => [
  { role: 'system', content: 'You write taglines for web novels: one sentence, at most 120 characters, that makes a reader want to start. No spoilers, no quotes, no hashtags.' },
  input(book),
];

export const genreMessages = (book: BookSample, known: string[]): ChatMessage[] => [
  {
    role: 'system',
    content: `You classify web novels. Give 2 to 6 genres, most fitting first. Prefer genres from this catalogue when they fit: ${known.join(', ') || '(none yet)'}. Title Case, no explanations.`,
  },
  input(book),
];

export const warningMessages = (book: BookSample): ChatMessage[] => [
  {
    role: 'system',
    content:
      'You write content warnings for readers of web novels, from the material given only. List themes a reader may want to know about (violence, gore, sexual content, abuse, self-harm, strong language...), each with a severity (mild, moderate or strong) and one sentence of reason. An empty list when there is nothing to warn about.',
  },
  input(book),
];

export const qualityMessages = (book: BookSample): ChatMessage[] => [
  {
    role: 'system',
    content:
      'You are an editor judging the writing quality of a web novel from its description and opening chapters: prose, clarity, pacing, grammar and hook. Give a score from 1 (unreadable) to 10 (excellent) and two to five short reasons, strengths and weaknesses both.',
  },
  input(book),
];

export const pronunciationMessages = (book: { title: string; language: string | null }, names: string[]): ChatMessage[] => [
  {
    role: 'system',
    content:
      'You help a text-to-speech narrator say the names of a web novel right. From the names given, pick those a speech engine reading the book\'s language is likely to say wrong (invented names, romanised Chinese, Japanese or Korean names, names from other languages), and give each a respelling in plain letters of that language which the engine will read correctly (for English: Xiao → Shyow, Qin → Chin, Siobhan → Shivawn). Leave out names it would say right. Use only the names given, written exactly as given.',
  },
  { role: 'user', content: JSON.stringify({ book: book.title, language: book.language ?? 'en', names }) },
];
