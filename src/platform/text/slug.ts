/**
 * Letters NFKD does not take apart into a base letter and marks: spelled out in ASCII as their
 * languages do, so that "Fluß" becomes "fluss" rather than "flu".
 */
const SPELLED: Record<string, string> = {
  ß: 'ss', ẞ: 'SS',
  æ: 'ae', Æ: 'AE',
  œ: 'oe', Œ: 'OE',
  ø: 'o', Ø: 'O',
  þ: 'th', Þ: 'TH',
  ð: 'd', Ð: 'D',
  đ: 'd', Đ: 'D',
  ł: 'l', Ł: 'L',
  ı: 'i',
  ħ: 'h', Ħ: 'H',
  ŧ: 't', Ŧ: 'T',
  ŋ: 'ng', Ŋ: 'NG',
  ĸ: 'q',
};
const SPELLED_PATTERN = new RegExp(`[${Object.keys(SPELLED).join('')}]`, 'g');

/** Latin text in ASCII letters where it can be: accents dropped (NFKD), ß → ss, æ → ae, ø → o …; other characters as they were. */
export function transliterate(text: string): string {
  return text
    .replace(SPELLED_PATTERN, (letter) => SPELLED[letter]!)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '');
}

/** "Fluß & Œuvre!" → "fluss-oeuvre": lower-case ASCII letters and digits joined by single dashes. */
export function slugify(text: string): string {
  return transliterate(text)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
