/** The export feature's phrases in es (merged into ../es.ts; same keys in every locale). */
export const exportEs = {
  'export.title': 'Descargar en EPUB',
  'export.from': 'Desde el capítulo',
  'export.to': 'Hasta el capítulo',
  'export.download': 'Descargar EPUB',
  'export.proOnly': 'La exportación a EPUB es parte de Chapterhouse Pro.',
  'export.upgrade': 'Hazte Pro',
} as const;
