import { describe, expect, test } from 'bun:test';
import { load } from 'cheerio';
import { XMLValidator } from 'fast-xml-parser';
import { htmlToXhtml } from '../../src/features/export/epub/xml.ts';
import { wrapSentences } from '../../src/features/exports/narrated-epub/sentence-spans.ts';
import { letters } from '../../src/features/exports/narrated-epub/letters.ts';
import { renderChapter } from '../../src/platform/markup/chapter-html.ts';

/** Wraps, checks what must hold for any input, and returns each span's text by id. */
function wrap(body: string, sentences: string[]) {
  const result = wrapSentences(body, sentences, 's');
  expect(XMLValidator.validate(`<body>${result.xhtml}</body>`)).toBe(true);
  const $ = load(result.xhtml, { xml: true });
  const before = load(body, { xml: true });
  // Spans only add markup: the text a reader sees is the same, character for character.
  expect($.root().text()).toBe(before.root().text());
  // Never a span inside a span, never a block inside a span.
  expect($('span span, span p, span li, span h1, span h2, span blockquote').length).toBe(0);
  const texts: Record<string, string> = {};
  $('span[id]').each((_, el) => {
    texts[$(el).attr('id')!] = $(el).text();
  });
  return { ...result, texts, $ };
}

const page = (markdown: string, title = 'Title') => `<h1>${title}</h1>\n${htmlToXhtml(renderChapter(markdown))}`;

