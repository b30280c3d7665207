import type { PageContext } from '../../../../src/platform/http/page-context.ts';
import { Layout } from '../../../layouts/Layout.tsx';
import { glossaryPagePath } from '../../../../src/features/translation/paths.ts';

export type GlossaryNotice = { level: 'ok' | 'error'; message: string } | null;

export type GlossaryPageProps = { ctx: PageContext; slug: string; bookTitle: string; text: string; count: number; notice: GlossaryNotice };

/** The line under the form: saved, or what was wrong (also the htmx answer to a save). */
export function GlossaryNoticeLine({ notice }: { notice: GlossaryNotice }): JSX.Element {
  if (!notice) return <></>;
  return (
    <p class={`glossary__notice glossary__notice--${notice.level}`} role={notice.level === 'error' ? 'alert' : 'status'} safe>
      {notice.message}
    </p>
  );
}

/**
 * /admin/books/{slug}/glossary: the names and terms every translation of the book follows, one a
 * line (`source = target`, or `source = target | fr` for one language). Saved with htmx in place,
 * or as a plain form post (303 back here).
 */
export function GlossaryPage({ ctx, slug, bookTitle, text, count, notice }: GlossaryPageProps): JSX.Element {
  const { t } = ctx;
  const action = glossaryPagePath(slug);
  return (
    <Layout ctx={ctx} title={t('translation.glossary.title', { book: bookTitle })} noindex>
      <section class="glossary">
        <p class="glossary__back">
          <a href={`/admin/books/${encodeURIComponent(slug)}`} safe>
            {bookTitle}
          </a>
        </p>
        <h1 safe>{t('translation.glossary.title', { book: bookTitle })}</h1>
        <p safe>{t('translation.glossary.lead')}</p>
        <p class="glossary__count" safe>
          {t('translation.glossary.count', { count })}
        </p>
        <form class="glossary__form" method="post" action={action} hx-post={action} hx-target="#glossary-notice" hx-swap="innerHTML">
          <label for="glossary-entries" safe>
            {t('translation.glossary.label')}
          </label>
          <textarea id="glossary-entries" name="entries" rows="14" spellcheck="false" placeholder={t('translation.glossary.placeholder')} safe>
            {text}
          </textarea>
          <p class="glossary__help" safe>
            {t('translation.glossary.help')}
          </p>
          <button type="submit" class="button" safe>
            {t('translation.glossary.save')}
          </button>
        </form>
        <div id="glossary-notice">
          <GlossaryNoticeLine notice={notice} />
        </div>
      </section>
    </Layout>
  );
}
