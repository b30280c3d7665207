/**
 * Who may call what: one row per route of the app (`METHOD /path` exactly as Elysia lists it).
 * access-matrix.test.ts fails when a route has no row (classify every new route here) and when
 * a row names a route that no longer exists.
 *
 * Placeholders filled in by the test: :slug a demo book, :n chapter 1, :username another reader,
 * :userId / {user_id} the signed-in owner, {my_id} / {username} the caller, :voice the first voice, * a harmless file name.
 * A sample request is given where validation would otherwise answer 400 before the access check.
 */
export type Access =
  /** Anyone, with or without a session. */
  | 'public'
  /** Anyone; an anonymous reader's session_id is enough (progress, settings, ratings…). */
  | 'reader'
  /** Signed in; anonymous callers get 401 (API) or are sent to /login (pages and forms). */
  | 'user'
  /** Signed in and the user named in the request (`:userId` or `?user_id=`), or an admin; others 403/404. */
  | 'owner'
  /** pro or admin; everyone else, anonymous included, 403 "This needs Chapterhouse Pro". */
  | 'pro'
  /** admin only; everyone else, anonymous included, 403 "Administrators only". */
  | 'admin'
  /** Scraper backend: the web layer's service header, or an admin; everyone else 403. */
  | 'service'
  /** The payment provider's signed webhook; an unsigned call is 403 whoever makes it. */
  | 'webhook'
  /** A signed object-store URL; without a valid signature 403 whoever calls. */
  | 'signed'
  /** The debug login: only with DEBUG_LOGIN_TOKEN in the body (403 otherwise). */
  | 'debug-token'
  /** Sign-in by password: the same 401 to every caller with wrong credentials. */
  | 'credentials'
  /** Operators' scrapers with the METRICS_TOKEN bearer; every session, admin included, 401. */
  | 'metrics-token'
  /** E-reader apps (OPDS, KOReader sync) with an app password; every session, admin included, 401. */
  | 'app-password'
  /** Refused to every caller, signed in or not (KOReader's registration: 402, code 2005). */
  | 'closed'
  /** A one-time link (invite, set-password): the token is the key; a made-up one is 404 to every caller. */
  | 'one-time-link';

export interface Row {
  access: Access;
  query?: Record<string, string>;
  json?: unknown;
  form?: Record<string, string>;
  /** Values for path parameters other than the defaults above. */
  params?: Record<string, string>;
  /** The call ends the caller's session or account: make it with a throwaway sign-in. */
  endsSession?: true;
  /** The route exists only in some set-ups (named here); elsewhere its row may stand unused. */
  onlyWhen?: string;
}

const CH = { slug: 'morning-bread', chapter: 1 };

