import type { Answer } from './answers.ts';

/** Answers for cover prompts (features/ai covers). */
export const coverAnswers: Record<string, Answer> = {};
