import type { PageContext } from '../../../src/platform/http/page-context.ts';
import { LOCALE_TAGS } from '../../../src/platform/i18n/locale.ts';
import type { ExportView } from './types.ts';

const ENDED = new Set(['done', 'failed']);

/** "12.4 MB" in the reader's language. */
export function fileSize(ctx: PageContext, bytes: number): string {
  const megabytes = bytes / 1_000_000;
  return new Intl.NumberFormat(LOCALE_TAGS[ctx.locale], { style: 'unit', unit: 'megabyte', maximumFractionDigits: megabytes < 10 ? 1 : 0 }).format(megabytes);
}

/**
 * Where one export stands: a progress bar and what it does while it runs (htmx asks again every
 * two seconds and swaps this box; without JavaScript a refresh does), the download when done, the
 * reason and a way to try again when it failed.
 */
export function ExportStatus({ ctx, view }: { ctx: PageContext; view: ExportView }): JSX.Element {
  const { t } = ctx;
  const running = !ENDED.has(view.status);
  const poll = running ? { 'hx-get': `/exports/${view.id}`, 'hx-trigger': 'every 2s', 'hx-select': `#export-${view.id}`, 'hx-swap': 'outerHTML' } : {};
  return (
    <div id={`export-${view.id}`} class={`export-status export-status--${view.status}`} {...poll}>
      <p class="export-status__state" role="status" safe>
        {view.status === 'done' ? t('exports.status.done') : view.status === 'failed' ? t('exports.status.failed') : t(view.message.key, view.message.params)}
      </p>
      {running ? (
        <progress class="export-status__bar" max="100" value={String(Math.round(view.progress * 100))} aria-label={t('exports.progress')} safe>
          {`${Math.round(view.progress * 100)} %`}
        </progress>
      ) : (
        ''
      )}
      {view.status === 'done' && view.url ? (
        <a class="button" href={view.url} download="" safe>
          {t('exports.download', { size: fileSize(ctx, view.size ?? 0) })}
        </a>
      ) : (
        ''
      )}
      {view.status === 'failed' ? (
        <>
          <p class="notice notice--error" safe>
            {t(view.message.key, view.message.params)}
          </p>
          <form method="post" action="/exports">
            <input type="hidden" name="slug" value={view.slug} />
            <input type="hidden" name="from" value={String(view.from)} />
            <input type="hidden" name="to" value={String(view.to)} />
            <input type="hidden" name="format" value={view.format} />
            <input type="hidden" name="voice" value={view.voice} />
            <button class="button button--quiet" type="submit" safe>
              {t('exports.again')}
            </button>
          </form>
        </>
      ) : (
        ''
      )}
    </div>
  );
}
