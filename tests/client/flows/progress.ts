import { expect } from 'bun:test';
import type { Api } from './client.ts';

/** The reader turned to a chapter and listened a while: pushed, then pulled back as another device would. */
export async function pushAndPull(api: Api, slug: string, chapterNumber: number): Promise<void> {
  const pushed = await api.POST('/api/progress', { body: { slug, chapter: chapterNumber, scroll: 0.25 } });
  if (!pushed.data) throw new Error('progress answered no body');
  const recorded: number = pushed.data.progress.chapter;
  expect({ applied: pushed.data.applied, chapter: recorded, scroll: pushed.data.progress.scroll }).toEqual({ applied: true, chapter: chapterNumber, scroll: 0.25 });

  const listened = await api.PATCH('/api/progress/audio-time', { body: { slug, chapter: chapterNumber, audio_time: 42.5 } });
  expect(listened.data?.audio_time).toBe(42.5);

  const pulled = await api.GET('/api/progress/{slug}', { params: { path: { slug } } });
  if (!pulled.data) throw new Error('progress answered no body');
  const place = pulled.data.progress;
  if (!place) throw new Error('no progress came back');
  const updated: string = place.updated;
  expect({ slug: place.slug, chapter: place.chapter, audio_time: place.audio_time }).toEqual({ slug, chapter: chapterNumber, audio_time: 42.5 });
  expect(Number.isNaN(Date.parse(updated))).toBe(false);

  const audioTime = await api.GET('/api/progress/audio-time', { params: { query: { slug, chapter: chapterNumber } } });
  const seconds: number | undefined = audioTime.data?.audio_time;
  expect(seconds).toBe(42.5);

  const untouched = await api.GET('/api/progress/{slug}', { params: { path: { slug: 'ink-and-alibis' } } });
  expect(untouched.data).toEqual({ progress: null });
}
