import type { Reader } from '../../platform/http/auth.ts';
import { readerKey } from '../../platform/http/auth.ts';

/**
 * How the deck is ordered (the SQL is in queries.ts `rankDeck`; these are its constants).
 *
 * A book's score = the sum of the reader's taste weights of its genres
 *                + SCORE.popularity · ln(1 + reads_30d) / ln(2 + the most reads_30d among the candidates)
 *                + SCORE.rating · (Bayesian rating − 3, or 0 unrated)
 *                + SCORE.jitter · a number in [0, 1) from md5(seed ‖ slug).
 * Taste leads: one like (+2) outweighs the whole popularity term (at most 1.5), and even a single
 * pass (−1) outweighs the jitter. Among books the reader's taste does not tell apart, popularity
 * (on a log scale, so 3–5 times as many readers are needed to overcome the jitter) and rating
 * order the deck; the jitter, seeded by reader and day, keeps two readers' decks apart.
 */
export const TASTE = { save: 3, like: 2, pass: -1 } as const;
export const SCORE = { popularity: 1.5, rating: 0.25, jitter: 0.5 } as const;

/** Taste comes from the reader's latest votes only: recent swipes say more, and the cost is bounded. */
export const TASTE_WINDOW = 500;

/**
 * Candidate pools, each walked in index order and skipping books the reader has seen: the most
 * popular books, the newest, and the most popular of each of the reader's top genres. Only these
 * (at most popular + newest + genres · perGenre + 1 books) are scored, whatever the catalogue size.
 */
export const POOL = { popular: 200, newest: 50, genres: 3, perGenre: 100 } as const;

/** UTC day, so the deck keeps its order through a day and reshuffles the next. */
export function deckSeed(reader: Reader, now: Date = new Date()): string {
  return `${readerKey(reader)}:${now.toISOString().slice(0, 10)}:`;
}
