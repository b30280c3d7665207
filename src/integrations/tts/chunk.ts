import { speakableParagraphs } from './speakable.ts';
import { splitSentences } from './sentences.ts';

/**
 * A chapter as a script for a voice: its plain text, its sentences and the chunks an engine is
 * called with one at a time. The first chunk is small (the first audio is ready in a few hundred
 * milliseconds even on a slow engine), later ones grow to `maxChunkChars` (fewer calls, natural
 * intonation across sentences). Chunks end on sentence boundaries; a sentence longer than a
 * chunk is cut at a clause mark, else a space, else anywhere (CJK runs have no spaces).
 */
export interface Sentence {
  index: number;
  /** Index of its paragraph in `paragraphs` order. */
  paragraph: number;
  /** [from, to) in Script.text. */
  from: number;
  to: number;
}

/** A sentence, or the part of a long one, that falls in one chunk. */
export interface Piece {
  sentence: number;
  from: number;
  to: number;
}

export interface Chunk {
  index: number;
  /** Script.text.slice(from, to): the words read. */
  text: string;
  /** What the engine is given when it differs from `text` (names respelled by a pronunciation list). */
  spoken?: string;
  from: number;
  to: number;
  pieces: Piece[];
}

/** What an engine is given for a chunk. */
export function spokenText(chunk: Chunk): string {
  return chunk.spoken ?? chunk.text;
}

export interface Script {
  /** Paragraphs joined by blank lines. */
  text: string;
  sentences: Sentence[];
  chunks: Chunk[];
}

export interface ChunkOptions {
  /** For sentence rules (Intl.Segmenter); default `en`. */
  locale?: string;
  firstChunkChars?: number;
  maxChunkChars?: number;
}

export const FIRST_CHUNK_CHARS = 120;
export const MAX_CHUNK_CHARS = 400;
const PARAGRAPH_BREAK = '\n\n';

export function prepareScript(markdown: string, options: ChunkOptions = {}): Script {
  const { locale = 'en', firstChunkChars = FIRST_CHUNK_CHARS, maxChunkChars = MAX_CHUNK_CHARS } = options;
  const paragraphs = speakableParagraphs(markdown);
  const text = paragraphs.join(PARAGRAPH_BREAK);
  const sentences: Sentence[] = [];
  let offset = 0;
  paragraphs.forEach((paragraph, p) => {
    for (const [from, to] of splitSentences(paragraph, locale)) sentences.push({ index: sentences.length, paragraph: p, from: offset + from, to: offset + to });
    offset += paragraph.length + PARAGRAPH_BREAK.length;
  });

  // Chunk n may hold up to first·2ⁿ characters, capped at the maximum.
  const limit = (n: number) => Math.max(1, Math.min(maxChunkChars, firstChunkChars * 2 ** n));
  const chunks: Chunk[] = [];
  let pieces: Piece[] = [];
  const close = () => {
    if (!pieces.length) return;
    const from = pieces[0]!.from;
    const to = pieces.at(-1)!.to;
    chunks.push({ index: chunks.length, text: text.slice(from, to), from, to, pieces });
    pieces = [];
  };
  for (const sentence of sentences) {
    let from = sentence.from;
    while (from < sentence.to) {
      const max = limit(chunks.length);
      const start = pieces[0]?.from ?? from;
      if (sentence.to - start <= max) {
        pieces.push({ sentence: sentence.index, from, to: sentence.to });
        break;
      }
      if (pieces.length) {
        close();
        continue;
      }
      const to = cutPoint(text, from, Math.min(sentence.to, from + max));
      pieces.push({ sentence: sentence.index, from, to });
      close();
      from = skipSpaces(text, to, sentence.to);
    }
  }
  close();
  return { text, sentences, chunks };
}

/** The best end for a piece of text[from, hardEnd): after a clause mark, else before a space, else hardEnd. */
function cutPoint(text: string, from: number, hardEnd: number): number {
  const window = text.slice(from, hardEnd);
  const minimum = Math.floor(window.length / 3); // not so early that the next piece is as long again
  const clause = lastMatch(window, /[,;:—–)\]，、；：](?=\s|$)|[，、；：]/gu, minimum);
  if (clause !== null) return from + clause;
  const space = window.lastIndexOf(' ');
  if (space > minimum) return from + space;
  // No break at all: do not cut a surrogate pair in half.
  const end = hardEnd;
  return /[\uDC00-\uDFFF]/.test(text[end] ?? '') ? end - 1 : end;
}

