import type sanitizeHtml from 'sanitize-html';

const SAFE_HREF = /^(?:https?:\/\/|mailto:)/i;

/**
 * The href a link may keep: http(s) or mailto only, or null. Browsers ignore whitespace and
 * control characters inside a scheme ("java\tscript:"), so they are removed before the check.
 */
export function safeHref(raw: string | undefined): string | null {
  const href = (raw ?? '').replace(/[\u0000-\u0020\u007f-\u009f]+/g, '');
  return SAFE_HREF.test(href) ? href : null;
}

/** sanitize-html transform for <ol>: keeps only a plain numeric `start`. */
export function orderedList(_tag: string, attribs: sanitizeHtml.Attributes): sanitizeHtml.Tag {
  const start: sanitizeHtml.Attributes = attribs.start && /^\d{1,6}$/.test(attribs.start) ? { start: attribs.start } : {};
  return { tagName: 'ol', attribs: start };
}

/**
 * What every user-facing markdown rendering shares: links limited to http(s)/mailto, no
 * protocol-relative URLs, and code, styles and embedded documents dropped together with their text
 * (they are never reading matter).
 */
export const BASE_SANITIZE_OPTIONS = {
  allowedAttributes: { a: ['href', 'rel'], ol: ['start'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: {},
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'textarea', 'option', 'select', 'noscript', 'noembed', 'noframes', 'template', 'title', 'iframe', 'frame', 'object', 'embed', 'svg', 'math', 'head', 'xmp'],
} satisfies sanitizeHtml.IOptions;
