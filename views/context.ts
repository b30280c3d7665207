/**
 * What every page view receives besides its own data. Built per request by src/platform/http/page.ts.
 * Views are pure: props in, HTML out; they never query.
 */
export const THEMES = ['amber', 'slate', 'rose', 'light', 'light-slate', 'light-rose'] as const;
export type Theme = (typeof THEMES)[number];
export const LOCALES = ['en', 'pt', 'es', 'fr', 'id'] as const;
export type Locale = (typeof LOCALES)[number];
export const FONT_FAMILIES = ['system', 'serif', 'mono'] as const;
export type FontFamily = (typeof FONT_FAMILIES)[number];

export type Translate = (key: string, params?: Record<string, string | number>) => string;

/** The signed-in reader as every page shows them (header avatar, sign-out). */
export interface Viewer {
  username: string;
  role: 'user' | 'pro' | 'admin';
  /** Stored avatar, else the provider's picture, else null: initials are drawn. */
  avatarUrl: string | null;
}

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
  /**
   * Set by pages that keep parts drawn once (platform/http/kept-drawings.ts): a placeholder for what
   * `draw` makes as `part` of `owner` in this locale, drawn the first time. Only for parts that
   * depend on the owner and the locale alone, and whose drawing keeps nothing itself.
   */
  keep?: (owner: object, part: string, draw: () => string) => string;
}
