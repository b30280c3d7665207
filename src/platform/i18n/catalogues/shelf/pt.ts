import type { shelfEn } from './en.ts';

/** The shelf phrases in pt. */
export const shelfPt: Record<keyof typeof shelfEn, string> = {
  'shelf.home.popularWeek': 'Populares da semana',
  'shelf.home.topRated': 'Mais bem avaliados',
  'shelf.home.updated': 'Atualizados recentemente',
  'shelf.home.seeAll': 'Ver todos',
  'shelf.home.seeAllNamed': 'Ver todos: {row}',
  'shelf.ranking.readsMonthOnly_one': '{count} leitor nos últimos 30 dias',
  'shelf.ranking.readsMonthOnly_other': '{count} leitores nos últimos 30 dias',
  'shelf.ranking.ratings_one': '{count} avaliação',
  'shelf.ranking.ratings_other': '{count} avaliações',
  'shelf.library.chapterShort': 'Cap. {chapter} / {total}',
  'shelf.library.chapterShortOpen': 'Cap. {chapter}',
  'shelf.library.menuNamed': '{shelf}: mover ou remover {title}',
  'shelf.library.moveTo': 'Mover para {shelf}',
  'shelf.library.confirmRemove': 'Remover {title} da sua biblioteca?',
};
