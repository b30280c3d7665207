import { badRequest } from '../../../platform/http/errors.ts';
import type { ImportBookEdits } from '../model.ts';
import type { Place } from '../edits/index.ts';

/** A review form's fields, read as posted (checked against the book by the edits, not here). */
export interface ReviewForm {
  revision: number;
  page: number;
  /** Chapter titles typed on the page: `title_<n>`. */
  titles: Map<number, string>;
  /** The chapter to merge (`merge`) or split (`chapter`). */
  chapter: number;
  place: Place;
  book: ImportBookEdits;
}

const MAX_TITLES = 1000;
const whole = (value: FormDataEntryValue | null, fallback: number) => (typeof value === 'string' && /^\d{1,9}$/.test(value.trim()) ? Number(value) : fallback);
const text = (value: FormDataEntryValue | null) => (typeof value === 'string' ? value : '');

export async function readReviewForm(request: Request): Promise<ReviewForm> {
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw badRequest('Send the form as application/x-www-form-urlencoded');
  }
  const titles = new Map<number, string>();
  for (const [name, value] of form.entries()) {
    const n = /^title_(\d{1,6})$/.exec(name);
    if (n && typeof value === 'string' && titles.size < MAX_TITLES) titles.set(Number(n[1]), value);
  }
  const place = /^(\d{1,6})\.(\d{1,6})$/.exec(text(form.get('place')).trim());
  const language = form.get('language');
  return {
    revision: whole(form.get('revision'), 0),
    page: whole(form.get('page'), 1),
    titles,
    chapter: whole(form.get('merge') ?? form.get('chapter'), 0),
    place: place ? { chapter: Number(place[1]), at: Number(place[2]) } : { chapter: -1, at: -1 },
    book: {
      title: text(form.get('title')),
      author: text(form.get('author')),
      description: text(form.get('description')),
      genres: form.getAll('genres').map(text).slice(0, 100),
      ...(language !== null ? { language: text(language) } : {}),
    },
  };
}
