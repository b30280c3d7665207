import type { Answer } from './answers.ts';

/** Answers for the admin text generations (features/ai): chapter names, tagline, genres, warnings, score. */
export const textAnswers: Record<string, Answer> = {};
