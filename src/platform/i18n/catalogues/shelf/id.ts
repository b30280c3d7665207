import type { shelfEn } from './en.ts';

/** The shelf phrases in id. */
export const shelfId: Record<keyof typeof shelfEn, string> = {
  'shelf.home.popularWeek': 'Populer minggu ini',
  'shelf.home.topRated': 'Nilai tertinggi',
  'shelf.home.updated': 'Baru diperbarui',
  'shelf.home.seeAll': 'Lihat semua',
  'shelf.home.seeAllNamed': 'Lihat semua: {row}',
  'shelf.ranking.readsMonthOnly_one': '{count} pembaca dalam 30 hari terakhir',
  'shelf.ranking.readsMonthOnly_other': '{count} pembaca dalam 30 hari terakhir',
  'shelf.ranking.ratings_one': '{count} penilaian',
  'shelf.ranking.ratings_other': '{count} penilaian',
  'shelf.library.chapterShort': 'Bab {chapter} / {total}',
  'shelf.library.chapterShortOpen': 'Bab {chapter}',
  'shelf.library.menuNamed': '{shelf}: pindahkan atau hapus {title}',
  'shelf.library.moveTo': 'Pindahkan ke {shelf}',
  'shelf.library.confirmRemove': 'Hapus {title} dari perpustakaan Anda?',
};
