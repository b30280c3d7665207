import type { shelfEn } from './en.ts';

/** The shelf phrases in fr. */
export const shelfFr: Record<keyof typeof shelfEn, string> = {
  'shelf.home.popularWeek': 'Populaires cette semaine',
  'shelf.home.topRated': 'Les mieux notés',
  'shelf.home.updated': 'Mis à jour récemment',
  'shelf.home.seeAll': 'Tout voir',
  'shelf.home.seeAllNamed': 'Tout voir : {row}',
  'shelf.ranking.readsMonthOnly_one': '{count} lecteur sur 30 jours',
  'shelf.ranking.readsMonthOnly_other': '{count} lecteurs sur 30 jours',
  'shelf.ranking.ratings_one': '{count} note',
  'shelf.ranking.ratings_other': '{count} notes',
  'shelf.library.chapterShort': 'Chap. {chapter} / {total}',
  'shelf.library.chapterShortOpen': 'Chap. {chapter}',
  'shelf.library.menuNamed': '{shelf} : déplacer ou retirer {title}',
  'shelf.library.moveTo': 'Déplacer vers « {shelf} »',
  'shelf.library.confirmRemove': 'Retirer {title} de votre bibliothèque ?',
};
