/** The export feature's phrases in id (merged into ../id.ts; same keys in every locale). */
export const exportId = {
  'export.title': 'Unduh sebagai EPUB',
  'export.from': 'Dari bab',
  'export.to': 'Sampai bab',
  'export.download': 'Unduh EPUB',
  'export.proOnly': 'Ekspor EPUB adalah bagian dari Chapterhouse Pro.',
  'export.upgrade': 'Dapatkan Pro',
} as const;
