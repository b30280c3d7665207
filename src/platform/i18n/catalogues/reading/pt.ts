import type { readingEn } from './en.ts';

/** The reading phrases in pt. */
export const readingPt: Record<keyof typeof readingEn, string> = {
  'reading.font.sample': "Aa",
  'reading.font.offer': "Vai ler por um bom tempo? Experimente a fonte de livro, feita para leituras longas.",
  'reading.font.use': "Usar a fonte de livro",
  'reading.font.dismiss': "Não, obrigado",
  'reading.nav.prevShort': "Anterior",
  'reading.nav.nextShort': "Próximo",
  'reading.comments.none': "Ainda não há comentários neste capítulo — seja o primeiro",
  'reading.comments.onChapter_one': "{count} comentário neste capítulo",
  'reading.comments.onChapter_other': "{count} comentários neste capítulo",
  'reading.comments.total_one': "{count} comentário",
  'reading.comments.total_other': "{count} comentários",
  'reading.comments.first': "Nenhum comentário ainda — escreva o primeiro",
  'reading.comments.seeAll': "Todos os comentários, capítulo por capítulo ({count})",
  'reading.comments.aboutBook': "Sobre o livro",
  'reading.comments.chapterTitled': "Capítulo {number}: {title}",
  'reading.comments.openThread_one': "Abrir a conversa · {count} comentário",
  'reading.comments.openThread_other': "Abrir a conversa · {count} comentários",
  'reading.comments.writeAboutBook': "Escrever um comentário sobre o livro",
  'reading.comments.allEmpty': "Ainda não há comentários neste livro. Comece um sobre o livro ou em qualquer capítulo.",
  'reading.comments.filter.label': "Comentários a mostrar",
  'reading.comments.filter.submit': "Mostrar",
  'reading.comments.filter.all': "Todos os comentários ({count})",
  'reading.comments.filter.book': "Sobre o livro ({count})",
  'reading.comments.filter.chapter': "{chapter} ({count})",
};
