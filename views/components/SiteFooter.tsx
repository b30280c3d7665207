import type { PageContext } from '../../src/platform/http/page-context.ts';

export function SiteFooter({ ctx }: { ctx: PageContext }): JSX.Element {
  return (
    <footer class="site-footer">
      <p safe>{ctx.t('footer.poweredBy')}</p>
      <a href="/offline" safe>
        {ctx.t('offline.footer')}
      </a>
      <a href="/api/docs" safe>
        {ctx.t('footer.api')}
      </a>
    </footer>
  );
}
