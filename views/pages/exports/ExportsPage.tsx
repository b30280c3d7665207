import type { PageContext } from '../../../src/platform/http/page-context.ts';
import { Layout } from '../../layouts/Layout.tsx';
import { ExportStatus } from './ExportStatus.tsx';
import type { ExportView } from './types.ts';

/** One export: what it is (book, chapters, kind, voice) and where it stands. */
export function ExportItem({ ctx, view, heading = 'h2' }: { ctx: PageContext; view: ExportView; heading?: 'h1' | 'h2' }): JSX.Element {
  const { t } = ctx;
  const Title = heading;
  return (
    <article class="export-item" aria-labelledby={`export-title-${view.id}`}>
      <Title id={`export-title-${view.id}`} class="export-item__title" tabindex={heading === 'h1' ? '-1' : undefined}>
        <a href={`/book/${encodeURIComponent(view.slug)}`} safe>
          {view.bookTitle}
        </a>
      </Title>
      <p class="export-item__what" safe>
        {`${t(`exports.format.${view.format}`)} · ${t('exports.chapters', { from: view.from, to: view.to })} · ${view.voiceName}`}
      </p>
      <ExportStatus ctx={ctx} view={view} />
    </article>
  );
}

/** The reader's exports, newest first, each with its state; the empty state says where to start. */
export function ExportsPage({ ctx, views }: { ctx: PageContext; views: ExportView[] }): JSX.Element {
  const { t } = ctx;
  return (
    <Layout ctx={ctx} title={t('exports.pageTitle')} noindex>
      <section class="exports" aria-labelledby="exports-heading">
        <h1 id="exports-heading" safe>
          {t('exports.pageTitle')}
        </h1>
        {views.length === 0 ? (
          <div class="empty-state">
            <p class="empty-state__title" safe>
              {t('exports.empty')}
            </p>
          </div>
        ) : (
          <ul class="exports__list" role="list">
            {views.map((view) => (
              <li>
                <ExportItem ctx={ctx} view={view} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </Layout>
  );
}

/** One export on a page of its own: where the form leads, and what the notification links to through the list. */
export function ExportPage({ ctx, view }: { ctx: PageContext; view: ExportView }): JSX.Element {
  const { t } = ctx;
  return (
    <Layout ctx={ctx} title={`${view.bookTitle} · ${t(`exports.format.${view.format}`)}`} noindex>
      <section class="exports">
        <ExportItem ctx={ctx} view={view} heading="h1" />
        <p>
          <a href="/exports" safe>
            {t('exports.all')}
          </a>
        </p>
      </section>
    </Layout>
  );
}
