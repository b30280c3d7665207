import { createHash } from 'node:crypto';
import { voiceSegment } from '../audio/keys.ts';
import type { ExportFormat } from './model.ts';

/**
 * Object-store keys of finished exports (docs/operations.md, "Object keys"):
 *
 *   narrated-exports/<slug>/<from>-<to>-<voice>-<hash>.epub   a narrated EPUB 3
 *   audiobooks/<slug>/<from>-<to>-<voice>-<hash>.mp3          an audiobook
 *
 * The hash covers what the file is made of: the book's text and metadata, the voice, the
 * pronunciation lists and the writer's version. While none of these change the stored file is
 * served again; a change makes a new key, and the older copies of the range are deleted.
 */
export const EXPORT_PREFIXES: Record<ExportFormat, string> = { 'epub-narrated': 'narrated-exports/', audiobook: 'audiobooks/' };
export const EXTENSIONS: Record<ExportFormat, string> = { 'epub-narrated': 'epub', audiobook: 'mp3' };
export const MEDIA_TYPES: Record<ExportFormat, string> = { 'epub-narrated': 'application/epub+zip', audiobook: 'audio/mpeg' };

/** Bump when a writer changes what it puts in the file, so stored copies are made anew. */
export const WRITER_VERSIONS: Record<ExportFormat, string> = { 'epub-narrated': 'n1', audiobook: 'a1' };

export interface ExportIdentity {
  format: ExportFormat;
  slug: string;
  from: number;
  to: number;
  voice: string;
}

/** The key's prefix for one range and voice: every copy of it, current or outdated. */
export function rangePrefix(id: ExportIdentity): string {
  return `${EXPORT_PREFIXES[id.format]}${id.slug}/${id.from}-${id.to}-${voiceSegment(id.voice)}-`;
}

export function exportKey(id: ExportIdentity, contentParts: readonly string[]): string {
  const hash = createHash('sha256').update([WRITER_VERSIONS[id.format], ...contentParts].join('\u0000')).digest('hex').slice(0, 24);
  return `${rangePrefix(id)}${hash}.${EXTENSIONS[id.format]}`;
}
