import type { readingEn } from './en.ts';

/** The reading phrases in es. */
export const readingEs: Record<keyof typeof readingEn, string> = {
  'reading.font.sample': "Aa",
  'reading.font.offer': "¿Vas a leer un buen rato? Prueba la fuente de libro, pensada para lecturas largas.",
  'reading.font.use': "Usar la fuente de libro",
  'reading.font.dismiss': "No, gracias",
  'reading.nav.prevShort': "Anterior",
  'reading.nav.nextShort': "Siguiente",
  'reading.comments.none': "Aún no hay comentarios en este capítulo: sé el primero",
  'reading.comments.onChapter_one': "{count} comentario en este capítulo",
  'reading.comments.onChapter_other': "{count} comentarios en este capítulo",
  'reading.comments.total_one': "{count} comentario",
  'reading.comments.total_other': "{count} comentarios",
  'reading.comments.first': "Aún no hay comentarios: escribe el primero",
  'reading.comments.seeAll': "Todos los comentarios, capítulo a capítulo ({count})",
  'reading.comments.aboutBook': "Sobre el libro",
  'reading.comments.chapterTitled': "Capítulo {number}: {title}",
  'reading.comments.openThread_one': "Abrir la conversación · {count} comentario",
  'reading.comments.openThread_other': "Abrir la conversación · {count} comentarios",
  'reading.comments.writeAboutBook': "Escribir un comentario sobre el libro",
  'reading.comments.allEmpty': "Aún no hay comentarios en este libro. Empieza uno sobre el libro o en cualquier capítulo.",
  'reading.comments.filter.label': "Comentarios que mostrar",
  'reading.comments.filter.submit': "Mostrar",
  'reading.comments.filter.all': "Todos los comentarios ({count})",
  'reading.comments.filter.book': "Sobre el libro ({count})",
  'reading.comments.filter.chapter': "{chapter} ({count})",
};
