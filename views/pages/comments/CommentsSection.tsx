import type { PageContext } from '../../context.ts';

export type CommentsSectionProps = { ctx: PageContext; slug: string; chapter: number | null };

/** STUB: the comment thread under a chapter (chapter set) or on the book page (chapter null). */
export function CommentsSection({ ctx, slug, chapter }: CommentsSectionProps): JSX.Element {
  void ctx;
  void slug;
  void chapter;
  return <></>;
}
