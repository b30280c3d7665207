/**
 * Watermarks spliced into the text itself (sources.md): "Read the latest at novelfire.net",
 * with the domain misspelt on purpose (n0velfire, NoveIFire, novel-fire, novelfire[.]net), and
 * Royal Road's anti-piracy lines ("this story was stolen from Royal Road; report it"), which come
 * in many wordings. A sentence that carries one goes; the rest of its paragraph stays.
 */
// The site's name written as one word (prose never does), or with separators when a TLD follows.
const NAMES = [String.raw`n[o0]v[e3][l1iI|]?SEPf[i1lI|!]r[e3]`, String.raw`n[o0]v[e3][l1iI|]SEPph[o0][e3]n[i1l]x`, String.raw`l[i1]ghtSEPn[o0]v[e3]lSEP(?:pub|w[o0]rld)`];
const compact = NAMES.map((n) => n.replaceAll('SEP', '')).join('|');
const spaced = NAMES.map((n) => n.replaceAll('SEP', String.raw`[\s._-]*`)).join('|');
// "[.]" may reach us escaped by the markdown conversion: "\[.\]".
const DOMAIN = String.raw`(?:(?:${spaced})\s*(?:\.|\\?\[\.\\?\]|\(\.\)|\s+dot\s+)\s*(?:net|com|org|co)\b|(?:${compact}))`;
const SENTENCE = new RegExp(String.raw`[^.!?\n]*\b${DOMAIN}[^.!?\n]*[.!?]*`, 'gi');

/**
 * Royal Road's lines: the story (or its content) + taken without leave + where (Royal Road,
 * Amazon) or what to do (report). Requiring all three keeps "he reported the stolen horse".
 */
const PIRACY = {
  work: /\b(story|stories|narrative|tale|novel|content|chapter|work|text)\b/i,
  taken: /\b(stolen|taken|lifted|pirated|misappropriated|unauthori[sz]ed|illicitly|illegally|unlawfully|without (?:the author'?s )?(?:permission|consent|authori[sz]ation|approval))\b/i,
  where: /\b(royal\s*road|amazon|report|sightings?|infringement|violation)\b/i,
};
// Every character falls in one piece, so joining the kept pieces rebuilds the rest exactly.
const SENTENCES = /[^.!?\n]*[.!?]+["'”’)]*[ \t]*|[^.!?\n]+[ \t]*|\n/g;

function isPiracyLine(sentence: string): boolean {
  if (/\broyal\s*road\b/i.test(sentence) && /\b(stolen|taken|lifted|pirated|report)\b/i.test(sentence)) return true;
  return PIRACY.work.test(sentence) && PIRACY.taken.test(sentence) && PIRACY.where.test(sentence);
}

export function scrubWatermarks(text: string): string {
  const withoutDomains = text.replace(SENTENCE, '');
  const kept: string[] = [];
  let dropped = false;
  for (const sentence of withoutDomains.match(SENTENCES) ?? []) {
    // "…has been stolen. If you see it on Amazon, report it.": the short plea after the line is part of it.
    const plea: boolean = dropped && /\b(report|amazon|sightings?)\b/i.test(sentence) && sentence.trim().split(/\s+/).length <= 14;
    dropped = sentence !== '\n' && (isPiracyLine(sentence) || plea);
    if (!dropped) kept.push(sentence);
  }
  return kept
    .join('')
    .replace(/[ \t]{2,}/g, ' ')
    .replace(/^[ \t]+|[ \t]+$/gm, '');
}

export function isWatermark(text: string): boolean {
  const rest = scrubWatermarks(text).replace(/[\s.!?,;:]+/g, '');
  return rest.length === 0 && text.trim().length > 0;
}