export const ACCESS_MATRIX: Record<string, Row> = {
  // Platform
  'GET /assets/*': { access: 'public' },
  'GET /healthz': { access: 'public' },
  'GET /readyz': { access: 'public' },
  'GET /covers/*': { access: 'public' },
  'GET /covers/_drawn/:file': { access: 'public', params: { file: 'morning-bread.svg' } },
  'GET /objects/*': { access: 'signed', onlyWhen: 'the filesystem object store' },
  'PUT /objects/*': { access: 'signed', onlyWhen: 'the filesystem object store' },
  'GET /metrics': { access: 'metrics-token', onlyWhen: 'METRICS_TOKEN is set' },
  'GET /robots.txt': { access: 'public' },
  'GET /sw.js': { access: 'public' },
  'GET /manifest.webmanifest': { access: 'public' },
  'GET /offline': { access: 'public' },
  'GET /api/offline/books/:slug': { access: 'public' },
  'GET /sitemap.xml': { access: 'public' },
  'GET /sitemaps/:file': { access: 'public', params: { file: 'books-1.xml' } },
  'GET /api/changelog': { access: 'public' },
  'GET /api/openapi.json': { access: 'public' },
  'GET /api/docs': { access: 'public' },

  // Accounts and sign-in
  'POST /api/auth/register': { access: 'public' },
  'ALL /api/auth/register': { access: 'public' },
  'POST /api/auth/join': { access: 'one-time-link', json: { token: 'made-up-token-0123456789abcdef', username: 'link-tester', password: 'a long enough passphrase' } },
  'POST /api/auth/set-password': { access: 'one-time-link', json: { token: 'made-up-token-0123456789abcdef', password: 'a long enough passphrase' } },
  'GET /join/:token': { access: 'one-time-link', params: { token: 'made-up-token-0123456789abcdef' } },
  'POST /join/:token': { access: 'one-time-link', params: { token: 'made-up-token-0123456789abcdef' }, form: { username: 'link-tester', password: 'a long enough passphrase', password_confirm: 'a long enough passphrase' } },
  'GET /set-password/:token': { access: 'one-time-link', params: { token: 'made-up-token-0123456789abcdef' } },
  'POST /set-password/:token': { access: 'one-time-link', params: { token: 'made-up-token-0123456789abcdef' }, form: { password: 'a long enough passphrase', password_confirm: 'a long enough passphrase' } },
  'GET /api/auth/me': { access: 'user' },
  'POST /api/auth/login': { access: 'credentials', json: { username: 'nobody-here', password: 'not-the-password' } },
  'POST /api/auth/setup': { access: 'public', json: { username: 'owner-taken', password: 'long-enough-password' } },
  // Signing out is harmless for anyone: an anonymous caller gets the same 204.
  'POST /api/auth/logout': { access: 'public', endsSession: true },
  'POST /api/auth/debug-login': { access: 'debug-token', json: { token: 'not-the-debug-token', username: 'someone' } },
  'GET /api/sessions': { access: 'user' },
  'DELETE /api/sessions/:id': { access: 'user', params: { id: 'AAAAAAAAAAAAAAAAAAAAAAAA' } },
  'GET /api/app-passwords': { access: 'user' },
  'POST /api/app-passwords': { access: 'user', json: { name: 'Access check' } },
  'DELETE /api/app-passwords/:id': { access: 'user', params: { id: 'AAAAAAAAAAAAAAAA' } },
  'GET /auth/:provider': { access: 'public', params: { provider: 'github' } },
  'GET /auth/:provider/callback': { access: 'public', params: { provider: 'github' } },
  'GET /api/presign/avatar-upload/:userId': { access: 'owner' },
  'GET /api/presign/avatar/:userId': { access: 'owner' },
  'POST /account/avatar': { access: 'user', json: {} },
  'PATCH /account/avatar': { access: 'user', json: { key: 'avatars/{my_id}/upload-0123456789abcdef' } },
  'DELETE /account/avatar': { access: 'user' },
  'GET /avatars/*': { access: 'public' },
  'GET /login': { access: 'public' },
  'GET /account': { access: 'user' },
  'POST /logout': { access: 'public', form: {}, endsSession: true },
  'POST /login/owner': { access: 'public', form: { username: 'owner-taken', password: 'long-enough-password' } },
  'POST /login': { access: 'credentials', form: { username: 'nobody-here', password: 'not-the-password' } },
  'POST /api/auth/change-password': { access: 'user', json: { new_password: 'a-new-long-password' } },
  'POST /api/auth/change-email': { access: 'user', json: { email: 'reader@example.com' } },
  'POST /account/password': { access: 'user', form: { new_password: 'a-new-long-password', confirm_password: 'a-new-long-password' } },
  'POST /account/email': { access: 'user', form: { email: 'reader@example.com' } },
  'POST /account/app-passwords': { access: 'user', form: { name: 'Access check' } },
  'POST /account/app-passwords/:id/revoke': { access: 'user', params: { id: 'AAAAAAAAAAAAAAAA' } },
  'POST /account/avatar/upload': { access: 'user', form: {} },
  'POST /account/avatar/remove': { access: 'user', form: {} },
  'GET /api/account/export': { access: 'user' },
  'DELETE /api/account': { access: 'user', json: { confirm: '{username}' }, endsSession: true },
  'GET /account/delete': { access: 'user' },
  'POST /account/delete': { access: 'user', form: { confirm: '{username}' }, endsSession: true },
  'GET /account/deleted': { access: 'public' },
  'GET /api/admin/users': { access: 'admin' },
  'PATCH /api/admin/users/:id': { access: 'admin', json: { role: 'user' } },
  'POST /api/admin/users': { access: 'admin', json: { username: 'matrix-made', password: 'matrix-made-password' } },
  'DELETE /api/admin/users/:id': { access: 'admin' },
  'POST /api/admin/users/:id/sign-out': { access: 'admin' },
  'POST /api/admin/users/:id/password-reset': { access: 'admin' },
  'GET /api/admin/invites': { access: 'admin' },
  'POST /api/admin/invites': { access: 'admin', json: { expires_in_hours: 1 } },
  'DELETE /api/admin/invites/:id': { access: 'admin', params: { id: '0123456789abcdef' } },
  'GET /api/admin/audit': { access: 'admin' },
  'GET /admin/users': { access: 'admin' },
  'POST /admin/users': { access: 'admin', form: { username: 'matrix-form', password: 'matrix-form-password' } },
  'POST /admin/users/invite': { access: 'admin', form: { role: 'user' } },
  'POST /admin/users/invites/:id/revoke': { access: 'admin', params: { id: '0123456789abcdef' }, form: {} },
  'POST /admin/users/:id/role': { access: 'admin', form: { role: 'user' } },
  'POST /admin/users/:id/sign-out': { access: 'admin', form: {} },
  'POST /admin/users/:id/password-reset': { access: 'admin', form: {} },
  'POST /admin/users/:id/disable': { access: 'admin', form: {} },
  'POST /admin/users/:id/enable': { access: 'admin', form: {} },
  'POST /admin/users/:id/delete': { access: 'admin', form: { confirm: 'nobody' } },

  // Catalogue and reading
  'GET /': { access: 'reader' },
  'GET /api/home': { access: 'reader' },
  'GET /api/browse': { access: 'public' },
  'GET /api/browse-page': { access: 'public' },
  'GET /api/books': { access: 'public' },
  'GET /api/genres': { access: 'public' },
  'GET /api/audio/slugs': { access: 'public' },
  'GET /api/search': { access: 'public', query: { q: 'bread' } },
  'GET /api/ranking': { access: 'public' },
  'GET /browse': { access: 'reader' },
  'GET /search': { access: 'reader' },
  'GET /ranking': { access: 'reader' },
  'GET /api/book/:slug': { access: 'public' },
  'GET /api/chapter/:slug/:n': { access: 'public' },
  'GET /book/:slug': { access: 'reader' },
  'GET /book/:slug/:n': { access: 'reader' },
  'POST /api/progress': { access: 'reader', json: CH },
  'GET /api/progress/:slug': { access: 'reader' },
  'DELETE /api/progress/:slug': { access: 'reader' },
  'GET /api/progress/audio-time': { access: 'reader', query: { slug: 'morning-bread', chapter: '1' } },
  'PATCH /api/progress/audio-time': { access: 'reader', json: { ...CH, audio_time: 12 } },

  // Settings
  'POST /prefs': { access: 'reader', form: { theme: 'slate' } },
  'GET /api/settings/privacy': { access: 'user' },
  'PUT /api/settings/privacy': { access: 'user', json: { library_private: false } },
  'POST /settings/privacy': { access: 'user', form: { library_private: '0' } },
  'GET /api/settings': { access: 'reader' },
  'PUT /api/settings': { access: 'reader', json: { theme: 'slate' } },
  'GET /settings': { access: 'reader' },
  'POST /settings': { access: 'reader', form: { theme: 'slate' } },

  // Library
  'GET /api/library': { access: 'user' },
  'POST /api/library/bulk-remove': { access: 'user', json: { slugs: ['morning-bread'] } },
  'POST /api/library/bulk-shelf': { access: 'user', json: { slugs: ['morning-bread'], shelf: 'reading' } },
  'POST /api/library/:slug': { access: 'user', json: {} },
  'PATCH /api/library/:slug': { access: 'user', json: { shelf: 'reading' } },
  'DELETE /api/library/:slug': { access: 'user' },
  'GET /library': { access: 'reader' },
  'POST /library/bulk': { access: 'user', form: { slugs: 'morning-bread', action: 'remove' } },
  'POST /library/:slug': { access: 'user', form: { shelf: 'reading' } },

  // Profiles and follows
  'GET /users/:username': { access: 'public' },
  'GET /api/users/:username': { access: 'public' },
  'GET /api/users/:username/library': { access: 'public' },
  'GET /api/users/:username/stats': { access: 'public' },
  'POST /api/users/:username/subscribe': { access: 'user' },
  'DELETE /api/users/:username/subscribe': { access: 'user' },
  'POST /users/:username/follow': { access: 'user', form: {} },
  'POST /users/:username/unfollow': { access: 'user', form: {} },

  // Comments
  'GET /api/comments/:slug': { access: 'reader' },
  'POST /api/comments/:slug': { access: 'user', json: { text: 'A fine chapter.', chapter: 1 } },
  'POST /api/comment/:id/vote': { access: 'user', params: { id: '999999' }, json: { direction: 'up' } },
  'DELETE /api/comment/:id': { access: 'user', params: { id: '999999' } },
  'GET /api/comments/:slug/counts': { access: 'public' },
  'GET /book/:slug/comments/count': { access: 'public', query: { chapter: '1' } },
  'GET /book/:slug/comments': { access: 'reader' },
  'POST /book/:slug/comments': { access: 'user', form: { text: 'A fine chapter.', chapter: '1' } },
  'POST /comment/:id/vote': { access: 'user', params: { id: '999999' }, form: { direction: 'up' } },
  'POST /comment/:id/delete': { access: 'user', params: { id: '999999' }, form: {} },

  // Ratings
  'GET /api/ratings/:slug': { access: 'reader' },
  'POST /api/ratings/:slug': { access: 'reader', json: { rating: 4 } },
  'DELETE /api/ratings/:slug': { access: 'reader' },
  'POST /ratings/:slug': { access: 'reader', form: { rating: '4' } },

  // Discovery
  'GET /api/discover': { access: 'reader' },
  'POST /api/discover/vote': { access: 'reader', json: { slug: 'morning-bread', action: 'pass' } },
  'DELETE /api/discover/vote': { access: 'reader', query: { slug: 'morning-bread' } },
  'GET /discover': { access: 'reader' },
  'GET /discover/cards': { access: 'reader' },
  'POST /discover/vote': { access: 'reader', form: { slug: 'morning-bread', action: 'pass' } },
  'POST /discover/undo': { access: 'reader', form: { slug: 'morning-bread' } },
  'POST /discover/reset': { access: 'reader', form: {} },

  // Notifications
  'GET /api/notifications': { access: 'owner', query: { user_id: '{user_id}' } },
  'PATCH /api/notifications': { access: 'owner', query: { user_id: '{user_id}' } },
  'DELETE /api/notifications': { access: 'owner', query: { user_id: '{user_id}' } },
  'POST /api/notifications': { access: 'admin', query: { user_id: '{user_id}' }, json: { title: 'Hello' } },
  'PATCH /api/notifications/:id': { access: 'owner', params: { id: '999999' }, query: { user_id: '{user_id}' }, json: { read: true } },
  'DELETE /api/notifications/:id': { access: 'owner', params: { id: '999999' }, query: { user_id: '{user_id}' } },
  'GET /notifications/badge': { access: 'reader' },
  'GET /notifications': { access: 'user' },
  'POST /notifications/read-all': { access: 'user', form: {} },
  'POST /notifications/clear': { access: 'user', form: {} },
  'POST /notifications/:id/open': { access: 'user', params: { id: '999999' }, form: {} },
  'POST /notifications/:id/dismiss': { access: 'user', params: { id: '999999' }, form: {} },

  // Audio
  'GET /api/voices': { access: 'public' },
  'POST /api/audio': { access: 'reader', json: { ...CH, voice: 'espeak-en-us' } },
  'GET /api/audio/status/:slug/:n': { access: 'reader' },
  'GET /api/presign/audio': { access: 'reader', query: { slug: 'morning-bread', chapter: '1' } },
  'GET /api/audio-stream/:slug/:n': { access: 'reader' },
  'POST /api/audio/voice-samples': { access: 'admin' },
  'GET /api/presign/voice-sample/:voice': { access: 'public' },
  'GET /api/admin/audio-cache': { access: 'admin' },
  'DELETE /api/admin/audio-cache/:slug/:n': { access: 'admin', query: { voice: 'espeak-en-us' } },
  'GET /admin/audio': { access: 'admin' },
  'GET /api/books/:slug/pronunciations': { access: 'public' },
  'PUT /api/books/:slug/pronunciations': { access: 'admin', json: { entries: [] } },
  'GET /api/pronunciations': { access: 'public' },
  'PUT /api/pronunciations': { access: 'admin', json: { entries: [] } },
  'POST /api/books/:slug/pronunciations/reports': { access: 'reader', json: { chapter: 1, word: 'Sundqvist', voice: 'espeak-en-us' } },
  'GET /api/admin/pronunciation-reports': { access: 'admin' },
  'DELETE /api/admin/pronunciation-reports/:slug/:word': { access: 'admin', params: { word: 'Sundqvist' } },
  'GET /admin/pronunciations': { access: 'admin' },
  'POST /admin/pronunciations': { access: 'admin', form: { entries: '' } },
  'POST /admin/pronunciations/dismiss': { access: 'admin', form: { slug: 'morning-bread', word: 'Sundqvist' } },
  'GET /admin/books/:slug/pronunciations': { access: 'admin' },
  'POST /admin/books/:slug/pronunciations': { access: 'admin', form: { entries: '' } },
  'POST /admin/books/:slug/pronunciations/add': { access: 'admin', form: {} },
  'POST /admin/books/:slug/pronunciations/dismiss': { access: 'admin', form: { word: 'Sundqvist' } },
  'POST /admin/books/:slug/pronunciations/suggest': { access: 'admin', form: {} },
  'POST /api/admin/text-gen/pronunciations': { access: 'admin', json: { slug: 'morning-bread' } },
  'POST /admin/audio/delete': { access: 'admin', form: { slug: 'morning-bread', chapter: '1', voice: 'espeak-en-us' } },
  'GET /api/audio/timings/:slug/:n': { access: 'reader' },

  // Scraping, imports, dedup (admin, and the scraper backend)
  'POST /scrape/book/range': { access: 'service', json: { url: 'http://127.0.0.1:9/book/x', from: 1 } },
  'POST /scrape/book': { access: 'service', json: { url: 'http://127.0.0.1:9/book/x' } },
  'POST /api/scrape': { access: 'admin', json: { url: 'http://127.0.0.1:9/book/x' } },
  'POST /api/scrape/range': { access: 'admin', json: { url: 'http://127.0.0.1:9/book/x', from: 1 } },
  'GET /api/admin/scrape-tasks': { access: 'admin' },
  'GET /api/admin/scrape-tasks/:id': { access: 'admin' },
  'POST /api/admin/scrape-tasks/:id/cancel': { access: 'admin' },
  'POST /api/admin/books/:slug/check-updates': { access: 'admin' },
  'POST /api/admin/import': { access: 'admin' },
  'GET /api/admin/import-tasks': { access: 'admin' },
  'GET /api/admin/import-tasks/:id': { access: 'admin' },
  'POST /api/admin/import-tasks/:id/publish': { access: 'admin' },
  'POST /api/admin/import-tasks/:id/rerun': { access: 'admin' },
  'POST /api/admin/import-tasks/:id/cancel': { access: 'admin' },
  'POST /api/admin/dedup/:slug': { access: 'admin', query: { dry_run: '1' } },

  // Admin pages
  'GET /admin': { access: 'admin' },
  'GET /admin/scraping': { access: 'admin' },
  'GET /admin/scraping/tasks': { access: 'admin' },
  'POST /admin/scraping/book': { access: 'admin', form: {} },
  'POST /admin/scraping/range': { access: 'admin', form: {} },
  'POST /admin/scraping/all': { access: 'admin', form: {} },
  'POST /admin/scraping/updates': { access: 'admin', form: {} },
  'POST /admin/scraping/tasks/:id/cancel': { access: 'admin', form: {} },
  'GET /admin/imports': { access: 'admin' },
  'GET /admin/imports/tasks': { access: 'admin' },
  'POST /admin/imports/upload': { access: 'admin', form: {} },
  'GET /admin/imports/:id': { access: 'admin' },
  'POST /admin/imports/:id/publish': { access: 'admin', form: {} },
  'POST /admin/imports/:id/rerun': { access: 'admin', form: {} },
  'PUT /api/admin/import-tasks/:id/edits': { access: 'admin', json: {} },
  'POST /admin/imports/:id/book': { access: 'admin', form: {} },
  'POST /admin/imports/:id/chapters': { access: 'admin', form: {} },
  'POST /admin/imports/:id/merge': { access: 'admin', form: {} },
  'POST /admin/imports/:id/split': { access: 'admin', form: {} },
  'GET /admin/imports/:id/split/:n': { access: 'admin' },
  'GET /admin/books': { access: 'admin' },
  'GET /admin/books/:slug': { access: 'admin' },
  'POST /admin/books/:slug/rescrape': { access: 'admin', form: {} },
  'POST /admin/books/:slug/check': { access: 'admin', form: {} },
  'GET /admin/books/:slug/dedup': { access: 'admin' },
  'POST /admin/books/:slug/dedup': { access: 'admin', form: { dry_run: '1' } },
  'POST /admin/books/:slug/metadata': { access: 'admin', form: {} },
  'GET /admin/ai-jobs': { access: 'admin' },
  'GET /admin/ai-jobs/list': { access: 'admin' },
  'POST /admin/ai-jobs/chapter-names': { access: 'admin', form: {} },
  'GET /admin/ai-jobs/:id': { access: 'admin' },
  'GET /admin/ai-jobs/:id/progress': { access: 'admin' },
  'POST /admin/ai-jobs/:id/apply': { access: 'admin', form: {} },
  'POST /admin/ai-jobs/:id/cancel': { access: 'admin', form: {} },
  'POST /admin/books/:slug/ai/:kind': { access: 'admin', params: { kind: 'tagline' }, form: {} },
  'POST /admin/books/:slug/ai/:kind/apply': { access: 'admin', params: { kind: 'tagline' }, form: {} },
  'GET /admin/covers': { access: 'admin' },

  // AI (admin)
  'POST /api/admin/text-gen/chapter-names': { access: 'admin', json: { slug: 'morning-bread' } },
  'POST /api/admin/text-gen/chapter-names/async': { access: 'admin', json: { slug: 'morning-bread' } },
  'POST /api/admin/text-gen/chapter-names/apply': { access: 'admin', json: { slug: 'morning-bread' } },
  'GET /api/admin/ai-jobs': { access: 'admin' },
  'GET /api/admin/ai-jobs/:id': { access: 'admin' },
  'POST /api/admin/ai-jobs/:id/cancel': { access: 'admin' },
  'GET /api/admin/text-gen/models': { access: 'admin' },
  'POST /api/admin/text-gen/tagline': { access: 'admin', json: { slug: 'morning-bread' } },
  'POST /api/admin/text-gen/genres': { access: 'admin', json: { slug: 'morning-bread' } },
  'POST /api/admin/text-gen/content-warnings': { access: 'admin', json: { slug: 'morning-bread' } },
  'POST /api/admin/text-gen/quality-score': { access: 'admin', json: { slug: 'morning-bread' } },
  'POST /api/admin/text-gen/genres/apply': { access: 'admin', json: { slug: 'morning-bread' } },
  'POST /api/admin/text-gen/tagline/apply': { access: 'admin', json: { slug: 'morning-bread' } },
  'POST /api/admin/text-gen/content-warnings/apply': { access: 'admin', json: { slug: 'morning-bread' } },
  'POST /api/admin/text-gen/quality-score/apply': { access: 'admin', json: { slug: 'morning-bread' } },
  'GET /api/admin/image-gen/models': { access: 'admin' },
  'POST /api/admin/image-gen': { access: 'admin', json: { prompt: 'a lighthouse' } },
  'POST /api/admin/image-gen/save-cover': { access: 'admin', json: { slug: 'morning-bread' } },
  'POST /api/admin/catalogue/batch-covers': { access: 'admin', json: {} },
  'POST /api/admin/catalogue/batch-covers/cancel': { access: 'admin' },
  'POST /api/admin/catalogue/refresh-metadata/:slug': { access: 'admin' },

  // Translation
  'POST /api/translate': { access: 'reader', json: { ...CH, locale: 'pt' } },
  'GET /api/translate/status/:slug/:n': { access: 'reader', query: { locale: 'pt' } },
  'POST /translate/:slug/:n': { access: 'reader', form: { locale: 'pt' } },
  'GET /translate/:slug/:n/status': { access: 'reader', query: { locale: 'pt' } },
  'GET /api/admin/books/:slug/glossary': { access: 'admin' },
  'PUT /api/admin/books/:slug/glossary': { access: 'admin', json: { entries: [] } },
  'GET /admin/books/:slug/glossary': { access: 'admin' },
  'POST /admin/books/:slug/glossary': { access: 'admin', form: {} },

  // Billing
  'POST /api/webhooks/polar': { access: 'webhook', json: { type: 'order.created', data: {} } },
  'POST /api/checkout': { access: 'user' },
  'GET /api/pro/status': { access: 'user' },
  'POST /api/billing/portal': { access: 'user' },
  'GET /pro': { access: 'reader' },
  'POST /pro/checkout': { access: 'user', form: {} },
  'POST /pro/portal': { access: 'user', form: {} },
  'GET /pro/success': { access: 'reader' },
  'GET /pro/status': { access: 'reader' },

  // The owner's rules (samples that keep the security world's paid-site defaults)
  'GET /api/policy': { access: 'public' },
  'GET /api/admin/settings': { access: 'admin' },
  'PUT /api/admin/settings': { access: 'admin', json: {} },
  'GET /admin/settings': { access: 'admin' },
  'POST /admin/settings': { access: 'admin', form: { limits_enabled: 'true', audio_chapters_per_day: '3', translations_per_day: '3' } },

  // Export
  'GET /api/export/:slug': { access: 'pro', query: { from: '1', to: '1' } },
  // Narrated EPUB and audiobook exports: made for readers with Pro; each request is its reader's (another's id is 404)
  'POST /api/exports': { access: 'pro', json: { slug: 'morning-bread', from: 1, to: 1, format: 'audiobook' } },
  'GET /api/exports/:job_id': { access: 'user', params: { job_id: '00000000-0000-4000-8000-000000000000' } },
  'GET /api/exports/:job_id/file': { access: 'user', params: { job_id: '00000000-0000-4000-8000-000000000000' } },
  'GET /exports': { access: 'user' },
  'GET /exports/new': { access: 'pro', query: { slug: 'morning-bread' } },
  'POST /exports': { access: 'pro', form: { slug: 'morning-bread', from: '1', to: '1', format: 'epub-narrated' } },
  'GET /exports/:id': { access: 'user', params: { id: '00000000-0000-4000-8000-000000000000' } },

  // OPDS catalogue for e-reader apps: HTTP Basic with an app password only, never a session
  'GET /opds': { access: 'app-password' },
  'GET /opds/opensearch.xml': { access: 'app-password' },
  'GET /opds/new': { access: 'app-password' },
  'GET /opds/updated': { access: 'app-password' },
  'GET /opds/popular': { access: 'app-password' },
  'GET /opds/genres': { access: 'app-password' },
  'GET /opds/genres/:genre': { access: 'app-password', params: { genre: 'fantasy' } },
  'GET /opds/shelves/:shelf': { access: 'app-password', params: { shelf: 'reading' } },
  'GET /opds/search': { access: 'app-password', query: { q: 'bread' } },

  // KOReader progress sync (kosync): x-auth-user and x-auth-key headers only, never a session
  'POST /kosync/users/create': { access: 'closed', json: { username: 'new-device-user', password: '0123456789abcdef0123456789abcdef' } },
  'GET /kosync/users/auth': { access: 'app-password' },
  'PUT /kosync/syncs/progress': { access: 'app-password', json: { document: '0123456789abcdef0123456789abcdef', progress: '/body/DocFragment[2]/body', percentage: 0.1, device: 'Kobo', device_id: 'ABC' } },
  'GET /kosync/syncs/progress/:document': { access: 'app-password', params: { document: '0123456789abcdef0123456789abcdef' } },
  'GET /kosync/healthcheck': { access: 'public' },
};
