import { lastUserInput, type Answer } from './answers.ts';

interface NamingInput {
  chapters?: { number: number; opening?: string }[];
}

const capitalise = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** Answers for the admin text generations (features/ai): chapter names, tagline, genres, warnings, score. */
export const textAnswers: Record<string, Answer> = {
  // "Chapter 12: …" prefixes are the app's to strip; the stand-in adds one now and then to prove it.
  chapter_names: (request) => {
    const input = lastUserInput(request) as NamingInput;
    return {
      titles: (input.chapters ?? []).map((c) => {
        const words = (c.opening ?? '').split(/\s+/).filter((w) => /^[\p{L}'-]+$/u.test(w)).slice(0, 3).map(capitalise);
        const title = `${words.join(' ') || 'Untitled'} ${c.number}`;
        return { number: c.number, title: c.number % 10 === 0 ? `Chapter ${c.number}: ${title}` : title };
      }),
    };
  },
  book_tagline: (request) => {
    const input = lastUserInput(request) as { book?: { title?: string } };
    return { tagline: `A tale of ${input.book?.title ?? 'a book'} you will not put down.` };
  },
  book_genres: () => ({ genres: ['Fantasy', 'Adventure', 'Mystery'] }),
  content_warnings: () => ({ warnings: [{ label: 'Violence', severity: 'moderate', reason: 'Fights are described in some detail.' }] }),
  quality_score: () => ({ score: 7, reasons: ['Clear, lively prose.', 'The pacing drags in the middle chapters.'] }),
  // Respells the first four names; adds a name that was not given and one said as written, for the app to drop.
  pronunciations: (request) => {
    const input = lastUserInput(request) as { names?: string[] };
    const names = input.names ?? [];
    return {
      suggestions: [
        ...names.slice(0, 4).map((word) => ({ word, say: `${word.toLowerCase()}-respelled` })),
        { word: 'Nobodyinthebook', say: 'Nobody' },
        ...(names[4] ? [{ word: names[4], say: names[4] }] : []),
      ],
    };
  },
};
