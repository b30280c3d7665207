import type { Book } from '../../../src/features/catalogue/model.ts';
import { BookGrid } from '../../components/BookGrid.tsx';
import type { PageContext } from '../../context.ts';
import { Layout } from '../../layouts/Layout.tsx';

export type HomePageProps = { ctx: PageContext; newest: readonly Book[]; popular: readonly Book[] };

export function HomePage({ ctx, newest, popular }: HomePageProps): JSX.Element {
  const { t } = ctx;
  return (
    <Layout ctx={ctx} title={t('site.name')} description={t('site.tagline')}>
      <section class="hero">
        <h1 class="hero__title" safe>
          {t('site.name')}
        </h1>
        <p class="hero__lead" safe>
          {t('home.hero')}
        </p>
      </section>
      <section class="shelf" aria-labelledby="shelf-new">
        <h2 id="shelf-new" safe>
          {t('home.new')}
        </h2>
        <BookGrid ctx={ctx} books={newest} />
      </section>
      <section class="shelf" aria-labelledby="shelf-popular">
        <h2 id="shelf-popular" safe>
          {t('home.popular')}
        </h2>
        <BookGrid ctx={ctx} books={popular} />
      </section>
    </Layout>
  );
}
