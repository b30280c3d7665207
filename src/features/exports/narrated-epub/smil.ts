import { escapeXml as x } from '../../export/epub/xml.ts';

/** One chapter's overlay: hrefs are relative to the SMIL file. */
export interface SmilChapter {
  number: number;
  /** The chapter's page; `textref` is this with a fragment (the element that holds the chapter). */
  textHref: string;
  /** The id of that element: epubcheck wants `epub:textref` to name one. */
  textId: string;
  audioHref: string;
  /** Of the audio file: no clip reaches past it. */
  durationSeconds: number;
}

/** A fragment of the text (the id of its span) and when the audio speaks it, in seconds. */
export interface SmilPar {
  id: string;
  start: number;
  end: number;
}

/** A par as it is written: whole milliseconds, in order, never overlapping, never empty. */
export interface Clip {
  id: string;
  begin: number;
  end: number;
}

/**
 * Clamps the pars into [0, duration] on the millisecond grid the document is written in, each
 * starting no earlier than the one before ends; a par left with no time at all is dropped
 * (epubcheck and players refuse a clip that ends where it begins).
 */
export function overlayClips(pars: readonly SmilPar[], durationSeconds: number): Clip[] {
  const duration = Math.max(0, Math.round(durationSeconds * 1000));
  const clips: Clip[] = [];
  let previousEnd = 0;
  for (const par of pars) {
    if (!Number.isFinite(par.start) || !Number.isFinite(par.end)) continue;
    const begin = clamp(Math.round(par.start * 1000), previousEnd, duration);
    const end = clamp(Math.round(par.end * 1000), begin, duration);
    if (end <= begin) continue;
    clips.push({ id: par.id, begin, end });
    previousEnd = end;
  }
  return clips;
}

/** How long the overlay plays, in milliseconds: what `media:duration` states for it. */
export const overlayMilliseconds = (clips: readonly Clip[]): number => clips.reduce((sum, clip) => sum + clip.end - clip.begin, 0);

/** SMIL 3.0 Media Overlay document of a chapter: one `<par>` per sentence, in reading order (see overlayClips). */
export function chapterSmil(chapter: SmilChapter, pars: readonly SmilPar[]): string {
  const clips = overlayClips(pars, chapter.durationSeconds);
  // The SMIL schema wants at least one par in a seq: a chapter with nothing to play has no overlay.
  if (!clips.length) throw new Error(`chapter ${chapter.number}: a media overlay needs at least one clip`);
  const body = clips
    .map((clip) => `      <par>
        <text src="${x(chapter.textHref)}#${x(clip.id)}"/>
        <audio src="${x(chapter.audioHref)}" clipBegin="${seconds(clip.begin)}" clipEnd="${seconds(clip.end)}"/>
      </par>`)
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<smil xmlns="http://www.w3.org/ns/SMIL" xmlns:epub="http://www.idpf.org/2007/ops" version="3.0">
  <body>
    <seq id="seq-${chapter.number}" epub:textref="${x(chapter.textHref)}#${x(chapter.textId)}">
${body}
    </seq>
  </body>
</smil>
`;
}

/** A SMIL full clock value, `h:mm:ss.fff`, as the package's `media:duration` wants it. */
export function smilDuration(seconds: number): string {
  const ms = Math.max(0, Math.round(seconds * 1000));
  const pad = (n: number, width: number) => String(n).padStart(width, '0');
  return `${Math.floor(ms / 3_600_000)}:${pad(Math.floor(ms / 60_000) % 60, 2)}:${pad(Math.floor(ms / 1000) % 60, 2)}.${pad(ms % 1000, 3)}`;
}

const clamp = (value: number, low: number, high: number) => Math.min(Math.max(value, low), high);
const seconds = (ms: number) => `${(ms / 1000).toFixed(3)}s`;
