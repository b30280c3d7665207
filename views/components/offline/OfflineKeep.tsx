import type { PageContext } from '../../../src/platform/http/page-context.ts';
import { OfflineMessages } from './OfflineMessages.tsx';

/** In order: the keep script uses the other two. */
export const OFFLINE_KEEP_SCRIPTS = ['js/offline/messages.js', 'js/offline/store.js', 'js/offline/keep.js'] as const;

export const KEEP_MESSAGES = [
  'offline.keeping', 'offline.kept_one', 'offline.kept_other', 'offline.keptSome', 'offline.audioPro', 'offline.full', 'offline.failed', 'offline.unsupported',
] as const;

export type OfflineKeepProps = {
  ctx: PageContext;
  slug: string;
  /** The first chapter to keep: where the reader is, else the book's first chapter. */
  from: number;
  /** Chapters from `from` to the end of the book. */
  remaining: number;
  /** On the chapter page: one button that keeps the next ten chapters with their audio. */
  compact?: boolean;
};

/**
 * "Keep for offline" (public/js/offline/keep.js downloads the chapters into this browser). Hidden
 * until the script has checked that the browser can keep pages: without it there is nothing to do.
 */
export function OfflineKeep({ ctx, slug, from, remaining, compact = false }: OfflineKeepProps): JSX.Element {
  const { t } = ctx;
  const counts = [10, 50].filter((n) => n < remaining);
  return (
    <section class={compact ? 'offline-keep offline-keep--compact' : 'offline-keep'} data-offline-keep data-slug={slug} data-from={String(from)} hidden aria-labelledby={`offline-keep-${slug}`}>
      <OfflineMessages ctx={ctx} keys={KEEP_MESSAGES} />
      {compact ? (
        <form class="offline-keep__form" data-offline-keep-form>
          <input type="hidden" name="count" value="10" />
          <input type="hidden" name="audio" value="on" />
          <button type="submit" class="button button--quiet" id={`offline-keep-${slug}`} safe>
            {t('offline.keepHere')}
          </button>
        </form>
      ) : (
        <>
          <h2 class="offline-keep__title" id={`offline-keep-${slug}`} safe>
            {t('offline.keepTitle')}
          </h2>
          <form class="offline-keep__form" data-offline-keep-form>
            <label>
              <span class="visually-hidden" safe>
                {t('offline.keepWhat')}
              </span>
              <select name="count">
                {counts.map((n) => (
                  <option value={String(n)} safe>
                    {t('offline.keepNext', { count: n })}
                  </option>
                ))}
                <option value={String(remaining)} safe>
                  {t('offline.keepAll', { count: remaining })}
                </option>
              </select>
            </label>
            <label class="offline-keep__audio">
              <input type="checkbox" name="audio" checked /> <span safe>{t('offline.keepAudio')}</span>
            </label>
            <button type="submit" class="button button--quiet" safe>
              {t('offline.keep')}
            </button>
          </form>
        </>
      )}
      <progress class="offline-keep__progress" data-offline-keep-progress max="1" value="0" hidden></progress>
      <p class="offline-keep__status" data-offline-keep-status role="status" aria-live="polite"></p>
    </section>
  );
}
