import type { PageContext } from '../../../../src/platform/http/page-context.ts';
import type { DedupResult } from '../../../../src/features/dedup/service.ts';

/** The dry run's plan in words, with the button that applies exactly it (htmx fragment). */
export function DedupPlan({ ctx, slug, result }: { ctx: PageContext; slug: string; result: DedupResult }): JSX.Element {
  const { t } = ctx;
  if (!result.dry_run) return <p class="notice notice--ok" role="status" safe>{t('admin.dedup.removed', { n: String(result.removed) })}</p>;
  if (result.plan.length === 0) return <p class="notice" role="status" safe>{t('admin.dedup.nothing')}</p>;
  return (
    <div class="dedup">
      <p safe>{t('admin.dedup.intro', { n: String(result.plan.length), total: String(result.chapters_before) })}</p>
      <ul>
        {result.plan.map((r) => (
          <li safe>{t(`admin.dedup.reason.${r.reason}` as never, { n: String(r.number), title: r.title, keep: String(r.duplicate_of) })}</li>
        ))}
      </ul>
      <form method="post" action={`/admin/books/${encodeURIComponent(slug)}/dedup`} hx-post={`/admin/books/${encodeURIComponent(slug)}/dedup`} hx-target="#dedup-plan" hx-swap="innerHTML">
        <button class="button button--primary" type="submit" safe>{t('admin.dedup.apply', { n: String(result.plan.length) })}</button>
      </form>
    </div>
  );
}
