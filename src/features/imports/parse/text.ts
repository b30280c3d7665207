/** Text helpers both parsers share. */

/** Letters and digits only, lower case: for comparing a title with a heading whatever the typography. */
export const plain = (text: string): string =>
  text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

export const hasWords = (text: string): boolean => /[\p{L}\p{N}]/u.test(text);

export const countWords = (text: string): number => text.split(/\s+/).filter(hasWords).length;

export const SCENE_BREAK = '* * *';

/** A paragraph of nothing but ornaments (`***`, `#`, `⁂`, `~ ~ ~`): the writer's scene break. */
export const isOrnament = (text: string): boolean => /^(?:\\?[*#~•·⁂❦◆◇○●✦✧=+_-]\s*){1,7}$/u.test(text.trim());

/**
 * A chapter's own heading is not repeated as its first line: does this heading say the title
 * (or the title's beginning or end, as when the contents say "1. The Gate" and the page "The Gate")?
 */
export function headingRepeatsTitle(heading: string, title: string): boolean {
  const h = plain(heading);
  const t = plain(title);
  return h !== '' && (h === t || t.startsWith(`${h} `) || t.endsWith(` ${h}`));
}

/** A roman numeral (i…mmmcmxcix), to be used with the `i` flag. */
export const ROMAN = '(?=[mdclxvi])m{0,3}(?:cm|cd|d?c{0,3})(?:xc|xl|l?x{0,3})(?:ix|iv|v?i{0,3})';

/** Contents entries or bookmarks that name front matter, not a chapter. */
export const FRONT_MATTER_TITLE = /^(cover|front cover|title( page)?|half[- ]title|copyright( page)?|(table of )?contents|also by\b.*)$/i;
