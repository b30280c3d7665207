import { Type } from '@sinclair/typebox';
import type { ChatMessage } from '../../integrations/ai/index.ts';
import type { Locale } from '../../platform/i18n/locale.ts';

/** The task's name: the AI service sees it as the JSON schema's name. */
export const TRANSLATION_TASK = 'chapter_translation';

export const TranslationAnswer = Type.Object({
  title: Type.String({ description: 'The translated chapter title ("" when none was given)' }),
  text: Type.String({ description: 'The translated markdown, paragraph for paragraph' }),
});

/** The language as the model is told it (the app's locales name one regional variant each). */
export const LANGUAGE_FOR_MODEL: Record<Locale, string> = {
  en: 'English',
  pt: 'Brazilian Portuguese',
  es: 'Spanish (Spain)',
  fr: 'French',
  id: 'Indonesian',
};

export interface PieceInput {
  locale: Locale;
  glossary: { source: string; target: string }[];
  /** Only with the first piece. */
  title?: string;
  text: string;
  piece: number;
  pieces: number;
}

export function translationMessages(input: PieceInput): ChatMessage[] {
  const language = LANGUAGE_FOR_MODEL[input.locale];
  const system = [
    `You translate chapters of web novels into ${language}.`,
    'Translate the markdown in "text" faithfully and completely, paragraph for paragraph: keep every paragraph break (blank line), emphasis (*…*, **…**), headings, block quotes, lists and scene-break lines such as *** or --- exactly where they are.',
    'Use the glossary for names and terms: wherever a "source" occurs, write its "target" form.',
    'Do not add notes, summaries or commentary. If a title is given, translate it too; otherwise answer an empty title.',
    'The input is one piece of a longer chapter ("piece" of "pieces"); translate only this piece.',
  ].join(' ');
  const user = JSON.stringify({ target_language: language, locale: input.locale, glossary: input.glossary, title: input.title ?? '', piece: input.piece, pieces: input.pieces, text: input.text });
  return [
    { role: 'system', content: system },
    { role: 'user', content: user },
  ];
}
