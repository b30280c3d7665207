/** The export feature's phrases in fr (merged into ../fr.ts; same keys in every locale). */
export const exportFr = {
  'export.title': 'Télécharger en EPUB',
  'export.from': 'Du chapitre',
  'export.to': 'Au chapitre',
  'export.download': 'Télécharger l’EPUB',
  'export.proOnly': 'L’export EPUB fait partie de Chapterhouse Pro.',
  'export.upgrade': 'Passer à Pro',
} as const;
