import { readCookie, serializeCookie } from '../../platform/http/cookies.ts';
import { makeTranslator } from '../../platform/i18n/index.ts';
import type { PageContext } from '../../platform/http/page-context.ts';
import type { StoredAppearance } from './service.ts';

const YEAR = 365 * 24 * 3600;

/**
 * Pages are rendered from these cookies (src/platform/http/page.ts), never from a database read:
 * every write of the settings, and every sign-in, refreshes them from the stored row.
 */
export const APPEARANCE_COOKIES = ['theme', 'locale', 'font_family', 'font_size'] as const;

export function appearanceCookies(appearance: StoredAppearance, secure: boolean): string[] {
  const cookies: string[] = [];
  for (const name of APPEARANCE_COOKIES) {
    const value = appearance[name];
    if (value === undefined) continue;
    cookies.push(serializeCookie(name, String(value), { maxAgeSeconds: YEAR, httpOnly: true, secure }));
  }
  return cookies;
}

/** Only the cookies this browser does not already carry with the same value. */
export function changedAppearanceCookies(request: Request, appearance: StoredAppearance, secure: boolean): string[] {
  const differing: StoredAppearance = {};
  for (const name of APPEARANCE_COOKIES) {
    const value = appearance[name];
    if (value !== undefined && readCookie(request, name) !== String(value)) Object.assign(differing, { [name]: value });
  }
  return appearanceCookies(differing, secure);
}

/**
 * The page context with the stored appearance applied: the settings page shows the account's
 * choices even before this browser's cookies caught up (they are refreshed on the same response).
 */
export function withAppearance(ctx: PageContext, stored: StoredAppearance): PageContext {
  const locale = stored.locale ?? ctx.locale;
  return {
    ...ctx,
    locale,
    t: locale === ctx.locale ? ctx.t : makeTranslator(locale),
    theme: stored.theme ?? ctx.theme,
    fontFamily: stored.font_family ?? ctx.fontFamily,
    fontSize: stored.font_size ?? ctx.fontSize,
  };
}
