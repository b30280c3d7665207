import type { Catalogue } from './en.ts';

/** Français. */
export const fr: Catalogue = {
  'site.name': 'Chapterhouse',
  'site.tagline': 'Des romans web à lire et à écouter',

  'nav.label': 'Principale',
  'nav.home': 'Accueil',
  'nav.browse': 'Parcourir',
  'nav.search': 'Rechercher',
  'nav.ranking': 'Classements',
  'nav.library': 'Bibliothèque',
  'nav.discover': 'Découvrir',
  'nav.signin': 'Se connecter',
  'a11y.skip': 'Aller au contenu',

  'appearance.title': 'Apparence',
  'appearance.theme': 'Thème',
  'appearance.font': 'Police',
  'appearance.fontSize': 'Taille du texte',
  'appearance.locale': 'Langue',
  'action.save': 'Enregistrer',

  'theme.amber': 'Ambre',
  'theme.slate': 'Ardoise',
  'theme.rose': 'Rose',
  'theme.light': 'Clair',
  'theme.light-slate': 'Ardoise clair',
  'theme.light-rose': 'Rose clair',

  'font.system': 'Système',
  'font.serif': 'À empattements',
  'font.mono': 'À chasse fixe',

  'home.hero': 'Des histoires qui valent une nuit blanche, à lire ou à écouter.',
  'home.new': 'Nouveautés',
  'home.popular': 'Populaires',
  'home.continue': 'Reprendre la lecture',
  'books.empty': 'Aucun livre pour le moment',
  'books.emptyHint': 'Les livres apparaîtront ici dès qu’ils seront ajoutés.',

  'book.by': 'par {author}',
  'book.chapters_one': '{count} chapitre',
  'book.chapters_other': '{count} chapitres',
  'book.status.ongoing': 'En cours',
  'book.status.completed': 'Terminé',
  'book.audio': 'Audio',
  'book.rating_one': 'Noté {rating} sur 5 par {count} lecteur',
  'book.rating_other': 'Noté {rating} sur 5 par {count} lecteurs',

  'notFound.title': 'Page introuvable',
  'notFound.heading': 'Nous n’avons pas trouvé cette page',
  'notFound.body': 'Le lien est peut-être cassé, ou la page a été déplacée.',
  'notFound.home': 'Retour à l’accueil',

  'error.title': 'Erreur',
  'error.heading': 'Une erreur est survenue',
  'error.body': 'Réessayez dans un instant. Si le problème persiste, prévenez l’administrateur.',
  'error.reference': 'Référence de la requête',
  'error.home': 'Retour à l’accueil',

  'footer.api': 'Documentation de l’API',
  'footer.poweredBy': 'Auto-hébergé avec Chapterhouse',

  'apiDocs.title': 'Référence de l’API',
  'apiDocs.intro': 'Les points d’accès de ce serveur, regroupés par thème.',
  'apiDocs.raw': 'Document OpenAPI (JSON)',
  'apiDocs.untagged': 'Autres',
  'apiDocs.responses': 'Réponses',
  'apiDocs.empty': 'Aucun point d’accès documenté pour le moment.',
};
