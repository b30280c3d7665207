import type { Catalogue } from './en.ts';

/** Español. */
export const es: Catalogue = {
  'site.name': 'Chapterhouse',
  'site.tagline': 'Novelas web para leer y escuchar',

  'nav.label': 'Principal',
  'nav.home': 'Inicio',
  'nav.browse': 'Explorar',
  'nav.search': 'Buscar',
  'nav.ranking': 'Clasificaciones',
  'nav.library': 'Biblioteca',
  'nav.discover': 'Descubrir',
  'nav.signin': 'Iniciar sesión',
  'a11y.skip': 'Saltar al contenido',

  'appearance.title': 'Apariencia',
  'appearance.theme': 'Tema',
  'appearance.font': 'Fuente',
  'appearance.fontSize': 'Tamaño del texto',
  'appearance.locale': 'Idioma',
  'action.save': 'Guardar',

  'theme.amber': 'Ámbar',
  'theme.slate': 'Pizarra',
  'theme.rose': 'Rosa',
  'theme.light': 'Claro',
  'theme.light-slate': 'Pizarra claro',
  'theme.light-rose': 'Rosa claro',

  'font.system': 'Del sistema',
  'font.serif': 'Con serifa',
  'font.mono': 'Monoespaciada',

  'home.hero': 'Historias que merecen una noche en vela, para leer o escuchar.',
  'home.new': 'Libros nuevos',
  'home.popular': 'Populares',
  'home.continue': 'Seguir leyendo',
  'books.empty': 'Todavía no hay libros',
  'books.emptyHint': 'Los libros aparecerán aquí en cuanto se añadan.',

  'book.by': 'de {author}',
  'book.chapters_one': '{count} capítulo',
  'book.chapters_other': '{count} capítulos',
  'book.status.ongoing': 'En curso',
  'book.status.completed': 'Completado',
  'book.audio': 'Audio',
  'book.rating_one': 'Valorado con {rating} de 5 por {count} lector',
  'book.rating_other': 'Valorado con {rating} de 5 por {count} lectores',

  'notFound.title': 'Página no encontrada',
  'notFound.heading': 'No pudimos encontrar esa página',
  'notFound.body': 'Puede que el enlace esté roto o que la página se haya movido.',
  'notFound.home': 'Ir a la página de inicio',

  'error.title': 'Error',
  'error.heading': 'Algo salió mal',
  'error.body': 'Inténtalo de nuevo en un momento. Si sigue ocurriendo, avisa al administrador.',
  'error.reference': 'Referencia de la solicitud',
  'error.home': 'Ir a la página de inicio',

  'footer.api': 'Documentación de la API',
  'footer.poweredBy': 'Autoalojado con Chapterhouse',

  'apiDocs.title': 'Referencia de la API',
  'apiDocs.intro': 'Los endpoints de este servidor, agrupados por tema.',
  'apiDocs.raw': 'Documento OpenAPI (JSON)',
  'apiDocs.untagged': 'Otros',
  'apiDocs.responses': 'Respuestas',
  'apiDocs.empty': 'Todavía no hay endpoints documentados.',
};
