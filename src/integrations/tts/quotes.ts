/**
 * Where a text's dialogue is: the words inside quotation marks, straight ("…") or typographic
 * (“…” ‘…’ «…» „…“ „…” 「…」 『…』). Quotes nest (“She said ‘go’.” is one quotation); a quotation
 * left open runs to the end of its paragraph (a line break closes whatever is open, as novels open
 * each paragraph of a long speech again). A straight single quote is never a quotation mark, and a
 * right single quote between two letters (don’t, l’homme) or with no ‘ open (the boys’, ’tis) is
 * an apostrophe.
 */
export interface SpeechPart {
  text: string;
  /** Inside quotation marks: the dialogue voice reads it. */
  quoted: boolean;
  /** [from, to): where `text` is in the text that was split (nested quotation marks included). */
  from: number;
  to: number;
}

/** Each opening mark and the marks that close it. */
const CLOSERS: Readonly<Record<string, string>> = {
  '"': '"',
  '“': '”',
  '„': '“”',
  '‘': '’',
  '«': '»',
  '「': '」',
  '『': '』',
};
const CLOSING_MARKS = new Set(Object.values(CLOSERS).join(''));
const LETTER = /[\p{L}\p{N}]/u;
const isLetter = (char: string | undefined) => char !== undefined && LETTER.test(char);

type Step = 'open' | 'close' | 'text';

/** What the character at `i` does, given the quotations open before it (innermost last); `open` may be changed. */
function step(text: string, i: number, open: string[]): Step {
  const char = text[i]!;
  if (char === '\n') {
    open.length = 0;
    return 'text';
  }
  if (char === '’' && isLetter(text[i - 1]) && isLetter(text[i + 1])) return 'text';
  if (char === '‘' && isLetter(text[i - 1])) return 'text';
  if (CLOSING_MARKS.has(char)) {
    const at = open.findLastIndex((mark) => CLOSERS[mark]!.includes(char));
    if (at >= 0) {
      open.length = at;
      return 'close';
    }
  }
  if (char in CLOSERS) {
    open.push(char);
    return 'open';
  }
  return 'text';
}

/**
 * The text cut at its quotation marks (the marks themselves belong to neither side), in order;
 * `open`: the quotations already open where the text starts (see openQuotesAt). Parts with nothing
 * to say (only spaces or punctuation between two quotations) are left out.
 */
export function splitDialogue(text: string, open: readonly string[] = []): SpeechPart[] {
  const stack = [...open];
  const parts: SpeechPart[] = [];
  let current = '';
  // Where the part's first and last visible characters are in `text`.
  let from = -1;
  let to = -1;
  let quoted = stack.length > 0;
  const flush = () => {
    if (isSpeakable(current)) parts.push({ text: current.trim(), quoted, from, to });
    current = '';
    from = to = -1;
  };
  for (let i = 0; i < text.length; i++) {
    const kind = step(text, i, stack);
    const now = stack.length > 0;
    if (kind === 'text') {
      if (now !== quoted) (flush(), (quoted = now));
      current += text[i];
      if (/\S/u.test(text[i]!)) {
        if (from < 0) from = i;
        to = i + 1;
      }
    } else if (now !== quoted) {
      flush();
      quoted = now;
    }
  }
  flush();
  return parts;
}

/** Whether a text has quoted parts at all, given the quotations open where it starts. */
export function hasDialogue(text: string, open: readonly string[] = []): boolean {
  return splitDialogue(text, open).some((part) => part.quoted);
}

/**
 * The quotations open at each of `positions` (ascending) of `text`, outermost first: what a piece
 * of text cut out at that position would need in front of it to be read as it stands in the whole.
 */
export function openQuotesAt(text: string, positions: readonly number[]): string[][] {
  const stack: string[] = [];
  const out: string[][] = [];
  let i = 0;
  for (const position of positions) {
    for (; i < position && i < text.length; i++) step(text, i, stack);
    out.push([...stack]);
  }
  return out;
}

function isSpeakable(text: string): boolean {
  return /[\p{L}\p{N}]/u.test(text);
}
