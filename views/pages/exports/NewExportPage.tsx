import type { PageContext } from '../../../src/platform/http/page-context.ts';
import { EXPORT_FORMATS } from '../../../src/features/exports/model.ts';
import { Layout } from '../../layouts/Layout.tsx';
import type { NewExportForm } from './types.ts';

/**
 * The form for a narrated edition of a book: chapters, kind (read-along EPUB or audiobook) and
 * voice. A plain POST to /exports, which answers with the export's page.
 */
export function NewExportPage({ ctx, form }: { ctx: PageContext; form: NewExportForm }): JSX.Element {
  const { t } = ctx;
  const min = String(form.first);
  const max = String(form.last);
  return (
    <Layout ctx={ctx} title={`${form.bookTitle} · ${t('exports.title')}`} noindex>
      <section class="exports" aria-labelledby="new-export-heading">
        <h1 id="new-export-heading" safe>
          {t('exports.title')}
        </h1>
        <p class="exports__book">
          <a href={`/book/${encodeURIComponent(form.slug)}`} safe>
            {form.bookTitle}
          </a>
        </p>
        <p safe>{t('exports.lead')}</p>
        <form class="exports__form field-stack" method="post" action="/exports">
          <input type="hidden" name="slug" value={form.slug} />
          <div class="chapter-jump">
            <label for="new-export-from">
              <span safe>{t('export.from')}</span>{' '}
              <input id="new-export-from" type="number" name="from" value={String(form.from)} min={min} max={max} step="1" inputmode="numeric" required />
            </label>
            <label for="new-export-to">
              <span safe>{t('export.to')}</span>{' '}
              <input id="new-export-to" type="number" name="to" value={String(form.to)} min={min} max={max} step="1" inputmode="numeric" required />
            </label>
          </div>
          <fieldset class="field">
            <legend safe>{t('exports.format')}</legend>
            {EXPORT_FORMATS.map((format) => (
              <label class="choice">
                <input type="radio" name="format" value={format} checked={format === form.format} />{' '}
                <span safe>{t(`exports.format.${format}`)}</span>
              </label>
            ))}
          </fieldset>
          <label class="field" for="new-export-voice">
            <span safe>{t('exports.voice')}</span>
            <select id="new-export-voice" name="voice">
              {form.voices.map((voice) => (
                <option value={voice.id} selected={voice.id === form.voice} safe>
                  {voice.name}
                </option>
              ))}
            </select>
          </label>
          <p class="field__hint" id="new-export-hint" safe>
            {t('exports.makeHint')}
          </p>
          <button class="button" type="submit" aria-describedby="new-export-hint" safe>
            {t('exports.make')}
          </button>
        </form>
      </section>
    </Layout>
  );
}
