import { SourceError } from './types.ts';

/**
 * What a source's answer means (sources.md "Behaviour"): a 429 or a 200 page saying "You are being
 * rate limited" (wait and retry), a Cloudflare check page (blocked: back off), a 404 or a 200 page
 * that is really a "not found" (give up at once), a 5xx (retry), anything else 4xx (give up).
 */
export type Verdict = { ok: true } | { ok: false; error: SourceError; retry: boolean; waitMs?: number };

const titleOf = (html: string) => /<title[^>]*>([\s\S]*?)<\/title>/i.exec(html)?.[1]?.trim() ?? '';

export function retryAfterMs(header: string | null, now: number): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

export function classify(status: number, html: string, retryAfter: string | null, now: number): Verdict {
  const title = titleOf(html);
  if (status === 429) return { ok: false, error: new SourceError('rate_limited', 'The source is rate limiting us', 429), retry: true, waitMs: retryAfterMs(retryAfter, now) };
  // Cloudflare injects its challenge-platform script into ordinary 200 pages too: markers count
  // only on the statuses a challenge is served with.
  const challenge = (status === 403 || status === 503) && /cf-browser-verification|challenge-platform|cf-chl-|cf_chl_/i.test(html.slice(0, 50_000));
  if (/cloudflare|^just a moment\b|^attention required\b/i.test(title) || challenge) {
    return { ok: false, error: new SourceError('blocked', 'The source answered with a Cloudflare check page', status), retry: true };
  }
  if (status === 404 || status === 410) return { ok: false, error: new SourceError('not_found', 'The source says this page does not exist', status), retry: false };
  if (status >= 500) return { ok: false, error: new SourceError('http', `The source answered ${status}`, status), retry: true, waitMs: retryAfterMs(retryAfter, now) };
  if (status >= 400) return { ok: false, error: new SourceError('http', `The source answered ${status}`, status), retry: false };
  if (/you are being rate limited/i.test(html.slice(0, 50_000))) return { ok: false, error: new SourceError('rate_limited', 'The source answered with a "rate limited" page', status), retry: true };
  // The whole leading part of the title (before " | Site"), so "Not Found Yet" stays a chapter.
  if (/^(?:404|error 404|page not found|not found)\s*(?:[|\-–—:]|$)|\b404\b.*not found/i.test(title) || /class="[^"]*\bpage-404\b/.test(html.slice(0, 20_000))) {
    return { ok: false, error: new SourceError('not_found', 'The source says this page does not exist', status), retry: false };
  }
  return { ok: true };
}
