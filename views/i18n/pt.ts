import type { Catalogue } from './en.ts';

/** Português (Brasil). */
export const pt: Catalogue = {
  'site.name': 'Chapterhouse',
  'site.tagline': 'Web novels para ler e ouvir',

  'nav.label': 'Principal',
  'nav.home': 'Início',
  'nav.browse': 'Explorar',
  'nav.search': 'Buscar',
  'nav.ranking': 'Ranking',
  'nav.library': 'Biblioteca',
  'nav.discover': 'Descobrir',
  'nav.signin': 'Entrar',
  'a11y.skip': 'Pular para o conteúdo',

  'appearance.title': 'Aparência',
  'appearance.theme': 'Tema',
  'appearance.font': 'Fonte',
  'appearance.fontSize': 'Tamanho do texto',
  'appearance.locale': 'Idioma',
  'action.save': 'Salvar',

  'theme.amber': 'Âmbar',
  'theme.slate': 'Ardósia',
  'theme.rose': 'Rosa',
  'theme.light': 'Claro',
  'theme.light-slate': 'Ardósia clara',
  'theme.light-rose': 'Rosa claro',

  'font.system': 'Sistema',
  'font.serif': 'Serifada',
  'font.mono': 'Monoespaçada',

  'home.hero': 'Histórias que valem a noite em claro, para ler ou ouvir.',
  'home.new': 'Livros novos',
  'home.popular': 'Populares',
  'home.continue': 'Continuar lendo',
  'books.empty': 'Nenhum livro ainda',
  'books.emptyHint': 'Os livros aparecem aqui assim que forem adicionados.',

  'book.by': 'por {author}',
  'book.chapters_one': '{count} capítulo',
  'book.chapters_other': '{count} capítulos',
  'book.status.ongoing': 'Em andamento',
  'book.status.completed': 'Concluído',
  'book.audio': 'Áudio',
  'book.rating_one': 'Nota {rating} de 5, com {count} avaliação',
  'book.rating_other': 'Nota {rating} de 5, com {count} avaliações',

  'notFound.title': 'Página não encontrada',
  'notFound.heading': 'Não encontramos essa página',
  'notFound.body': 'O link pode estar quebrado ou a página pode ter mudado de endereço.',
  'notFound.home': 'Ir para a página inicial',

  'error.title': 'Erro',
  'error.heading': 'Algo deu errado',
  'error.body': 'Tente de novo daqui a pouco. Se continuar acontecendo, avise o administrador.',
  'error.reference': 'Referência da solicitação',
  'error.home': 'Ir para a página inicial',

  'footer.api': 'Documentação da API',
  'footer.poweredBy': 'Hospedagem própria com Chapterhouse',

  'apiDocs.title': 'Referência da API',
  'apiDocs.intro': 'Os endpoints deste servidor, agrupados por assunto.',
  'apiDocs.raw': 'Documento OpenAPI (JSON)',
  'apiDocs.untagged': 'Outros',
  'apiDocs.responses': 'Respostas',
  'apiDocs.empty': 'Nenhum endpoint documentado ainda.',
};
