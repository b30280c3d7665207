import type { Translate } from '../i18n/index.ts';
import type { Locale } from '../i18n/locale.ts';
import type { FontFamily, Theme } from './appearance.ts';

/** The signed-in reader as every page shows them (header avatar, sign-out). */
export interface Viewer {
  username: string;
  role: 'user' | 'pro' | 'admin';
  /** Stored avatar, else the provider's picture, else null: initials are drawn. */
  avatarUrl: string | null;
  /** The look chosen in the account (settings), which wins over this browser's cookies on every device. */
  look?: AccountLook;
}

/** What a signed-in reader chose in their settings; null where they chose nothing (the browser decides). */
export interface AccountLook {
  locale: string | null;
  theme: string | null;
  fontFamily: string | null;
  fontSize: number | null;
}

/**
 * What this server can do, from its configuration: a control that cannot work is not shown.
 * `translation`: an AI service is configured; `proForSale`: Pro can be bought here (checkout and
 * its webhook are configured, features/policy/defaults.ts).
 */
export interface SiteOffers {
  translation: boolean;
  proForSale: boolean;
}

/** Views drawn outside a request's environment (unit tests) show every control. */
export const EVERYTHING_OFFERED: SiteOffers = Object.freeze({ translation: true, proForSale: true });

export const offersOf = (ctx: Pick<PageContext, 'offers'>): SiteOffers => ctx.offers ?? EVERYTHING_OFFERED;

/**
 * What every page view receives besides its own data. Built per request by page.ts.
 * Views are pure: props in, HTML out; they never query.
 */
export interface PageContext {
  locale: Locale;
  theme: Theme;
  fontFamily: FontFamily;
  /** 0.5–3.0, multiplies the base reading size. */
  fontSize: number;
  t: Translate;
  /** Fingerprinted URL of a file under public/, e.g. asset('css/app.css') → '/assets/css/app.3f2a9c1b.css'. */
  asset: (path: string) => string;
  /** The request path with its query, for return-to links and the active nav item. */
  path: string;
  baseUrl: string;
  requestId: string;
  /** null for anonymous visitors. */
  viewer: Viewer | null;
  /** What the server offers (absent: everything, see EVERYTHING_OFFERED). */
  offers?: SiteOffers;
  /**
   * Set by pages that keep parts drawn once (platform/http/kept-drawings.ts): a placeholder for what
   * `draw` makes as `part` of `owner` in this locale, drawn the first time. Only for parts that
   * depend on the owner and the locale alone, and whose drawing keeps nothing itself.
   */
  keep?: (owner: object, part: string, draw: () => string) => string;
}
