import { expect } from 'bun:test';
import type { Api } from './client.ts';

/** The bell: the audio the reader asked for is ready; reading it all clears the count. */
export async function notifications(api: Api, userId: string, title: string, slug: string, chapterNumber: number): Promise<void> {
  const listed = await api.GET('/api/notifications', { params: { query: { user_id: userId } } });
  if (!listed.data) throw new Error('notifications answered no body');
  const unread: number = listed.data.unread;
  expect(unread).toBeGreaterThan(0);
  const ready = listed.data.notifications.find((item) => item.link === `/book/${slug}/${chapterNumber}`);
  expect(ready?.title).toBe(`Audio ready: ${title}, chapter ${chapterNumber}`);
  expect(ready?.read).toBe(false);

  const marked = await api.PATCH('/api/notifications', { params: { query: { user_id: userId } } });
  const updated: number | undefined = marked.data?.updated;
  expect(updated).toBe(unread);
  const after = await api.GET('/api/notifications', { params: { query: { user_id: userId } } });
  expect(after.data?.unread).toBe(0);
  expect(after.data?.notifications.every((item) => item.read)).toBe(true);
}
