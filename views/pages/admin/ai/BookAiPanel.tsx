import { Layout } from '../../../layouts/Layout.tsx';
import type { PageContext } from '../../../../src/platform/http/page-context.ts';
import type { Suggestion, SuggestionKind } from './types.ts';

export interface BookAiFacts {
  slug: string;
  tagline: string;
  genres: string[];
  warnings: { label: string; severity: string; reason: string }[];
  quality: { score: number | null; reasons: string[] };
}

const LABELS: Record<SuggestionKind, string> = { tagline: 'ai.book.tagline', genres: 'ai.book.genres', warnings: 'ai.book.warnings', quality: 'ai.book.quality' };

/** On /admin/books/{slug}: ask for a tagline, genres, warnings or a score; links to the other AI tools. */
export function BookAiPanel({ ctx, facts }: { ctx: PageContext; facts: BookAiFacts }): JSX.Element {
  const { t } = ctx;
  const slug = encodeURIComponent(facts.slug);
  const now: Record<SuggestionKind, string> = {
    tagline: facts.tagline,
    genres: facts.genres.join(', '),
    warnings: facts.warnings.map((w) => `${w.label} (${w.severity})`).join(', '),
    quality: facts.quality.score === null ? '' : `${facts.quality.score}/10`,
  };
  return (
    <section class="ai-panel" aria-labelledby="ai-panel-title">
      <h2 id="ai-panel-title" safe>{t('ai.book.title')}</h2>
      <p class="field__hint" safe>{t('ai.book.lead')}</p>
      <p class="admin-form admin-form--buttons">
        <a class="button button--quiet" href={`/admin/ai-jobs?book=${slug}`} safe>{t('ai.book.nameChapters')}</a>
        <a class="button button--quiet" href={`/admin/covers?slug=${slug}`} safe>{t('ai.book.covers')}</a>
        <a class="button button--quiet" href={`/admin/books/${slug}/glossary`} safe>{t('ai.book.glossary')}</a>
      </p>
      {(Object.keys(LABELS) as SuggestionKind[]).map((kind) => (
        <div class="ai-panel__item">
          <form method="post" action={`/admin/books/${slug}/ai/${kind}`} hx-post={`/admin/books/${slug}/ai/${kind}`} hx-target={`#ai-${kind}`} hx-swap="innerHTML" hx-disabled-elt="find button">
            <h3 safe>{t(LABELS[kind] as never)}</h3>
            <p class="ai-panel__now" safe>{t('ai.book.now', { value: now[kind] || t('ai.book.none') })}</p>
            <button class="button button--quiet" type="submit" safe>{t('ai.book.suggest')}</button>
          </form>
          <div id={`ai-${kind}`} class="ai-panel__proposal" aria-live="polite"></div>
        </div>
      ))}
    </section>
  );
}

/** A proposal to edit and save (or the failure in words). */
export function SuggestionForm({ ctx, suggestion }: { ctx: PageContext; suggestion: Suggestion }): JSX.Element {
  const { t } = ctx;
  if (suggestion.error) return <p class="notice notice--error" role="alert" safe>{suggestion.error}</p>;
  const action = `/admin/books/${encodeURIComponent(suggestion.slug)}/ai/${suggestion.kind}/apply`;
  return (
    <form class="admin-form ai-suggestion" method="post" action={action} data-kind={suggestion.kind}>
      {suggestion.kind === 'quality' ? (
        <>
          <label class="field">
            <span class="field__label" safe>{t('ai.book.score')}</span>
            <input name="score" type="number" min="1" max="10" required value={String(suggestion.score ?? '')} />
          </label>
          <label class="field">
            <span class="field__label" safe>{t('ai.book.reasons')}</span>
            <textarea name="value" rows="4" maxlength="4000" safe>{suggestion.value}</textarea>
          </label>
        </>
      ) : (
        <label class="field">
          <span class="field__label" safe>{t(LABELS[suggestion.kind] as never)}</span>
          {suggestion.kind === 'warnings' ? <textarea name="value" rows="4" maxlength="6000" safe>{suggestion.value}</textarea> : <input name="value" maxlength="1000" value={suggestion.value} />}
          {suggestion.kind === 'genres' ? <span class="field__hint" safe>{t('ai.book.genresHint')}</span> : ''}
          {suggestion.kind === 'warnings' ? <span class="field__hint" safe>{t('ai.book.warningsHint')}</span> : ''}
        </label>
      )}
      <button class="button button--primary" type="submit" safe>{t('ai.book.save')}</button>
    </form>
  );
}

/** Without JavaScript, a proposal comes on a page of its own. */
export function SuggestionPage({ ctx, suggestion }: { ctx: PageContext; suggestion: Suggestion }): JSX.Element {
  const { t } = ctx;
  return (
    <Layout ctx={ctx} title={t('ai.book.title')} noindex>
      <section class="admin-page">
        <p class="admin-page__back">
          <a href={`/admin/books/${encodeURIComponent(suggestion.slug)}`} safe>{t('admin.books.back')}</a>
        </p>
        <h1 safe>{t('ai.book.title')}</h1>
        <SuggestionForm ctx={ctx} suggestion={suggestion} />
      </section>
    </Layout>
  );
}
