import { AppError } from './errors.ts';

/** What pages with forms share: private caching, redirects after a post, refusals as the page's notice. */
export const PRIVATE = { 'cache-control': 'private, no-cache' };

export const see = (location: string) => new Response(null, { status: 303, headers: { location } });

/** Runs a form's action; a refusal (bad URL, 409) comes back to the page as `?error=<message>`, not an error page. */
export async function formAction(back: string, action: () => Promise<string>): Promise<Response> {
  try {
    const done = await action();
    return see(`${back}${back.includes('?') ? '&' : '?'}${done}`);
  } catch (error) {
    if (error instanceof AppError && error.status < 500) return see(`${back}${back.includes('?') ? '&' : '?'}error=${encodeURIComponent(error.message)}`);
    throw error;
  }
}
