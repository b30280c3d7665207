import { Marked, type Tokens } from 'marked';
import sanitizeHtml from 'sanitize-html';
import { BASE_SANITIZE_OPTIONS, orderedList, safeHref } from '../../platform/markup/sanitize-parts.ts';
import { typographer } from '../../platform/markup/typography.ts';

/**
 * Comment markdown → HTML. Stricter than chapters (platform/markup/chapter-html.ts): comments come from any
 * signed-in visitor, so raw HTML is never interpreted (it is shown as the text typed), images are
 * never loaded (a remote image leaks every reader's address to its host and can track them; an
 * image becomes a link to it), headings are flattened to bold lines, and sanitize-html checks
 * whatever marked produced a second time with a short allow-list. Text gets the chapters'
 * typographic punctuation (platform/markup/typography.ts), code keeps its straight quotes.
 */
const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

const markdown = new Marked({ gfm: true, breaks: true, async: false });
markdown.use({
  renderer: {
    // Raw HTML typed into a comment appears as text ("<b>hi</b>"), never as markup.
    html: ({ text, block }: Tokens.HTML | Tokens.Tag) => (block ? `<p>${escapeHtml(text.trim()).replace(/\n/g, '<br>')}</p>\n` : escapeHtml(text)),
    heading({ tokens }: Tokens.Heading) {
      return `<p><strong>${this.parser.parseInline(tokens)}</strong></p>\n`;
    },
    image: ({ href, text }: Tokens.Image) => `<a href="${escapeHtml(href)}">${escapeHtml(text || href)}</a>`,
  },
});
markdown.use(...typographer());

/** Schemes a reader may follow out of a comment; anything else loses its link and keeps its text. */
export const COMMENT_LINK_REL = 'nofollow ugc noopener';

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'hr', 'em', 'strong', 'del', 'blockquote', 'ul', 'ol', 'li', 'code', 'pre', 'a', 'span', 'table', 'thead', 'tbody', 'tr', 'th', 'td'],
  ...BASE_SANITIZE_OPTIONS,
  nestingLimit: 20,
  transformTags: {
    a: (_tag, attribs): sanitizeHtml.Tag => {
      const href = safeHref(attribs.href);
      return href ? { tagName: 'a', attribs: { href, rel: COMMENT_LINK_REL } } : { tagName: 'span', attribs: {} };
    },
    ol: orderedList,
  },
};

/**
 * Stored with each rendering; bump it whenever this file's output changes (old rows are rendered
 * again when first read, and stored: service.ts). c2: typographic punctuation.
 */
export const COMMENT_RENDER_VERSION = 'c2';

/** Quotes nested deeper than this are flattened before parsing: deep nesting only costs time. */
const DEEP_QUOTE = /^((?:[ \t]*>){8})(?:[ \t]*>)+/gm;

/** Sanitised HTML of a comment's markdown. Pure: the same text always gives the same HTML. */
export function renderComment(text: string): string {
  return sanitizeHtml(markdown.parse(text.replace(DEEP_QUOTE, '$1'), { async: false }), OPTIONS).trim();
}

/** A comment as one line of plain text (notification bodies), at most `max` characters. */
export function plainExcerpt(text: string, max = 140): string {
  // Only markdown's own marks go: a reader's "!" or "(…)" is part of what they said.
  const plain = text
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\(([^)\s]*)[^)]*\)/g, '$1 $2')
    .replace(/^[ \t]*(?:>[ \t]*)+/gm, '')
    .replace(/^[ \t]*#{1,6}[ \t]+/gm, '')
    .replace(/^[ \t]*(?:[-+*]|\d+[.)])[ \t]+/gm, '')
    .replace(/[`*_~|]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const chars = [...plain];
  return chars.length <= max ? plain : `${chars.slice(0, max - 1).join('').trimEnd()}…`;
}
