/** The shelf phrases in en (merged into ../en.ts; same keys in every locale). */
export const shelfEn = {
  // ---- home rows ----
  'shelf.home.popularWeek': 'Popular this week',
  'shelf.home.topRated': 'Top rated',
  'shelf.home.updated': 'Recently updated',
  'shelf.home.seeAll': 'See all',
  'shelf.home.seeAllNamed': 'See all: {row}',
  // ---- rankings: counts of zero are left out ----
  'shelf.ranking.readsMonthOnly_one': '{count} reader in the last 30 days',
  'shelf.ranking.readsMonthOnly_other': '{count} readers in the last 30 days',
  'shelf.ranking.ratings_one': '{count} rating',
  'shelf.ranking.ratings_other': '{count} ratings',
  // ---- the library shelf ----
  'shelf.library.chapterShort': 'Ch. {chapter} / {total}',
  'shelf.library.chapterShortOpen': 'Ch. {chapter}',
  'shelf.library.menuNamed': '{shelf}: move or remove {title}',
  'shelf.library.moveTo': 'Move to {shelf}',
  'shelf.library.confirmRemove': 'Remove {title} from your library?',
} as const;
