import { readCookie } from '../../platform/http/cookies.ts';

/**
 * A reader who never chose a font (no font_family cookie: every saved choice sets one) is offered
 * the book font on chapter pages. The offer is part of the page, so it is part of the page's
 * cache key too (page-cache.ts).
 */
export function offersBookFont(request: Request): boolean {
  return readCookie(request, 'font_family') === null;
}
