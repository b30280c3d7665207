import { Layout } from '../../layouts/Layout.tsx';
import type { AdminHomeProps } from './types.ts';
import { AdminDashboard } from './AdminDashboard.tsx';

const TOOLS = [
  ['/admin/scraping', 'admin.home.scraping', 'admin.home.scrapingText'],
  ['/admin/imports', 'admin.home.imports', 'admin.home.importsText'],
  ['/admin/books', 'admin.home.books', 'admin.home.booksText'],
  ['/admin/ai-jobs', 'admin.home.ai', 'admin.home.aiText'],
  ['/admin/covers', 'admin.home.covers', 'admin.home.coversText'],
  ['/admin/audio', 'admin.home.audio', 'admin.home.audioText'],
  ['/admin/users', 'admin.home.users', 'admin.home.usersText'],
  ['/admin/settings', 'policy.admin.link', 'policy.admin.linkText'],
  ['/notifications', 'admin.home.notifications', 'admin.home.notificationsText'],
  ['/api/docs', 'admin.home.api', 'admin.home.apiText'],
] as const;

/** /admin: every tool, with what is going on now. */
export function AdminHomePage({ ctx, runningScrapes, importsInReview, books, dashboard }: AdminHomeProps): JSX.Element {
  const { t } = ctx;
  return (
    <Layout ctx={ctx} title={t('admin.home.title')} noindex>
      <section class="admin-home">
        <h1 safe>{t('admin.home.title')}</h1>
        <p class="admin-home__facts" safe>
          {t('admin.home.facts', { scrapes: String(runningScrapes), reviews: String(importsInReview), books: String(books) })}
        </p>
        <ul class="admin-home__tools" role="list">
          {TOOLS.map(([href, name, text]) => (
            <li>
              <a class="admin-tool" href={href}>
                <strong safe>{t(name)}</strong>
                <span safe>{t(text)}</span>
              </a>
            </li>
          ))}
        </ul>
        <AdminDashboard ctx={ctx} data={dashboard} />
      </section>
    </Layout>
  );
}