function lastMatch(window: string, pattern: RegExp, minimum: number): number | null {
  let best: number | null = null;
  for (const match of window.matchAll(pattern)) {
    const end = match.index + match[0].length;
    if (end > minimum && end < window.length) best = end;
  }
  return best;
}

function skipSpaces(text: string, at: number, end: number): number {
  while (at < end && /\s/.test(text[at]!)) at++;
  return at;
}

/** A stretch of Script.text [from, to) that took `seconds` to say (dialogue.ts, dialogueSpans). */
export interface TimedSpan {
  from: number;
  to: number;
  seconds: number;
}

export interface SentenceTiming {
  index: number;
  /** Seconds from the start of the audio. */
  start: number;
  end: number;
}

/**
 * Sentence start and end times from each chunk's audio duration: exact at chunk boundaries,
 * shared by character count inside a chunk (no engine here reports word timings). `chunkStarts`
 * (seconds) when the chunks do not simply follow one another in the audio (separately encoded
 * runs, each with its encoder's own start-up and padding); by default each starts where the
 * previous one ended. `chunkSpans`: for a chunk made of several calls (a dialogue voice), how long
 * each of its parts took; its time is then shared by them, by characters only inside each part.
 */
export function sentenceTimings(
  script: Script, chunkSeconds: readonly number[], chunkStarts?: readonly number[], chunkSpans?: readonly (readonly TimedSpan[] | null | undefined)[],
): SentenceTiming[] {
  const timings: SentenceTiming[] = script.sentences.map((s) => ({ index: s.index, start: Infinity, end: 0 }));
  let clock = 0;
  script.chunks.forEach((chunk, i) => {
    clock = chunkStarts?.[i] ?? clock;
    const seconds = chunkSeconds[i] ?? 0;
    const share = pieceShares(chunk, chunkSpans?.[i]);
    let at = clock;
    for (const [k, piece] of chunk.pieces.entries()) {
      const length = seconds * share[k]!;
      const timing = timings[piece.sentence]!;
      timing.start = Math.min(timing.start, at);
      timing.end = Math.max(timing.end, at + length);
      at += length;
    }
    clock += seconds;
  });
  const ms = (s: number) => Math.round(s * 1000) / 1000;
  return timings.map((t) => ({ index: t.index, start: ms(Number.isFinite(t.start) ? t.start : clock), end: ms(Math.max(t.end, Number.isFinite(t.start) ? t.start : clock)) }));
}

/** Each piece's share of its chunk's audio: by the time of the spans it overlaps when there are any, else by characters. */
function pieceShares(chunk: Chunk, spans: readonly TimedSpan[] | null | undefined): number[] {
  const letters = chunk.pieces.reduce((sum, p) => sum + (p.to - p.from), 0) || 1;
  const byLetters = chunk.pieces.map((p) => (p.to - p.from) / letters);
  if (!spans?.length) return byLetters;
  const overlap = (p: Piece, s: TimedSpan) => Math.max(0, Math.min(p.to, s.to) - Math.max(p.from, s.from));
  // A span's time goes to the characters of it that pieces hold (not the paragraph breaks between them).
  const covered = spans.map((s) => chunk.pieces.reduce((sum, p) => sum + overlap(p, s), 0));
  const timed = chunk.pieces.map((p) => spans.reduce((sum, s, k) => sum + (covered[k]! > 0 ? (overlap(p, s) * s.seconds) / covered[k]! : 0), 0));
  const total = timed.reduce((sum, t) => sum + t, 0);
  return total > 0 ? timed.map((t) => t / total) : byLetters;
}

/** The sentences a narration speaks, in order: what the stored timings list (their index there is the position here). */
export function spokenSentences(script: Script): { index: number; text: string }[] {
  const out: { index: number; text: string }[] = [];
  for (const sentence of script.sentences) {
    const text = script.text.slice(sentence.from, sentence.to).trim();
    if (text) out.push({ index: sentence.index, text });
  }
  return out;
}

/**
 * Where a sentence of the script starts in the audio of its chunks: the chunk holding its first
 * part and the share of that chunk's audio before it (by characters, as sentenceTimings shares it).
 */
export function sentenceStart(script: Script, sentence: number): { chunk: number; fraction: number } | null {
  for (const chunk of script.chunks) {
    const letters = chunk.pieces.reduce((sum, p) => sum + (p.to - p.from), 0) || 1;
    let before = 0;
    for (const piece of chunk.pieces) {
      if (piece.sentence === sentence) return { chunk: chunk.index, fraction: before / letters };
      before += piece.to - piece.from;
    }
  }
  return null;
}
