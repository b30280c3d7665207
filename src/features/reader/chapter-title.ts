/**
 * Titles scraped from sources often begin with their own number ("3. The Bell", "Chapter 3: The
 * Bell"), which the chapter list already shows beside them. listedTitle drops such a prefix, but
 * only when its number is the chapter's own: "300 Spartans" stays whole on chapter 12, and a bare
 * number followed by words ("1984 Redux") stays whole on its own chapter too, since nothing marks
 * it as a prefix. A decimal or a range ("3.5", "3:16", "3-2-1") is never cut.
 */
const PREFIX = /^\s*(?<word>(?:chapter|chap\.?|ch\.?|episode|ep\.?|cap[ií]tulo|cap\.?|chapitre|bab)\s*)?(?:no\.?\s*)?#?(?<digits>\d{1,9})(?<rest>.*)$/isu;
const SEPARATOR = /^\s*[.:)\]|~\-–—]+\s*/u;

/** The title to list beside chapter `number`: without a leading copy of that number; '' when nothing else is left. */
export function listedTitle(title: string, number: number): string {
  const match = PREFIX.exec(title);
  if (!match?.groups || Number(match.groups.digits) !== number) return title.trim();
  const rest = match.groups.rest ?? '';
  if (rest.trim() === '') return '';
  const separator = SEPARATOR.exec(rest);
  if (separator) {
    const after = rest.slice(separator[0].length);
    // "3.5", "3:16", "3-2-1": the separator joins two numbers, so the number is not a prefix.
    if (/^\d/.test(after) && !/\s$/.test(separator[0])) return title.trim();
    return after.trim();
  }
  // Only a word like "Chapter" makes a number followed by a space a prefix.
  return match.groups.word && /^\s/.test(rest) ? rest.trim() : title.trim();
}
