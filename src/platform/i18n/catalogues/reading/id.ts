import type { readingEn } from './en.ts';

/** The reading phrases in id. */
export const readingId: Record<keyof typeof readingEn, string> = {
  'reading.font.sample': "Aa",
  'reading.font.offer': "Mau membaca lama? Coba huruf buku, dibuat untuk bacaan panjang.",
  'reading.font.use': "Pakai huruf buku",
  'reading.font.dismiss': "Tidak, terima kasih",
  'reading.nav.prevShort': "Sebelumnya",
  'reading.nav.nextShort': "Berikutnya",
  'reading.comments.none': "Belum ada komentar di bab ini — jadilah yang pertama",
  'reading.comments.onChapter_one': "{count} komentar di bab ini",
  'reading.comments.onChapter_other': "{count} komentar di bab ini",
  'reading.comments.total_one': "{count} komentar",
  'reading.comments.total_other': "{count} komentar",
  'reading.comments.first': "Belum ada komentar — tulis yang pertama",
  'reading.comments.seeAll': "Semua komentar, bab demi bab ({count})",
  'reading.comments.aboutBook': "Tentang buku ini",
  'reading.comments.chapterTitled': "Bab {number}: {title}",
  'reading.comments.openThread_one': "Buka percakapan · {count} komentar",
  'reading.comments.openThread_other': "Buka percakapan · {count} komentar",
  'reading.comments.writeAboutBook': "Tulis komentar tentang buku ini",
  'reading.comments.allEmpty': "Belum ada komentar di buku ini. Mulailah satu tentang buku ini atau di bab mana pun.",
  'reading.comments.filter.label': "Komentar yang ditampilkan",
  'reading.comments.filter.submit': "Tampilkan",
  'reading.comments.filter.all': "Semua komentar ({count})",
  'reading.comments.filter.book': "Tentang buku ini ({count})",
  'reading.comments.filter.chapter': "{chapter} ({count})",
};
