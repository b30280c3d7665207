/**
 * Watermarks spliced into the text itself (sources.md): "Read the latest at novelfire.net",
 * with the domain misspelt on purpose (n0velfire, NoveIFire, novel-fire, novelfire[.]net), and
 * Royal Road's "this story has been taken without permission; report it" lines. A sentence that
 * carries one goes; the rest of its paragraph stays.
 */
// The site's name written as one word (prose never does), or with separators when a TLD follows.
const NAMES = [String.raw`n[o0]v[e3][l1iI|]?SEPf[i1lI|!]r[e3]`, String.raw`n[o0]v[e3][l1iI|]SEPph[o0][e3]n[i1l]x`, String.raw`l[i1]ghtSEPn[o0]v[e3]lSEP(?:pub|w[o0]rld)`];
const compact = NAMES.map((n) => n.replaceAll('SEP', '')).join('|');
const spaced = NAMES.map((n) => n.replaceAll('SEP', String.raw`[\s._-]*`)).join('|');
const DOMAIN = String.raw`(?:(?:${spaced})\s*(?:\.|\[\.\]|\(\.\)|\s+dot\s+)\s*(?:net|com|org|co)\b|(?:${compact}))`;
const SENTENCE = new RegExp(String.raw`[^.!?\n]*\b${DOMAIN}[^.!?\n]*[.!?]*`, 'gi');
const ROYAL_ROAD = /[^.!?\n]*(?:\b(?:stolen|taken|pirated|unauthori[sz]ed|unlawfully|without (?:the author'?s )?permission)\b[^.!?\n]*\broyal\s*road\b|\broyal\s*road\b[^.!?\n]*\b(?:report|stolen|taken|pirated|amazon)\b)[^.!?\n]*[.!?]*/gi;

export function scrubWatermarks(text: string): string {
  return text.replace(SENTENCE, '').replace(ROYAL_ROAD, '').replace(/[ \t]{2,}/g, ' ').replace(/^[ \t]+|[ \t]+$/gm, '');
}

export function isWatermark(text: string): boolean {
  const rest = scrubWatermarks(text).replace(/[\s.!?,;:]+/g, '');
  return rest.length === 0 && text.trim().length > 0;
}
