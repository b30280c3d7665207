import type { shelfEn } from './en.ts';

/** The shelf phrases in es. */
export const shelfEs: Record<keyof typeof shelfEn, string> = {
  'shelf.home.popularWeek': 'Populares esta semana',
  'shelf.home.topRated': 'Mejor valorados',
  'shelf.home.updated': 'Actualizados recientemente',
  'shelf.home.seeAll': 'Ver todos',
  'shelf.home.seeAllNamed': 'Ver todos: {row}',
  'shelf.ranking.readsMonthOnly_one': '{count} lector en los últimos 30 días',
  'shelf.ranking.readsMonthOnly_other': '{count} lectores en los últimos 30 días',
  'shelf.ranking.ratings_one': '{count} valoración',
  'shelf.ranking.ratings_other': '{count} valoraciones',
  'shelf.library.chapterShort': 'Cap. {chapter} / {total}',
  'shelf.library.chapterShortOpen': 'Cap. {chapter}',
  'shelf.library.menuNamed': '{shelf}: mover o quitar {title}',
  'shelf.library.moveTo': 'Mover a {shelf}',
  'shelf.library.confirmRemove': '¿Quitar {title} de tu biblioteca?',
};
