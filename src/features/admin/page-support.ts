import type { PageContext } from '../../../views/context.ts';
import type { Notice } from '../../../views/pages/admin/types.ts';
import { AppError } from '../../platform/http/errors.ts';

/** What every admin page route shares: private caching, redirects with a notice, errors as notices. */
export const PRIVATE = { 'cache-control': 'private, no-cache' };

export const see = (location: string) => new Response(null, { status: 303, headers: { location } });

/** `?done=<key>` or `?error=<message>` after a form post, as the line above the page. */
export function noticeFrom(query: { done?: string; error?: string }, ctx: PageContext): Notice | null {
  if (query.error) return { level: 'error', message: query.error.slice(0, 300) };
  if (query.done && /^[a-z]+$/.test(query.done)) return { level: 'ok', message: ctx.t(`admin.done.${query.done}` as never) };
  return null;
}

/** Runs a form's action; a refusal (bad URL, 409) comes back to the page as its notice, not an error page. */
export async function formAction(back: string, action: () => Promise<string>): Promise<Response> {
  try {
    const done = await action();
    return see(`${back}${back.includes('?') ? '&' : '?'}${done}`);
  } catch (error) {
    if (error instanceof AppError && error.status < 500) return see(`${back}${back.includes('?') ? '&' : '?'}error=${encodeURIComponent(error.message)}`);
    throw error;
  }
}
