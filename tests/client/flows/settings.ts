import { expect } from 'bun:test';
import type { Api } from './client.ts';

/** The settings screen: the defaults first, then a change that comes back on the next read. */
export async function settings(api: Api): Promise<void> {
  const before = await api.GET('/api/settings');
  expect(before.data).toEqual({ auto_next: true, voice: 'espeak-en-us', speed: 1, theme: 'amber', locale: 'en', font_family: 'system', font_size: 1 });

  const saved = await api.PUT('/api/settings', { body: { speed: 1.5, theme: 'slate', font_family: 'serif', auto_next: false } });
  const speed: number | undefined = saved.data?.speed;
  expect(speed).toBe(1.5);

  const after = await api.GET('/api/settings');
  expect(after.data).toEqual({ auto_next: false, voice: 'espeak-en-us', speed: 1.5, theme: 'slate', locale: 'en', font_family: 'serif', font_size: 1 });
}
