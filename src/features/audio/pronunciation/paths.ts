/** The admin page of a book's pronunciation list, or of the site's (slug null). */
export const pronunciationPagePath = (slug: string | null) => (slug === null ? '/admin/pronunciations' : `/admin/books/${encodeURIComponent(slug)}/pronunciations`);
