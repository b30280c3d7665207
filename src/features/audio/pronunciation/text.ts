import { badRequest } from '../../../platform/http/errors.ts';
import type { Pronunciation } from './apply.ts';
import type { PronunciationListBody } from './model.ts';

const EXACT = 'exact';
/** A respelling, then optionally eSpeak phonemes in double brackets, as eSpeak itself writes them in a text. */
const SAY_AND_PHONEMES = /^(.*?)\s*\[\[(.*)\]\]\s*$/s;

/**
 * The admin page's text: one entry a line, `word = how to say it`, then `[[phonemes]]` when it has
 * them, `| exact` for this case only.
 */
export function listText(entries: readonly Pronunciation[]): string {
  return entries.map((e) => `${e.word} = ${e.say}${e.phonemes ? ` [[${e.phonemes}]]` : ''}${e.case_sensitive ? ` | ${EXACT}` : ''}`).join('\n');
}

/**
 * The page's text as a PUT body (service.ts checks the entries, phonemes included), or a 400 naming
 * the line that is not `word = say`. Empty lines and lines starting with # are skipped; errors about an entry name
 * its line, as the admin sees it.
 */
export function parseListText(text: string): { body: PronunciationListBody; lines: number[] } {
  const entries: PronunciationListBody['entries'] = [];
  const lines: number[] = [];
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = raw.trim();
    if (!line || line.startsWith('#')) return;
    const eq = line.indexOf('=');
    if (eq < 0) throw badRequest(`Line ${i + 1}: write it as "word = how to say it"`);
    let say = line.slice(eq + 1);
    let caseSensitive = false;
    const bar = say.lastIndexOf('|');
    if (bar >= 0 && say.slice(bar + 1).trim().toLowerCase() === EXACT) {
      caseSensitive = true;
      say = say.slice(0, bar);
    }
    const withPhonemes = SAY_AND_PHONEMES.exec(say);
    if (withPhonemes) entries.push({ word: line.slice(0, eq), say: withPhonemes[1]!, phonemes: withPhonemes[2]!, case_sensitive: caseSensitive });
    else entries.push({ word: line.slice(0, eq), say, case_sensitive: caseSensitive });
    lines.push(i + 1);
  });
  return { body: { entries }, lines };
}

/** An entry's error message as the page says it: "Line 4: …" instead of "entries[2]…". */
export function onLines(message: string, lines: readonly number[]): string {
  return message.replace(/^entries\[(\d+)\](\.\w+)?/, (_, i: string, field: string | undefined) => `Line ${lines[Number(i)] ?? Number(i) + 1}${field ? `: ${field.slice(1)}` : ''}`);
}
