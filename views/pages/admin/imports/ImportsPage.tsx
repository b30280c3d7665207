import { Layout } from '../../../layouts/Layout.tsx';
import type { ImportsPageProps } from './types.ts';
import { ImportTaskList } from './ImportTaskList.tsx';
import { NoticeLine } from '../shared/NoticeLine.tsx';

const RULES = ['auto', 'toc', 'spine', 'outline', 'headings', 'pages'] as const;

/**
 * /admin/imports: a drop zone and a file field (public/js/admin-import.js uploads with a progress
 * bar; without JavaScript the form posts as it is), the review option, the split rule, the tasks.
 */
export function ImportsPage({ ctx, tasks, highlight, notice, maxMegabytes }: ImportsPageProps): JSX.Element {
  const { t } = ctx;
  return (
    <Layout ctx={ctx} title={t('admin.imports.title')} noindex>
      <section class="admin-page">
        <p class="admin-page__back">
          <a href="/admin" safe>{t('admin.back')}</a>
        </p>
        <h1 safe>{t('admin.imports.title')}</h1>
        <NoticeLine notice={notice} />
        <form class="admin-form import-form" method="post" action="/admin/imports/upload" enctype="multipart/form-data" data-import-form data-error-generic={t('admin.imports.failed')} data-error-size={t('admin.imports.tooLarge', { mb: String(maxMegabytes) })} data-uploading={t('admin.imports.uploading', { percent: '{percent}' })}>
          <label class="dropzone" data-dropzone>
            <span class="dropzone__text" safe>{t('admin.imports.drop', { mb: String(maxMegabytes) })}</span>
            <input name="file" type="file" accept=".pdf,.epub,application/pdf,application/epub+zip" required data-file />
            <span class="dropzone__file" data-file-name></span>
          </label>
          <label class="checkbox">
            <input type="checkbox" name="review" value="1" checked />
            <span safe>{t('admin.imports.reviewFirst')}</span>
          </label>
          <label class="field">
            <span class="field__label" safe>{t('admin.imports.rule')}</span>
            <select name="rule">
              {RULES.map((rule) => (
                <option value={rule} safe>{t(`admin.rule.${rule}` as never)}</option>
              ))}
            </select>
          </label>
          <progress class="import-form__progress" max="100" value="0" hidden data-upload-progress></progress>
          <p class="import-form__status" role="status" data-upload-status></p>
          <button class="button button--primary" type="submit" safe>{t('admin.imports.upload')}</button>
        </form>
        <h2 safe>{t('admin.imports.tasks')}</h2>
        <ImportTaskList ctx={ctx} tasks={tasks} highlight={highlight} />
      </section>
      <script src={ctx.asset('js/admin-import.js')} defer></script>
    </Layout>
  );
}
