import { badRequest } from '../../platform/http/errors.ts';
import { MAX_BODY, MAX_LINK, MAX_TITLE } from './model.ts';

const SAME = 'http://same.invalid';
const CONTROL = /[\u0000-\u001f\u007f]/;
const CONTROL_IN_TITLE = /[\u0000-\u001f\u007f\s]+/g;
const CONTROL_IN_BODY = /[\u0000-\u0008\u000b-\u001f\u007f]/g;

/**
 * A site path ("/book/x/3?a=1#c") normalised, or null for anything else: other hosts, "//host",
 * backslashes (browsers read "/\host" as "//host"), schemes, control characters, over 2,000 characters.
 */
export function siteLink(link: unknown): string | null {
  if (typeof link !== 'string') return null;
  const path = link.trim();
  if (path.length === 0 || path.length > MAX_LINK) return null;
  if (!path.startsWith('/') || path.startsWith('//') || path.includes('\\') || CONTROL.test(path)) return null;
  try {
    const url = new URL(path, SAME);
    if (url.origin !== SAME) return null;
    const normal = url.pathname + url.search + url.hash;
    return normal.length <= MAX_LINK ? normal : null;
  } catch {
    return null;
  }
}

/** Cut to `max` characters (code points, as PostgreSQL counts them), marking the cut with "…". */
export function clip(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length <= max ? text : chars.slice(0, max - 1).join('').trimEnd() + '…';
}

/**
 * What is stored: the title on one line, trimmed, at most 200 characters; the body trimmed, line
 * breaks kept, at most 2,000; the link a site path or null.
 */
export function cleanNotification(input: { title: string; body?: string; link?: string | null }): { title: string; body: string; link: string | null } {
  const title = clip(String(input.title ?? '').replace(CONTROL_IN_TITLE, ' ').trim(), MAX_TITLE);
  if (title === '') throw badRequest('title is required');
  const body = clip(String(input.body ?? '').replace(/\r\n?/g, '\n').replace(CONTROL_IN_BODY, '').trim(), MAX_BODY);
  return { title, body, link: siteLink(input.link) };
}
