import { iso6392 } from 'iso-639-2';

const BY_TWO_LETTERS = new Map(iso6392.flatMap((language) => (language.iso6391 ? [[language.iso6391, language.iso6392B] as const] : [])));

/**
 * The ISO 639-2 code ID3 asks for (TLAN, the language of COMM) of a BCP 47 tag: "pt-BR" → "por".
 * The bibliographic code where the two differ ("de" → "ger"). Null when the primary subtag is
 * not in ISO 639-2's list.
 */
export function iso639Part2(bcp47: string): string | null {
  const primary = bcp47.trim().toLowerCase().split(/[-_]/)[0] ?? '';
  if (primary.length === 3 && /^[a-z]{3}$/.test(primary) && iso6392.some((l) => l.iso6392B === primary || l.iso6392T === primary)) return primary;
  return BY_TWO_LETTERS.get(primary) ?? null;
}
