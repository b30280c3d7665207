/** The export feature's phrases in en (merged into ../en.ts; same keys in every locale). */
export const exportEn = {
  'export.title': 'Download as EPUB',
  'export.from': 'From chapter',
  'export.to': 'To chapter',
  'export.download': 'Download EPUB',
  'export.proOnly': 'EPUB export is part of Chapterhouse Pro.',
  'export.upgrade': 'Get Pro',
} as const;
