/** The local source site's catalogue: a few real test books and enough filler to page through. */
export interface SiteBook {
  slug: string;
  seed: number;
  title: string;
  author: string;
  genres: string[];
  status: 'ongoing' | 'completed';
  chapters: number;
  description: string;
  /** Royal Road only: the fiction id. */
  id?: number;
}

export const IRON_ARCHIVE = 'the-iron-archive';
export const SMALL_LIGHTS = 'harbour-of-small-lights';
export const SHORT_BOOK = 'a-short-errand';
export const RR_FICTION_ID = 4242;
export const RR_SLUG = 'the-cartographers-war';

const FILLER_GENRES = ['Fantasy', 'Martial Arts', 'Romance', 'Sci-fi'];

function filler(count: number, seed: number, prefix: string, id?: number): SiteBook[] {
  return Array.from({ length: count }, (_, i) => ({
    slug: `${prefix.toLowerCase().replace(/ /g, '-')}-${i + 1}`,
    seed: seed + i,
    title: `${prefix} ${i + 1}`,
    author: `Author ${(i % 7) + 1}`,
    genres: [FILLER_GENRES[i % FILLER_GENRES.length]!],
    status: i % 3 ? 'ongoing' : 'completed',
    chapters: 5,
    description: `A filler tale, number ${i + 1}, for paging through the catalogue.`,
    ...(id ? { id: id + i } : {}),
  }));
}

export function novelfireBooks(): SiteBook[] {
  return [
    { slug: IRON_ARCHIVE, seed: 7, title: 'The Iron Archive', author: 'Selma Ork', genres: ['Fantasy', 'Martial Arts', 'Mystery'], status: 'completed', chapters: 300, description: 'Three hundred chapters of keys, ledgers and locked galleries.' },
    { slug: SMALL_LIGHTS, seed: 11, title: 'Harbour of Small Lights', author: 'Piet Vane', genres: ['Slice of Life'], status: 'ongoing', chapters: 20, description: 'A harbour town where lamps keep accounts.' },
    { slug: SHORT_BOOK, seed: 13, title: 'A Short Errand', author: 'Ona Brisk', genres: ['Adventure'], status: 'completed', chapters: 12, description: 'Twelve chapters, one errand.' },
    ...filler(40, 1000, 'Filler Tale'),
  ];
}

export function royalroadBooks(): SiteBook[] {
  return [
    { slug: RR_SLUG, id: RR_FICTION_ID, seed: 17, title: "The Cartographer's War", author: 'Mika Stroud', genres: ['Fantasy', 'War and Military'], status: 'ongoing', chapters: 12, description: 'Maps that redraw the land they describe.' },
    ...filler(24, 2000, 'Serial Draft', 5000),
  ];
}
