import { bookDetail } from '../reader/service.ts';
import { storedAudioInRange } from '../audio/generation/service.ts';
import type { SpeechCatalog } from '../../integrations/tts/index.ts';
import type { Db } from '../../platform/db/index.ts';
import type { KeepList } from './model.ts';

export interface OfflineDeps {
  db: Db;
  speech: SpeechCatalog;
}

const DEFAULT_COUNT = 10;
const chapterUrl = (slug: string, n: number) => `/book/${encodeURIComponent(slug)}/${n}`;

function audioQuery(voice: string): string {
  return `?voice=${encodeURIComponent(voice)}`;
}

/**
 * The chapters from `from` (the first when absent) on, `count` of them, and the stored audio among
 * them. Audio the voice has not got is simply absent: the chapters are still kept as text.
 */
export async function keepList(deps: OfflineDeps, slug: string, options: { from?: number; count?: number; voice?: string }): Promise<KeepList> {
  const count = options.count ?? DEFAULT_COUNT;
  const { book, chapters } = await bookDetail(deps.db, slug, { from: options.from ?? 1, limit: count });
  const first = chapters[0]?.number;
  const last = chapters.at(-1)?.number;
  const audio = first === undefined || last === undefined || !book.has_audio ? [] : await storedAudioInRange(deps, slug, first, last, options.voice);
  const base = `/book/${encodeURIComponent(slug)}`;
  return {
    book: { slug: book.slug, title: book.title, author: book.author, cover_url: book.cover_url, url: base, chapter_count: book.chapter_count },
    chapters: chapters.map((c) => ({ number: c.number, title: c.title, url: chapterUrl(slug, c.number) })),
    audio: audio.map((a) => ({
      ...a,
      url: `/api/audio-stream/${encodeURIComponent(slug)}/${a.chapter}${audioQuery(a.voice)}`,
      timings_url: `/api/audio/timings/${encodeURIComponent(slug)}/${a.chapter}${audioQuery(a.voice)}`,
    })),
  };
}
