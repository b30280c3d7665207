import type { PageContext } from '../../../../src/platform/http/page-context.ts';
import type { ReportedWord } from '../../../../src/features/audio/pronunciation/reports.ts';
import { pronunciationPagePath } from '../../../../src/features/audio/pronunciation/paths.ts';
import { Layout } from '../../../layouts/Layout.tsx';
import { NoticeLine } from '../shared/NoticeLine.tsx';
import type { Notice } from '../shared/notice.ts';
import { formatCreated } from '../shared/format.ts';
import { PronunciationEntryForm, type TypedEntry } from './PronunciationEntryForm.tsx';

export type PronunciationPageProps = {
  ctx: PageContext;
  /** The book, or null for the site's list. */
  book: { slug: string; title: string } | null;
  text: string;
  count: number;
  reports: ReportedWord[];
  notice: Notice | null;
  /** The AI tools are set up: offer respellings for the book's names. */
  suggest?: boolean;
  /** The one-entry form as typed, after a refusal, and the field it was about. */
  entry?: TypedEntry | null;
  entryInvalid?: keyof TypedEntry | null;
};

/**
 * /admin/books/{slug}/pronunciations and /admin/pronunciations: how the narration says names, one
 * entry a line (a respelling, then eSpeak phonemes in [[ ]] when given) or one entry in fields, and the words listeners reported said wrong (grouped per word), each with a way to
 * add it to the list or dismiss it. Plain forms (303 back here; a refused list answers 400 with the
 * text as typed).
 */
export function PronunciationPage({ ctx, book, text, count, reports, notice, suggest = false, entry = null, entryInvalid = null }: PronunciationPageProps): JSX.Element {
  const { t } = ctx;
  const action = pronunciationPagePath(book?.slug ?? null);
  const title = book ? t('pron.title', { book: book.title }) : t('pron.siteTitle');
  return (
    <Layout ctx={ctx} title={title} noindex>
      <section class="admin-page pronunciation">
        <p class="admin-page__back">
          {book ? <a href={`/admin/books/${encodeURIComponent(book.slug)}`} safe>{book.title}</a> : <a href="/admin" safe>{t('pron.back')}</a>}
        </p>
        <h1 safe>{title}</h1>
        <p safe>{book ? t('pron.lead') : t('pron.siteLead')}</p>
        <NoticeLine notice={notice} />
        <form class="admin-form pronunciation__form" method="post" action={action}>
          <label for="pronunciation-entries" safe>
            {t('pron.label', { count })}
          </label>
          <textarea id="pronunciation-entries" name="entries" rows="12" spellcheck="false" aria-describedby="pronunciation-help pronunciation-phonemes-help" placeholder={t('pron.placeholder')} safe>
            {text}
          </textarea>
          <p id="pronunciation-help" class="field__hint" safe>
            {t('pron.help')}
          </p>
          <p id="pronunciation-phonemes-help" class="field__hint">
            <strong safe>{t('pron.phonemes')}</strong>: <span safe>{t('pron.phonemesHelp')}</span>
          </p>
          <p class="field__hint" safe>
            {t('pron.outdatedHint')}
          </p>
          <button type="submit" class="button" safe>
            {t('pron.save')}
          </button>
        </form>
        <PronunciationEntryForm ctx={ctx} action={action} entry={entry} invalid={entryInvalid} />
        {book && suggest ? (
          <section class="pronunciation__suggest" aria-labelledby="pronunciation-suggest-title">
            <h2 id="pronunciation-suggest-title" safe>{t('pron.suggest.title')}</h2>
            <p class="field__hint" safe>{t('pron.suggest.hint')}</p>
            <form method="post" action={`${action}/suggest`} hx-post={`${action}/suggest`} hx-target="#pronunciation-suggestions" hx-swap="innerHTML" hx-disabled-elt="find button">
              <button type="submit" class="button button--quiet" safe>{t('pron.suggest.button')}</button>
            </form>
            <div id="pronunciation-suggestions" aria-live="polite"></div>
          </section>
        ) : (
          ''
        )}
        {book ? (
          <p>
            <a href={pronunciationPagePath(null)} safe>{t('pron.siteLink')}</a>
          </p>
        ) : (
          ''
        )}
        <Reports ctx={ctx} book={book} reports={reports} />
      </section>
    </Layout>
  );
}

function Reports({ ctx, book, reports }: { ctx: PageContext; book: PronunciationPageProps['book']; reports: ReportedWord[] }): JSX.Element {
  const { t } = ctx;
  return (
    <section class="pronunciation__reports" aria-labelledby="pronunciation-reports-title">
      <h2 id="pronunciation-reports-title" safe>{t('pron.reports')}</h2>
      {reports.length === 0 ? (
        <p class="empty-state" safe>{t('pron.noReports')}</p>
      ) : (
        <div class="admin-dashboard__scroll" role="region" aria-labelledby="pronunciation-reports-title" tabindex="0">
          <table class="admin-table">
            <thead>
              <tr>
                <th scope="col" safe>{t('pron.word')}</th>
                {book ? '' : <th scope="col" safe>{t('pron.book')}</th>}
                <th scope="col" safe>{t('pron.listeners')}</th>
                <th scope="col" safe>{t('pron.voices')}</th>
                <th scope="col" safe>{t('pron.chapters')}</th>
                <th scope="col" safe>{t('pron.last')}</th>
                <th scope="col"><span class="visually-hidden" safe>{t('pron.actions')}</span></th>
              </tr>
            </thead>
            <tbody>
              {reports.map((r) => (
                <tr>
                  <th scope="row" safe>{r.word}</th>
                  {book ? '' : <td safe>{r.book_title}</td>}
                  <td safe>{String(r.listeners)}</td>
                  <td safe>{r.voices.join(', ')}</td>
                  <td safe>{r.chapters.join(', ')}</td>
                  <td><time datetime={r.last} safe>{formatCreated(ctx.locale, r.last)}</time></td>
                  <td class="pronunciation__actions">
                    <a class="button button--quiet" href={`${pronunciationPagePath(r.slug)}?add=${encodeURIComponent(r.word)}#pronunciation-entries`} aria-label={t('pron.addNamed', { word: r.word })} safe>
                      {t('pron.add')}
                    </a>
                    <form method="post" action={`${pronunciationPagePath(book?.slug ?? null)}/dismiss`}>
                      <input type="hidden" name="slug" value={r.slug} />
                      <input type="hidden" name="word" value={r.word} />
                      <button type="submit" class="button button--quiet" aria-label={t('pron.dismissNamed', { word: r.word })} safe>
                        {t('pron.dismiss')}
                      </button>
                    </form>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
