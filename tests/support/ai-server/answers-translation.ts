import type { Answer } from './answers.ts';

/** Answers for machine translation (features/translation). */
export const translationAnswers: Record<string, Answer> = {};
