/** How a reader's pages look: the choices of the appearance menu and the settings page. */
export const THEMES = ['amber', 'slate', 'rose', 'light', 'light-slate', 'light-rose'] as const;
export type Theme = (typeof THEMES)[number];
export const FONT_FAMILIES = ['system', 'serif', 'mono'] as const;
export type FontFamily = (typeof FONT_FAMILIES)[number];
