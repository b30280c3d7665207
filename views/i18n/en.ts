/**
 * The reference catalogue: every other locale has exactly these keys and the same `{placeholders}`
 * (tests/unit/i18n.test.ts). Counted phrases come in `_one` / `_other` pairs, chosen by
 * Intl.PluralRules when `count` is passed (src/platform/i18n).
 */
export const en = {
  'site.name': 'Chapterhouse',
  'site.tagline': 'Web novels to read and to listen to',

  'nav.label': 'Main',
  'nav.home': 'Home',
  'nav.browse': 'Browse',
  'nav.search': 'Search',
  'nav.ranking': 'Rankings',
  'nav.library': 'Library',
  'nav.discover': 'Discover',
  'nav.signin': 'Sign in',
  'a11y.skip': 'Skip to content',

  'appearance.title': 'Appearance',
  'appearance.theme': 'Theme',
  'appearance.font': 'Font',
  'appearance.fontSize': 'Text size',
  'appearance.locale': 'Language',
  'action.save': 'Save',

  'theme.amber': 'Amber',
  'theme.slate': 'Slate',
  'theme.rose': 'Rose',
  'theme.light': 'Light',
  'theme.light-slate': 'Light slate',
  'theme.light-rose': 'Light rose',

  'font.system': 'System',
  'font.serif': 'Serif',
  'font.mono': 'Monospace',

  'home.hero': 'Stories worth staying up for, to read or to listen to.',
  'home.new': 'New books',
  'home.popular': 'Popular',
  'home.continue': 'Continue reading',
  'books.empty': 'No books yet',
  'books.emptyHint': 'Books appear here as soon as they are added.',

  'book.by': 'by {author}',
  'book.chapters_one': '{count} chapter',
  'book.chapters_other': '{count} chapters',
  'book.status.ongoing': 'Ongoing',
  'book.status.completed': 'Completed',
  'book.audio': 'Audio',
  'book.rating_one': 'Rated {rating} out of 5 by {count} reader',
  'book.rating_other': 'Rated {rating} out of 5 by {count} readers',

  'notFound.title': 'Page not found',
  'notFound.heading': "We couldn't find that page",
  'notFound.body': 'The link may be broken, or the page may have moved.',
  'notFound.home': 'Go to the home page',

  'error.title': 'Error',
  'error.heading': 'Something went wrong',
  'error.body': 'Please try again in a moment. If it keeps happening, tell the administrator.',
  'error.reference': 'Request reference',
  'error.home': 'Go to the home page',

  'footer.api': 'API docs',
  'footer.poweredBy': 'Self-hosted with Chapterhouse',

  'apiDocs.title': 'API reference',
  'apiDocs.intro': 'The endpoints of this server, grouped by topic.',
  'apiDocs.raw': 'OpenAPI document (JSON)',
  'apiDocs.untagged': 'Other',
  'apiDocs.responses': 'Responses',
  'apiDocs.empty': 'No endpoints are documented yet.',
} as const;

export type MessageKey = keyof typeof en;
export type Catalogue = Record<MessageKey, string>;
