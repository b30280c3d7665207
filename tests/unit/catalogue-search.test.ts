import { describe, expect, test } from 'bun:test';
import { searchTerms } from '../../src/features/catalogue/search-terms.ts';
import { highlight, snippet } from '../../src/features/catalogue/highlight.ts';

describe('searchTerms: what reaches to_tsquery', () => {
  test('words become quoted prefix lexemes joined by AND, lower-cased, without duplicates', () => {
    expect(searchTerms('Ninth  MOUNTIAN ninth')).toEqual({ words: ['ninth', 'mountian'], tsquery: "'ninth':* & 'mountian':*", fuzzy: 'ninth mountian' });
  });

  test('hostile input leaves no tsquery operator, quote or bracket behind', () => {
    const terms = searchTerms(`'&|!:*()<script>alert("x")</script> <-> \\ ' OR 1=1 --`);
    expect(terms.words).toEqual(['script', 'alert', 'x', 'or', '1']);
    // Only quoted words, the prefix marker and AND: nothing of what was typed as syntax.
    const outside = terms.tsquery.replace(/'[^']*'(:\*)?/g, '');
    expect(outside.replace(/ & /g, '')).toBe('');
    for (const word of terms.words) expect(word).toMatch(/^[\p{L}\p{M}\p{N}]+$/u);
  });

  test('a one-letter word is matched whole, not as a prefix of every word', () => {
    expect(searchTerms('a tale').tsquery).toBe("'a' & 'tale':*");
    expect(searchTerms('a tale').fuzzy).toBe('tale');
    expect(searchTerms('x').fuzzy).toBe('x');
  });

  test('punctuation only gives no words and an empty query', () => {
    expect(searchTerms(`'&|!:*()<>`)).toEqual({ words: [], tsquery: '', fuzzy: '' });
    expect(searchTerms('   ')).toEqual({ words: [], tsquery: '', fuzzy: '' });
  });

  test('letters of every script are kept; apostrophes split words as the text search parser does', () => {
    expect(searchTerms("Cartographer's Café 九山").words).toEqual(['cartographer', 's', 'café', '九山']);
  });

  test('the number and length of words are capped', () => {
    const terms = searchTerms(Array.from({ length: 20 }, (_, i) => `w${i}`).join(' ') + ' ' + 'x'.repeat(100));
    expect(terms.words).toHaveLength(8);
    expect(searchTerms('y'.repeat(100)).words[0]).toHaveLength(60);
  });
});

describe('highlight', () => {
  test('wraps the start of matching words in <mark>, keeping the original case', () => {
    expect(highlight('The Ninth Mountain Sect', ['mount', 'ninth'])).toBe('The <mark>Ninth</mark> <mark>Mount</mark>ain Sect');
  });

  test('matches only at the start of a word', () => {
    expect(highlight('Paramount amounts', ['mount'])).toBe('Paramount amounts');
  });

  test('escapes the text before marking it: markup in a title stays text', () => {
    const html = highlight('<script>alert("Mount")</script> & <b>Mount</b>', ['mount', 'script']);
    expect(html).toBe('&lt;<mark>script</mark>&gt;alert(&quot;<mark>Mount</mark>&quot;)&lt;/<mark>script</mark>&gt; &amp; &lt;b&gt;<mark>Mount</mark>&lt;/b&gt;');
    expect(html.replace(/<\/?mark>/g, '')).not.toMatch(/[<>]/);
  });

  test('a searched word that looks like an entity or a tag never breaks the escaping', () => {
    expect(highlight('Fish & Chips', ['amp'])).toBe('Fish &amp; Chips');
    expect(highlight('a <mark> b', ['mark'])).toBe('a &lt;<mark>mark</mark>&gt; b');
  });

  test('regular expression characters in words are taken literally', () => {
    expect(highlight('a.b and axb', ['a.b'])).toBe('<mark>a.b</mark> and axb');
    expect(highlight('(x) [y] z', ['(', '[y'])).toBe('<mark>(</mark>x) <mark>[y</mark>] z');
  });

  test('without words it only escapes', () => {
    expect(highlight('<i>x</i>', [])).toBe('&lt;i&gt;x&lt;/i&gt;');
  });

  test('the longest word wins where several start at one place, and matches never overlap', () => {
    expect(highlight('Mountain mount tainted', ['mount', 'tain', 'mountain'])).toBe('<mark>Mountain</mark> <mark>mount</mark> <mark>tain</mark>ted');
    expect(highlight('Mount mount MOUNT', ['mount'])).toBe('<mark>Mount</mark> <mark>mount</mark> <mark>MOUNT</mark>');
  });

  test('letters outside the Basic Multilingual Plane and marks count as parts of a word', () => {
    expect(highlight('𝒜mount 𝒜 mount', ['mount'])).toBe('𝒜mount 𝒜 <mark>mount</mark>');
    expect(highlight('éclat e\u0301clat', ['clat'])).toBe('éclat e\u0301clat');
    expect(highlight('Ölberg ölberg', ['ölb'])).toBe('<mark>Ölb</mark>erg <mark>ölb</mark>erg');
  });

  test('a text whose lower case is longer keeps its own positions', () => {
    // "İ" lower-cases to two code units: the marks must still fall on the text's own letters.
    expect(highlight('İstanbul stands', ['stan'])).toBe('İstanbul <mark>stan</mark>ds');
    expect(highlight('İstanbul stands', ['istan'])).toBe('İstanbul stands');
  });
});

describe('snippet', () => {
  const long = 'Alpha beta gamma. '.repeat(20) + 'The lighthouse keeper writes letters. ' + 'Delta epsilon. '.repeat(20);

  test('short text is returned whole', () => {
    expect(snippet('A short line.', ['line'])).toBe('A short line.');
  });

  test('long text is cut around the first match, on word boundaries, with ellipses', () => {
    const cut = snippet(long, ['lighthouse'], 120);
    expect(cut).toContain('lighthouse');
    expect(cut.startsWith('…')).toBe(true);
    expect(cut.endsWith('…')).toBe(true);
    expect(cut.length).toBeLessThanOrEqual(122);
    expect(cut.slice(1, -1)).toMatch(/^\S.*\S$/);
  });

  test('without a match it starts at the beginning', () => {
    expect(snippet(long, ['zzz'], 60).startsWith('Alpha beta')).toBe(true);
  });
});
