/** Paths of the admin audio page, built in one place so that views and routes agree. */
export const AUDIO_PAGE = '/admin/audio';
export const AUDIO_DELETE = '/admin/audio/delete';

export function audioPageUrl(state: { slug?: string | null; after?: string | null; limit?: number | null; done?: string | null } = {}): string {
  const query = new URLSearchParams();
  if (state.slug) query.set('slug', state.slug);
  if (state.limit) query.set('limit', String(state.limit));
  if (state.after) query.set('after', state.after);
  if (state.done) query.set('done', state.done);
  const text = query.toString();
  return text ? `${AUDIO_PAGE}?${text}` : AUDIO_PAGE;
}