describe('wrapSentences', () => {
  test('speech with straight quotes, dashes and dots finds the typeset page; the span takes in the quotes and end punctuation', () => {
    const body = page('"Wait -- what..." he said. \'No,\' she said --- firmly.');
    expect(body).toContain('“Wait – what…”');
    const { texts, ids } = wrap(body, ['Title.', '"Wait -- what..." he said.', "'No,' she said --- firmly."]);
    expect(ids).toEqual(['s0', 's1', 's2']);
    expect(texts).toEqual({ s0: 'Title', s1: '“Wait – what…” he said.', s2: '‘No,’ she said — firmly.' });
  });

  test('straight quotes (kept in the title and in code) are taken in where they open or close', () => {
    const { texts } = wrap('<h1>Night &quot;one&quot;</h1><p>He typed <code>"go"</code>. Then \'tis done.</p>', ['Night "one".', 'He typed "go".', "Then 'tis done."]);
    expect(texts).toEqual({ s0: 'Night "one"', s1: 'He typed "go".', s2: "Then 'tis done." });
  });

  test('a sentence that ends inside <em> and one that starts there: the em is split, each span whole', () => {
    const { xhtml, texts } = wrap('<p>One <em>two. Three</em> four.</p>', ['One two.', 'Three four.']);
    expect(xhtml).toBe('<p><span id="s0">One <em>two.</em></span><em> </em><span id="s1"><em>Three</em> four.</span></p>');
    expect(texts).toEqual({ s0: 'One two.', s1: 'Three four.' });
  });

  test('nested inline elements are split at both depths and keep their attributes', () => {
    const { xhtml, texts } = wrap('<p>Go <a href="https://example.org/x"><strong>now. Or</strong> later</a> then.</p>', ['Go now.', 'Or later then.']);
    expect(texts).toEqual({ s0: 'Go now.', s1: 'Or later then.' });
    expect(xhtml.match(/<a href="https:\/\/example.org\/x">/g)?.length).toBe(3);
    expect(xhtml).toContain('<span id="s1"><a href="https://example.org/x"><strong>Or</strong> later</a> then.</span>');
  });

  test('emphasis that markdown had and speech lost: a sentence starting in <strong> and ending outside it', () => {
    const { texts } = wrap(page('**Bold start** of a sentence. Next one.'), ['Title', 'Bold start of a sentence.', 'Next one.']);
    expect(texts).toEqual({ s0: 'Title', s1: 'Bold start of a sentence.', s2: 'Next one.' });
  });

  test('a repeated sentence is found at its own place, scanning forward', () => {
    const { texts, $ } = wrap('<p>Yes. No. Yes.</p><p>The door opened. The door opened.</p>', ['Yes.', 'No.', 'Yes.', 'The door opened.', 'The door opened.']);
    expect(texts).toEqual({ s0: 'Yes.', s1: 'No.', s2: 'Yes.', s3: 'The door opened.', s4: 'The door opened.' });
    expect($('p').eq(0).find('span').length).toBe(3);
    expect($('p').eq(1).find('span').length).toBe(2);
  });

  test('CJK text without spaces, full-width punctuation, emphasis inside a sentence', () => {
    const { texts, ids } = wrap(page('時計が止まった。彼女は*耳を澄ました*。何も聞こえない！', '時計'), ['時計', '時計が止まった。', '彼女は耳を澄ました。', '何も聞こえない！']);
    expect(ids).toEqual(['s0', 's1', 's2', 's3']);
    expect(texts).toEqual({ s0: '時計', s1: '時計が止まった。', s2: '彼女は耳を澄ました。', s3: '何も聞こえない！' });
  });

  test('case and accents may differ; the page keeps its own spelling and its characters unescaped', () => {
    const { texts, xhtml } = wrap('<p>Café au lait &amp; <em>crème</em>. Ελληνικά κείμενα.</p>', ['CAFE AU LAIT & CREME.', 'ελληνικα κειμενα.']);
    expect(texts).toEqual({ s0: 'Café au lait & crème.', s1: 'Ελληνικά κείμενα.' });
    expect(xhtml).toContain('&amp;');
    expect(xhtml).not.toContain('&#x');
  });

  test('a sentence not in the page gets null and does not stop the ones after it', () => {
    expect(wrap('<p>Hello. World.</p>', ['Hello.', 'Nowhere to be seen.', 'World.']).ids).toEqual(['s0', null, 's2']);
  });

  test('a short sentence found only further on, past the next one, is not taken from there', () => {
    const { ids, texts } = wrap('<p>Hello. World.</p><p>Later. Yes.</p>', ['Hello.', 'Yes.', 'World.', 'Later.', 'Yes.']);
    expect(ids).toEqual(['s0', null, 's2', 's3', 's4']);
    expect(texts.s4).toBe('Yes.');
  });

  test('a sentence running over two blocks is wrapped in the first only', () => {
    const { xhtml, ids } = wrap('<p>Across the</p><p>blocks here. After.</p>', ['Across the blocks here.', 'After.']);
    expect(ids).toEqual(['s0', 's1']);
    expect(xhtml).toBe('<p><span id="s0">Across the</span></p><p>blocks here. <span id="s1">After.</span></p>');
  });

  test('list items, block quotes and headings bound their sentences', () => {
    const { texts } = wrap(page('- a spring\n- two **gears**\n\n> "Time," he said.\n\n## A Door'), ['Title.', 'a spring.', 'two gears.', '"Time," he said.', 'A Door.']);
    expect(texts).toEqual({ s0: 'Title', s1: 'a spring', s2: 'two gears', s3: '“Time,” he said.', s4: 'A Door' });
  });

  test('empty and punctuation-only sentences get null; ids need a valid prefix', () => {
    expect(wrap('<p>Hi. …</p>', ['Hi.', '…', '']).ids).toEqual(['s0', null, null]);
    expect(() => wrapSentences('<p>x</p>', ['x'], '1s')).toThrow();
    expect(wrapSentences('<p>x</p>', ['x'], 'sent-').ids).toEqual(['sent-0']);
  });
});

describe('letters', () => {
  test('keeps letters and digits of any script, folded, with the source range of each', () => {
    const folded = letters('“Éa—1…ﬁ 你”');
    expect(folded.key).toBe('ea1fi你');
    expect(folded.from).toEqual([1, 2, 4, 6, 6, 8]);
    expect(folded.to).toEqual([2, 3, 5, 7, 7, 9]);
  });

  test('a combining accent belongs to its letter', () => {
    const folded = letters('cafe\u0301!');
    expect(folded.key).toBe('cafe');
    expect(folded.to.at(-1)).toBe(5);
  });
});
