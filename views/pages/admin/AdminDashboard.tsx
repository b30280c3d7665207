import type { PageContext } from '../../../src/platform/http/page-context.ts';
import { formatBytes, formatCreated } from './shared/format.ts';

export interface DashboardData {
  counts: { books: number; chapters: number; users: number; pro: number; audioBytes: number };
  jobs: { kind: string; counts: Record<string, number> }[];
  failures: { source: 'scrape' | 'import' | 'ai' | 'job'; kind: string; error: string; when: string; href: string }[];
  usage: { day: string; kind: string; requests: number; promptTokens: number; completionTokens: number; images: number; failures: number }[];
}

const STATUSES = ['pending', 'running', 'done', 'failed', 'cancelled'] as const;

/** The admin home's figures: what the library holds, what ran, what failed, what the AI service was asked. */
export function AdminDashboard({ ctx, data }: { ctx: PageContext; data: DashboardData }): JSX.Element {
  const { t } = ctx;
  const number = (n: number) => new Intl.NumberFormat(ctx.locale).format(n);
  const { counts } = data;
  const figures: [string, string][] = [
    [t('ai.dash.books'), number(counts.books)],
    [t('ai.dash.chapters'), number(counts.chapters)],
    [t('ai.dash.users'), number(counts.users)],
    [t('ai.dash.pro'), number(counts.pro)],
    [t('ai.dash.storage'), formatBytes(ctx.locale, counts.audioBytes)],
  ];
  return (
    <section class="admin-dashboard" aria-labelledby="dashboard-title">
      <h2 id="dashboard-title" safe>{t('ai.dash.title')}</h2>
      <dl class="admin-dashboard__figures">
        {figures.map(([label, value]) => (
          <div>
            <dt safe>{label}</dt>
            <dd safe>{value}</dd>
          </div>
        ))}
      </dl>
      <h3 id="admin-dashboard-jobs" safe>{t('ai.dash.jobs')}</h3>
      {data.jobs.length === 0 ? (
        <p class="empty-state" safe>{t('ai.dash.noJobs')}</p>
      ) : (
        <div class="admin-dashboard__scroll" role="region" aria-labelledby="admin-dashboard-jobs" tabindex="0">
          <table class="admin-table">
            <thead>
              <tr>
                <th scope="col" safe>{t('ai.dash.kind')}</th>
                {STATUSES.map((s) => <th scope="col" safe>{t(`admin.status.${s}` as never)}</th>)}
              </tr>
            </thead>
            <tbody>
              {data.jobs.map((row) => (
                <tr>
                  <th scope="row" safe>{row.kind}</th>
                  {STATUSES.map((s) => <td safe>{number(row.counts[s] ?? 0)}</td>)}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <h3 safe>{t('ai.dash.failures')}</h3>
      {data.failures.length === 0 ? (
        <p class="empty-state" safe>{t('ai.dash.noFailures')}</p>
      ) : (
        <ul class="admin-dashboard__failures" role="list">
          {data.failures.map((f) => (
            <li>
              <a href={f.href}>
                <strong safe>{`${t(`ai.dash.source.${f.source}` as never)} · ${f.kind}`}</strong>
                <time datetime={f.when} safe>{formatCreated(ctx.locale, f.when)}</time>
              </a>
              <span class="task__error" safe>{f.error}</span>
            </li>
          ))}
        </ul>
      )}
      <h3 id="admin-dashboard-usage" safe>{t('ai.dash.usage')}</h3>
      {data.usage.length === 0 ? (
        <p class="empty-state" safe>{t('ai.dash.noUsage')}</p>
      ) : (
        <div class="admin-dashboard__scroll" role="region" aria-labelledby="admin-dashboard-usage" tabindex="0">
          <table class="admin-table">
            <thead>
              <tr>
                <th scope="col" safe>{t('ai.dash.day')}</th>
                <th scope="col" safe>{t('ai.dash.kind')}</th>
                <th scope="col" safe>{t('ai.dash.requests')}</th>
                <th scope="col" safe>{t('ai.dash.tokens')}</th>
                <th scope="col" safe>{t('ai.dash.images')}</th>
                <th scope="col" safe>{t('ai.dash.failed')}</th>
              </tr>
            </thead>
            <tbody>
              {data.usage.map((u) => (
                <tr>
                  <td safe>{u.day}</td>
                  <td safe>{u.kind}</td>
                  <td safe>{number(u.requests)}</td>
                  <td safe>{`${number(u.promptTokens)} / ${number(u.completionTokens)}`}</td>
                  <td safe>{number(u.images)}</td>
                  <td safe>{number(u.failures)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
