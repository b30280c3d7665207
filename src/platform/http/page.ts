import { FONT_FAMILIES, THEMES, type FontFamily, type Theme } from './appearance.ts';
import type { PageContext, SiteOffers } from './page-context.ts';
import { isLocale, makeTranslator, negotiateLocale } from '../i18n/index.ts';
import { readCookie } from './cookies.ts';
import { requestIdOf, viewerOf, urlOf } from './request-context.ts';
import { linkBase } from './public-origin.ts';

export interface PageEnvironment {
  baseUrl: string;
  asset: (path: string) => string;
  /** What the server offers, the same for every page (app.ts works it out from the configuration). */
  offers?: SiteOffers;
}

/** Appearance choices of a visitor: the account's settings, else their cookies, else the browser. */
export interface Appearance {
  locale: PageContext['locale'];
  theme: Theme;
  fontFamily: FontFamily;
  fontSize: number;
}

/** Each request's look, worked out once (the page, its cache key and its template all ask). */
const appearances = new WeakMap<Request, Appearance>();

export function appearanceFromRequest(request: Request): Appearance {
  let appearance = appearances.get(request);
  if (!appearance) appearances.set(request, (appearance = readAppearance(request)));
  return appearance;
}

/**
 * A signed-in reader's own choices come from the account, so a change on one device shows on every
 * other at its next page; the cookies serve anonymous visitors and what the account leaves unset.
 */
function readAppearance(request: Request): Appearance {
  const look = viewerOf(request)?.look;
  const locale = look?.locale ?? readCookie(request, 'locale');
  const theme = look?.theme ?? readCookie(request, 'theme');
  const font = look?.fontFamily ?? readCookie(request, 'font_family');
  const size = look?.fontSize ?? Number(readCookie(request, 'font_size'));
  return {
    locale: isLocale(locale) ? locale : negotiateLocale(request.headers.get('accept-language')),
    theme: (THEMES as readonly string[]).includes(theme ?? '') ? (theme as Theme) : 'amber',
    fontFamily: (FONT_FAMILIES as readonly string[]).includes(font ?? '') ? (font as FontFamily) : 'system',
    fontSize: size >= 0.5 && size <= 3 ? size : 1,
  };
}

export function pageContext(request: Request, env: PageEnvironment, viewer: PageContext['viewer'] = viewerOf(request)): PageContext {
  const appearance = appearanceFromRequest(request);
  const url = urlOf(request);
  return {
    ...appearance,
    t: makeTranslator(appearance.locale),
    asset: env.asset,
    path: url.pathname + url.search,
    baseUrl: linkBase(env.baseUrl),
    requestId: requestIdOf(request),
    viewer,
    ...(env.offers ? { offers: env.offers } : {}),
  };
}
