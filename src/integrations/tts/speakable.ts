import { Lexer, type Token, type Tokens } from 'marked';

/**
 * Chapter markdown → the paragraphs a voice should read. Parsed with the same markdown dialect as
 * the reader (marked, GFM), so what is heard matches what is shown: emphasis and links keep their
 * words, images and fenced code (tables of numbers, "system" boxes) are left out, raw HTML keeps
 * its text, headings, list items and table rows become their own sentences. A 4-space-indented
 * "code block" is read: in scraped chapters that is indented prose, not code.
 */
export function speakableParagraphs(markdown: string): string[] {
  const out: string[] = [];
  blocks(Lexer.lex(markdown, { gfm: true }), out);
  return out.map(normalise).filter((p) => /[\p{L}\p{N}]/u.test(p));
}

function blocks(tokens: Token[], out: string[]): void {
  for (const token of tokens) {
    switch (token.type) {
      case 'paragraph':
        out.push(inline((token as Tokens.Paragraph).tokens));
        break;
      case 'heading':
        out.push(closeSentence(inline((token as Tokens.Heading).tokens)));
        break;
      case 'text': {
        const text = token as Tokens.Text;
        out.push(text.tokens ? inline(text.tokens) : decodeEntities(text.text));
        break;
      }
      case 'blockquote':
        blocks((token as Tokens.Blockquote).tokens, out);
        break;
      case 'list':
        for (const item of (token as Tokens.List).items) {
          const parts: string[] = [];
          blocks(item.tokens, parts);
          out.push(...parts.map(closeSentence));
        }
        break;
      case 'table': {
        const table = token as Tokens.Table;
        for (const row of [table.header, ...table.rows]) out.push(closeSentence(row.map((cell) => inline(cell.tokens).trim()).filter(Boolean).join(', ')));
        break;
      }
      case 'code':
        if ((token as Tokens.Code).codeBlockStyle === 'indented') out.push(decodeEntities((token as Tokens.Code).text));
        break;
      case 'html':
        out.push(...stripHtml((token as Tokens.HTML).text).split(/\n\s*\n/));
        break;
      // space, hr (a scene break is a paragraph break anyway), def: nothing to say.
    }
  }
}

function inline(tokens: Token[] | undefined): string {
  let text = '';
  for (const token of tokens ?? []) {
    switch (token.type) {
      case 'text':
      case 'escape': {
        const t = token as Tokens.Text;
        text += t.tokens ? inline(t.tokens) : decodeEntities(t.text);
        break;
      }
      case 'strong':
      case 'em':
      case 'del':
      case 'link':
        text += inline((token as Tokens.Strong).tokens);
        break;
      case 'codespan':
        text += decodeEntities((token as Tokens.Codespan).text);
        break;
      case 'br':
        text += ' ';
        break;
      case 'html':
        // <br> and block tags separate words; inline tags (<b>, <span>) do not.
        text += /^<\/?(br|p|div|li|h\d|tr|td)\b/i.test((token as Tokens.HTML).text) ? ' ' : '';
        break;
      // image: a picture has nothing to read out (its alt text is usually a file name).
    }
  }
  return text;
}

function stripHtml(html: string): string {
  const text = html
    .replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/<(br|\/p|\/div|\/li|\/h\d)\b[^>]*>/gi, '\n\n')
    .replace(/<[^>]*>/g, '');
  return decodeEntities(text);
}

const NAMED: Record<string, string> = {
  amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', mdash: '—', ndash: '–', hellip: '…',
  lsquo: '‘', rsquo: '’', ldquo: '“', rdquo: '”', laquo: '«', raquo: '»', shy: '', zwj: '', zwnj: '',
};

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]{2,8});/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED[name.toLowerCase()] ?? whole;
  });
}

/** Collapses whitespace (incl. no-break and zero-width) to single spaces. */
const normalise = (text: string): string => text.replace(/[\s\u00a0\u200b\ufeff]+/g, ' ').trim();

/** A heading or list item without end punctuation gets a full stop, so it is read (and timed) as its own sentence. */
const closeSentence = (text: string): string => {
  const t = normalise(text);
  return t && !/[.!?…。！？:;]["'”’»)\]]*$/u.test(t) ? `${t}.` : t;
};
