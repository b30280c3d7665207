import { LOCALE_NAMES, type Locale } from '../../src/platform/i18n/locale.ts';
import { offersOf, type PageContext } from '../../src/platform/http/page-context.ts';
import { pollPath, switchPath } from '../../src/features/translation/paths.ts';
import { UPGRADE_PATH } from '../../src/features/billing/gate.ts';

/**
 * What the reader's switch (TranslationSwitch.tsx) shows in its status line: htmx fragments.
 * A finished translation (or the original) also replaces the chapter's title and text out of band.
 */
export type StatusState =
  | { kind: 'busy'; locale: Locale }
  | { kind: 'done'; locale: Locale; title: string; html: string }
  | { kind: 'original'; title: string; html: string }
  | { kind: 'failed'; locale: Locale; error: string | null }
  | { kind: 'pro_required'; locale: Locale; perDay: number; paid: boolean }
  | { kind: 'unavailable' }
  | { kind: 'error'; message: string };

type Props = { ctx: PageContext; slug: string; chapter: number; state: StatusState };

/** The chapter's title and text, replacing the page's (ChapterPage.tsx has the same classes, one of each). */
function Chapter({ title, html, lang }: { title: string; html: string; lang?: string }): JSX.Element {
  const safeHtml = html; // sanitised by src/platform/markup/chapter-html.ts
  return (
    <>
      <h1 class="reader__title" hx-swap-oob="outerHTML:.reader__title" lang={lang} safe>
        {title}
      </h1>
      <div class="reader__text" hx-swap-oob="outerHTML:.reader__text" lang={lang}>
        {safeHtml}
      </div>
    </>
  );
}

function Retry({ ctx, slug, chapter, locale }: { ctx: PageContext; slug: string; chapter: number; locale: Locale }): JSX.Element {
  return (
    <button type="button" class="button button--quiet" hx-post={switchPath(slug, chapter)} hx-vals={JSON.stringify({ locale })} hx-target="#translation-status" hx-swap="innerHTML" safe>
      {ctx.t('translation.status.retry')}
    </button>
  );
}

export function TranslationStatus({ ctx, slug, chapter, state }: Props): JSX.Element {
  const { t } = ctx;
  switch (state.kind) {
    case 'busy':
      return (
        <p class="translation__busy" data-translation-busy hx-get={pollPath(slug, chapter, state.locale)} hx-trigger="every 2s" hx-target="#translation-status" hx-swap="innerHTML">
          <span class="translation__spinner" aria-hidden="true"></span>
          <span safe>{t('translation.status.busy', { language: LOCALE_NAMES[state.locale] })}</span>
        </p>
      );
    case 'done':
      return (
        <>
          <p class="translation__note" data-translation-done={state.locale} safe>
            {t('translation.status.machine', { language: LOCALE_NAMES[state.locale] })}
          </p>
          <Chapter title={state.title || t('reader.chapterFallback', { number: chapter })} html={state.html} lang={state.locale} />
        </>
      );
    case 'original':
      return <Chapter title={state.title || t('reader.chapterFallback', { number: chapter })} html={state.html} />;
    case 'failed':
      return (
        <p class="translation__error">
          <span safe>{t('translation.status.failed', { language: LOCALE_NAMES[state.locale] })}</span> <Retry ctx={ctx} slug={slug} chapter={chapter} locale={state.locale} />
        </p>
      );
    case 'pro_required':
      // A site that takes payments words it as its free tier; one that does not, as its owner's limit.
      return (
        <p class="translation__error" data-translation-limit>
          <span safe>{t(state.paid ? 'translation.status.limit' : 'policy.limit.translation', { n: state.perDay })}</span>
          {offersOf(ctx).proForSale ? (
            <>
              {' '}
              <a class="button" href={UPGRADE_PATH} safe>
                {t('translation.status.upgrade')}
              </a>
            </>
          ) : (
            ''
          )}
        </p>
      );
    case 'unavailable':
      return (
        <p class="translation__error" safe>
          {t('translation.status.unavailable')}
        </p>
      );
    case 'error':
      return (
        <p class="translation__error" safe>
          {state.message}
        </p>
      );
  }
}
