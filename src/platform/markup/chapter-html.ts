import { Marked } from 'marked';
import sanitizeHtml from 'sanitize-html';
import { BASE_SANITIZE_OPTIONS, orderedList, safeHref } from './sanitize-parts.ts';
import { typographer } from './typography.ts';

/**
 * Chapter markdown → HTML safe to put in a page. Chapter text comes from scraped sites and imported
 * files, so it is hostile until proven otherwise: marked passes raw HTML through, and
 * sanitize-html then keeps reading markup only. Text is set with typographic punctuation (curly
 * quotes, dashes, ellipses; never inside code). Bump RENDER_VERSION whenever the output of this
 * file changes, so that cached and stored renderings (reader/html-cache.ts, catalogue/writes/stored-html.ts)
 * and stored EPUBs (export/service.ts) are not served any more. r2: typographic punctuation.
 */
export const RENDER_VERSION = 'r2';

const markdown = new Marked({ gfm: true, breaks: false, async: false });
markdown.use(...typographer());

/** Schemes a reader may follow out of a chapter; everything else (javascript:, data:, relative) loses its href. */
const LINK_REL = 'nofollow noopener ugc';

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'hr', 'em', 'strong', 'del', 'h2', 'h3', 'h4', 'blockquote', 'ul', 'ol', 'li', 'code', 'pre', 'a'],
  ...BASE_SANITIZE_OPTIONS,
  // Pathological nesting is discarded rather than rendered (and rendered again by the browser).
  nestingLimit: 40,
  // What is left of a paragraph that held only dropped markup (an image, an svg) is noise.
  exclusiveFilter: (frame) => frame.tag === 'p' && frame.text.trim() === '' && frame.tagPosition >= 0 && !frame.mediaChildren.length,
  transformTags: {
    // The page's own h1 is the chapter title; a heading inside the text sits below it.
    h1: 'h2',
    h5: 'h4',
    h6: 'h4',
    a: (_tag, attribs): sanitizeHtml.Tag => {
      const href = safeHref(attribs.href);
      return href ? { tagName: 'a', attribs: { href, rel: LINK_REL } } : { tagName: 'a', attribs: {} };
    },
    ol: orderedList,
  },
};

/** Sanitised HTML of a chapter's markdown. Pure and deterministic: the same text gives the same HTML. */
export function renderChapter(text: string): string {
  const html = markdown.parse(text, { async: false });
  return sanitizeHtml(html, OPTIONS).trim();
}
