import type { readingEn } from './en.ts';

/** The reading phrases in fr. */
export const readingFr: Record<keyof typeof readingEn, string> = {
  'reading.font.sample': "Aa",
  'reading.font.offer': "Vous lisez longtemps ? Essayez la police livre, faite pour les longues lectures.",
  'reading.font.use': "Utiliser la police livre",
  'reading.font.dismiss': "Non merci",
  'reading.nav.prevShort': "Précédent",
  'reading.nav.nextShort': "Suivant",
  'reading.comments.none': "Pas encore de commentaire sur ce chapitre — soyez le premier",
  'reading.comments.onChapter_one': "{count} commentaire sur ce chapitre",
  'reading.comments.onChapter_other': "{count} commentaires sur ce chapitre",
  'reading.comments.total_one': "{count} commentaire",
  'reading.comments.total_other': "{count} commentaires",
  'reading.comments.first': "Pas encore de commentaire — écrivez le premier",
  'reading.comments.seeAll': "Tous les commentaires, chapitre par chapitre ({count})",
  'reading.comments.aboutBook': "À propos du livre",
  'reading.comments.chapterTitled': "Chapitre {number} : {title}",
  'reading.comments.openThread_one': "Ouvrir la discussion · {count} commentaire",
  'reading.comments.openThread_other': "Ouvrir la discussion · {count} commentaires",
  'reading.comments.writeAboutBook': "Écrire un commentaire sur le livre",
  'reading.comments.allEmpty': "Pas encore de commentaire sur ce livre. Lancez-en un sur le livre ou sous n’importe quel chapitre.",
  'reading.comments.filter.label': "Commentaires à afficher",
  'reading.comments.filter.submit': "Afficher",
  'reading.comments.filter.all': "Tous les commentaires ({count})",
  'reading.comments.filter.book': "À propos du livre ({count})",
  'reading.comments.filter.chapter': "{chapter} ({count})",
};
