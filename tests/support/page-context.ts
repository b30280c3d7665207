import { makeTranslator } from '../../src/platform/i18n/index.ts';
import type { Locale } from '../../src/platform/i18n/locale.ts';
import type { PageContext } from '../../src/platform/http/page-context.ts';

/** A page context for rendering views directly in unit tests. */
export function makeCtx(overrides: Partial<PageContext> & { locale?: Locale } = {}): PageContext {
  const locale = overrides.locale ?? 'en';
  return {
    locale,
    theme: 'amber',
    fontFamily: 'serif',
    fontSize: 1,
    t: makeTranslator(locale),
    asset: (p) => '/assets/' + p,
    path: '/',
    baseUrl: 'https://books.example',
    requestId: 'req-1',
    viewer: null,
    ...overrides,
  };
}
