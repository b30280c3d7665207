import { expect } from 'bun:test';
import type { Api } from './client.ts';

type Shelf = 'reading' | 'plan_to_read' | 'completed' | 'dropped';

/** The library tab: save a book, find it on its shelf, move it, remove it. */
export async function library(api: Api, slug: string): Promise<void> {
  const saved = await api.POST('/api/library/{slug}', { params: { path: { slug } }, body: {} });
  expect(saved.response.status).toBe(201);
  const shelf: Shelf | undefined = saved.data?.shelf;
  expect(shelf).toBe('plan_to_read');

  const listed = await api.GET('/api/library');
  if (!listed.data) throw new Error('library answered no body');
  const entry = listed.data.books.find((item) => item.book.slug === slug);
  expect(entry?.shelf).toBe('plan_to_read');

  const moved = await api.PATCH('/api/library/{slug}', { params: { path: { slug } }, body: { shelf: 'completed' } });
  expect(moved.data).toEqual({ slug, shelf: 'completed' });
  const completed = await api.GET('/api/library', { params: { query: { shelf: 'completed' } } });
  expect(completed.data?.books.map((item) => item.book.slug)).toEqual([slug]);

  const removed = await api.DELETE('/api/library/{slug}', { params: { path: { slug } } });
  expect(removed.response.status).toBe(204);
  const after = await api.GET('/api/library');
  expect(after.data?.books).toEqual([]);
}
