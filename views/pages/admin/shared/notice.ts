import type { PageContext } from '../../../../src/platform/http/page-context.ts';

/** The line above an admin page's content after an action. */
export type Notice = { level: 'ok' | 'error'; message: string };

/** `?done=<key>` or `?error=<message>` after a form post (platform/http/form-pages.ts), as the line above the page. */
export function noticeFrom(query: { done?: string; error?: string }, ctx: PageContext): Notice | null {
  if (query.error) return { level: 'error', message: query.error.slice(0, 300) };
  if (query.done && /^[a-z]+$/.test(query.done)) return { level: 'ok', message: ctx.t(`admin.done.${query.done}` as never) };
  return null;
}
