import { expect } from 'bun:test';
import type { Api } from './client.ts';

/** The chapter's comment sheet: write one, see it, vote on it, take it back. */
export async function comments(api: Api, slug: string, chapterNumber: number, userId: string): Promise<void> {
  const posted = await api.POST('/api/comments/{slug}', { params: { path: { slug } }, body: { text: 'The **bakery** scene got me.', chapter: chapterNumber } });
  expect(posted.response.status).toBe(201);
  if (!posted.data) throw new Error('comment answered no body');
  const id: number = posted.data.comment.id;
  expect(posted.data.comment.author.id).toBe(userId);
  expect(posted.data.comment.html).toContain('<strong>bakery</strong>');

  const listed = await api.GET('/api/comments/{slug}', { params: { path: { slug }, query: { chapter: String(chapterNumber), sort: 'new' } } });
  if (!listed.data) throw new Error('comments answered no body');
  const mine = listed.data.comments.find((comment) => comment.id === id);
  const chapterOfComment: number | null | undefined = mine?.chapter;
  expect(chapterOfComment).toBe(chapterNumber);

  const voted = await api.POST('/api/comment/{id}/vote', { params: { path: { id: String(id) } }, body: { direction: 'up' } });
  if (!voted.data) throw new Error('vote answered no body');
  const upvotes: number = voted.data.upvotes;
  expect({ upvotes, mine: voted.data.mine }).toEqual({ upvotes: 1, mine: 'up' });
  const afterVote = await api.GET('/api/comments/{slug}', { params: { path: { slug }, query: { chapter: String(chapterNumber) } } });
  expect(afterVote.data?.myVotes[String(id)]).toBe('up');

  const unvoted = await api.POST('/api/comment/{id}/vote', { params: { path: { id: String(id) } }, body: { direction: 'none' } });
  expect({ upvotes: unvoted.data?.upvotes, mine: unvoted.data?.mine }).toEqual({ upvotes: 0, mine: null });

  const deleted = await api.DELETE('/api/comment/{id}', { params: { path: { id: String(id) } } });
  if (!deleted.data) throw new Error('delete answered no body');
  const removed: number[] = deleted.data.removed;
  expect(removed).toEqual([id]);
  const afterDelete = await api.GET('/api/comments/{slug}', { params: { path: { slug }, query: { chapter: String(chapterNumber) } } });
  expect(afterDelete.data?.comments.map((comment) => comment.id)).not.toContain(id);
}

/** The stars under a book. */
export async function rate(api: Api, slug: string): Promise<void> {
  const rated = await api.POST('/api/ratings/{slug}', { params: { path: { slug } }, body: { rating: 4 } });
  if (!rated.data) throw new Error('rating answered no body');
  const count: number = rated.data.count;
  expect({ average: rated.data.average, count, mine: rated.data.mine }).toEqual({ average: 4, count: 1, mine: 4 });
  const read = await api.GET('/api/ratings/{slug}', { params: { path: { slug } } });
  expect(read.data).toEqual({ average: 4, count: 1, mine: 4 });
}
