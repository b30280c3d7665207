import { Tokenizer, type MarkedExtension } from 'marked';
import { markedSmartypants } from 'marked-smartypants';

/** `&` that does not already start an entity, `<` and `>`: what text must not carry raw into HTML. */
const UNSAFE_TEXT = /[<>]|&(?!(?:#\d{1,7}|#[Xx][a-fA-F0-9]{1,6}|\w+);)/g;
/** Also quotes: for what must stay straight. */
const UNSAFE_ANYWHERE = /[<>"']|&(?!(?:#\d{1,7}|#[Xx][a-fA-F0-9]{1,6}|\w+);)/g;
const ENTITIES: Record<string, string> = { '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&#39;' };
const escapeWith = (pattern: RegExp) => (text: string) => text.replace(pattern, (c) => ENTITIES[c]!);
const escapeText = escapeWith(UNSAFE_TEXT);
const escapeAll = escapeWith(UNSAFE_ANYWHERE);

/**
 * marked-smartypants runs SmartyPants over the finished HTML, which skips <pre>, <code> and <kbd>:
 * code spans and blocks keep their straight quotes. SmartyPants only sees quotes that marked left
 * unescaped, so text is written with `<`, `>` and `&` escaped and its quotes bare.
 *
 * marked-smartypants gets there by not escaping text at all, which lets a stray `<` through:
 * SmartyPants then takes "x < y" for a tag and leaves the rest of the paragraph untouched, and
 * the sanitiser drops text after "<word". So marked's own text tokenizer is put back (this is
 * registered after it), and the escaping moves to the text renderer: every text, including text
 * marked merges after a "[" that starts no link, is escaped the same way. A backslash-escaped
 * quote (an `escape` token) is escaped whole and stays straight.
 */
const textKeepingQuotes: MarkedExtension = {
  tokenizer: {
    inlineText(src) {
      return Tokenizer.prototype.inlineText.call(this, src);
    },
  },
  renderer: {
    text(token) {
      if ('tokens' in token && token.tokens) return this.parser.parseInline(token.tokens);
      if (token.type === 'escape') return escapeAll(token.text);
      return 'escaped' in token && token.escaped ? token.text : escapeText(token.text);
    },
  },
};

/**
 * Typographic punctuation for markdown rendered with marked: "quotes" → “quotes”, -- → –
 * (en dash), --- → — (em dash), ... → …, apostrophes → ’. The usual markdown convention
 * (pandoc, markdown-it), so what an author types means what it means elsewhere. Whatever the
 * renderer sanitises afterwards sees the same markup as before, only with different characters.
 */
export function typographer(): MarkedExtension[] {
  return [markedSmartypants({ config: 2 }), textKeepingQuotes];
}
