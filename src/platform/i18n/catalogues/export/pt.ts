/** The export feature's phrases in pt (merged into ../pt.ts; same keys in every locale). */
export const exportPt = {
  'export.title': 'Baixar em EPUB',
  'export.from': 'Do capítulo',
  'export.to': 'Até o capítulo',
  'export.download': 'Baixar EPUB',
  'export.proOnly': 'A exportação em EPUB faz parte do Chapterhouse Pro.',
  'export.upgrade': 'Assinar o Pro',
} as const;
