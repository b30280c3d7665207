import type { PageContext } from '../context.ts';

export type RatingControlProps = { ctx: PageContext; slug: string; average: number | null; count: number; mine: number | null };

/** STUB: the book page's star control (average, count and the reader's own stars). */
export function RatingControl({ ctx, slug, average, count, mine }: RatingControlProps): JSX.Element {
  void ctx;
  void slug;
  void average;
  void count;
  void mine;
  return <></>;
}
