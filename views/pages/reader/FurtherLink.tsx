import type { Progress } from '../../../src/features/progress/model.ts';
import type { PageContext } from '../../../src/platform/http/page-context.ts';
import { chapterPath } from './links.ts';

/**
 * Beside "Continue reading": the furthest chapter reached, when the reader's place is now an
 * earlier one (they went back and read on there; features/progress/reading-place.ts).
 */
export function FurtherLink({ ctx, slug, progress }: { ctx: PageContext; slug: string; progress: Progress | null }): JSX.Element {
  if (!progress || progress.furthest_chapter <= progress.chapter) return <></>;
  return (
    <a class="button button--quiet book-hero__further" href={chapterPath(slug, progress.furthest_chapter)} safe>
      {ctx.t('reader.further', { number: progress.furthest_chapter })}
    </a>
  );
}
