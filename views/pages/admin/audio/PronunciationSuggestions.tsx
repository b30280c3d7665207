import type { PageContext } from '../../../../src/platform/http/page-context.ts';
import { pronunciationPagePath } from '../../../../src/features/audio/pronunciation/paths.ts';
import { Layout } from '../../../layouts/Layout.tsx';

export type PronunciationSuggestionsProps = {
  ctx: PageContext;
  slug: string;
  suggestions: { word: string; say: string; count: number }[];
  /** What went wrong asking for them, in plain words. */
  error?: string;
};

/**
 * Respellings proposed for the book's names (the AI tools): each kept, edited or left out, then
 * added to the book's list in one post. Nothing is stored before that.
 */
export function PronunciationSuggestions({ ctx, slug, suggestions, error }: PronunciationSuggestionsProps): JSX.Element {
  const { t } = ctx;
  if (error) return <p class="admin-notice notice notice--error" role="alert" safe>{error}</p>;
  if (suggestions.length === 0) return <p class="empty-state" role="status" safe>{t('pron.suggest.none')}</p>;
  return (
    <form class="admin-form pronunciation__suggestions" method="post" action={`${pronunciationPagePath(slug)}/add`}>
      <p role="status" safe>{t('pron.suggest.found', { count: suggestions.length })}</p>
      <div class="admin-dashboard__scroll" role="region" aria-label={t('pron.suggest.title')} tabindex="0">
        <table class="admin-table">
          <thead>
            <tr>
              <th scope="col" safe>{t('pron.suggest.keep')}</th>
              <th scope="col" safe>{t('pron.word')}</th>
              <th scope="col" safe>{t('pron.suggest.say')}</th>
              <th scope="col" safe>{t('pron.suggest.count')}</th>
            </tr>
          </thead>
          <tbody>
            {suggestions.map((s, i) => (
              <tr>
                <td>
                  <input type="checkbox" id={`keep-${i}`} name={`keep_${i}`} value="1" checked aria-label={t('pron.suggest.keepNamed', { word: s.word })} />
                </td>
                <th scope="row">
                  <label for={`say-${i}`} safe>{s.word}</label>
                  <input type="hidden" name={`word_${i}`} value={s.word} />
                </th>
                <td>
                  <input id={`say-${i}`} name={`say_${i}`} value={s.say} maxlength="200" required />
                </td>
                <td safe>{String(s.count)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <button type="submit" class="button" safe>{t('pron.suggest.add')}</button>
    </form>
  );
}

/** The same on a page of its own, for a browser without htmx. */
export function PronunciationSuggestionsPage(props: PronunciationSuggestionsProps & { bookTitle: string }): JSX.Element {
  const { t } = props.ctx;
  return (
    <Layout ctx={props.ctx} title={t('pron.suggest.title')} noindex>
      <section class="admin-page pronunciation">
        <p class="admin-page__back">
          <a href={pronunciationPagePath(props.slug)} safe>{t('pron.title', { book: props.bookTitle })}</a>
        </p>
        <h1 safe>{t('pron.suggest.title')}</h1>
        <PronunciationSuggestions {...props} />
      </section>
    </Layout>
  );
}
