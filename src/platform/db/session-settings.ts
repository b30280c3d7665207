/**
 * Settings every database session starts with, so that no query has to set them in a transaction
 * of its own. pg_trgm.word_similarity_threshold is the catalogue search's typo tolerance, the
 * threshold of the `<%` operator (features/catalogue/search-queries.ts says why 0.5): set at
 * connect, before pg_trgm is loaded, it is kept as a placeholder that the extension adopts.
 */
export const SESSION_SETTINGS: Readonly<Record<string, string>> = {
  'pg_trgm.word_similarity_threshold': '0.5',
};

/** For the startup packet of a pg connection (`options`), which the server applies at no extra round trip. */
export function sessionOptions(): string {
  return Object.entries(SESSION_SETTINGS).map(([name, value]) => `-c ${name}=${value}`).join(' ');
}

/** For PGlite, whose single session is set once when it opens. */
export function sessionSetStatements(): string {
  return Object.entries(SESSION_SETTINGS).map(([name, value]) => `set ${name} = '${value}';`).join('\n');
}
