import { afterAll, beforeAll, expect, test } from 'bun:test';
import { executableMarkup, htmlFields, visibleText } from './support/markup.ts';
import { jsonOf, settle } from './support/requests.ts';
import { TEST_ORIGIN, startWorld, type Caller, type World } from './support/world.ts';

/**
 * Hostile text in every field a page or a JSON `html` shows: book titles, authors, descriptions,
 * taglines, genre names, chapter titles and text (written to the database as a scrape or an import
 * stores them: both keep the source's text and leave sanitising to rendering), comments, usernames,
 * emails and provider avatar URLs, notifications. Every page and JSON that shows them is parsed:
 * nothing that could run may survive, and the plain-text fields must still be readable (escaped,
 * not dropped). tests/http/comments-xss.test.ts covers the comment renderer's own corpus.
 */
const PAYLOADS: string[] = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=//evil.example/x.js></SCRIPT>',
  '<img src=x onerror=alert(1)>',
  '<svg onload=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '"><img src=x onerror=alert(1)>',
  "'><svg onload=alert(1)>",
  '" autofocus onfocus="alert(1)',
  '</textarea><script>alert(1)</script>',
  '</title><script>alert(1)</script>',
  '</script><script>alert(1)</script>',
  '</noscript><img src=x onerror=alert(1)>',
  '<!--<img src="--><img src=x onerror=alert(1)//">',
  '[click](javascript:alert(1))',
  '[click](JaVaScRiPt&#58;alert(1))',
  '![x](javascript:alert(1))',
  '![x](x" onerror="alert(1))',
  '[x][r]\n\n[r]: javascript:alert(1)',
  '<a href="jav&#x09;ascript:alert(1)">x</a>',
  '&lt;script&gt;alert(1)&lt;/script&gt;',
  '&#60;img src=x onerror=alert(1)&#62;',
  '\uFF1Cscript\uFF1Ealert(1)\uFF1C/script\uFF1E',
  '<scr\u0000ipt>alert(1)</scr\u0000ipt>',
  'java\u200Bscript:alert(1)',
  '\u202E<img src=x onerror=alert(1)>',
  '<iframe srcdoc="<script>alert(1)</script>">',
  '<div hx-get="https://evil.example/x" hx-trigger="load" hx-on::load="alert(1)">x</div>',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '{{constructor.constructor("alert(1)")()}}',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
];
/** PostgreSQL text cannot hold NUL: stored text drops it, as the scrapers and importers do. */
const stored = (payload: string) => payload.replaceAll('\u0000', '');

const BOOKS = PAYLOADS.map((_, i) => `xss-${i}`);
const HOSTILE_NAME = '<img src=x onerror=alert(1)>';
const ALL = PAYLOADS.map(stored).join('\n\n');

let world: World;
let renamed: Caller;
beforeAll(async () => {
  world = await startWorld();
  const { db } = world.app.platform;
  await db.insertInto('genres').values({ slug: 'xss-genre', name: stored(PAYLOADS[2]!) }).execute();
  for (const [i, slug] of BOOKS.entries()) {
    const payload = stored(PAYLOADS[i]!);
    await db.insertInto('books').values({ slug, title: `T${i} ${payload}`, author: `A${i} ${payload}`, description: `${payload}\n\n${ALL}`, tagline: payload, status: 'ongoing', source_url: 'https://novelfire.net/book/x' }).execute();
    await db.insertInto('book_genres').values({ book_slug: slug, genre_slug: 'xss-genre' }).execute();
    await db.insertInto('chapters').values([
      { book_slug: slug, number: 1, title: `C${i} ${payload}`, text: `${payload}\n\n${ALL}`, word_count: 300 },
      { book_slug: slug, number: 2, title: payload, text: payload, word_count: 10 },
    ]).execute();
  }
  await db.updateTable('books').set({ chapter_count: 2 }).where('slug', 'in', BOOKS).execute();

  const { user, other } = world.callers;
  await db.updateTable('app_users').set({ email: `"><img src=x onerror=alert(1)>@evil.example`, provider_avatar_url: 'javascript:alert(1)' }).where('id', '=', user.session!.user.id).execute();
  await db.updateTable('app_users').set({ provider_avatar_url: '" onerror="alert(1)' }).where('id', '=', other.session!.user.id).execute();
  for (const [i, payload] of PAYLOADS.slice(0, 12).entries()) {
    await db.insertInto('notifications').values({ user_id: user.session!.user.id, title: stored(payload), body: stored(PAYLOADS[(i + 5) % PAYLOADS.length]!), link: ['javascript:alert(1)', '//evil.example/x', 'data:text/html,<script>alert(1)</script>', `/book/${BOOKS[i]}`][i % 4]! }).execute();
  }

  // Comments by a reader whose name is then made hostile (no sign-in path allows one; rendering must not trust that).
  renamed = await world.throwaway('user');
  for (const payload of PAYLOADS.slice(0, 8)) {
    for (const chapter of [undefined, 1]) await call(renamed, 'POST', `/api/comments/${BOOKS[0]}`, { text: payload, ...(chapter ? { chapter } : {}) });
  }
  await db.updateTable('app_users').set({ username: HOSTILE_NAME }).where('id', '=', renamed.session!.user.id).execute();
  // Progress, library and a follow, so home, library and profile pages list the hostile books.
  for (const slug of BOOKS.slice(0, 10)) {
    await call(world.callers.user, 'POST', `/api/library/${slug}`, { shelf: 'reading' });
    await call(world.callers.user, 'POST', '/api/progress', { slug, chapter: 1 });
  }
  await call(world.callers.user, 'POST', `/api/users/${world.callers.other.session!.user.username}/subscribe`, {});
  await call(world.callers.other, 'POST', '/api/progress', { slug: BOOKS[1], chapter: 2 });
}, 60_000);
afterAll(() => world.app.close());

async function call(caller: Caller, method: string, path: string, body?: object, headers: Record<string, string> = {}): Promise<{ status: number; text: string; type: string }> {
  const init: RequestInit = { method, headers: { accept: body ? 'application/json' : 'text/html', origin: TEST_ORIGIN, cookie: caller.cookie, ...headers } };
  if (body) {
    (init.headers as Record<string, string>)['content-type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  const { status, text, response } = await settle(await world.app.handle(new Request(new URL(path, TEST_ORIGIN), init)));
  return { status, text, type: response.headers.get('content-type') ?? '' };
}

/** Fetches each path as `caller`, checks every HTML page and every JSON `html` field; the findings. */
async function sweep(caller: Caller, paths: string[], headers: Record<string, string> = {}): Promise<string[]> {
  const findings: string[] = [];
  for (const path of paths) {
    const { status, text, type } = await call(caller, 'GET', path, undefined, headers);
    if (status === 500) findings.push(`${path}: ${status}`);
    if (type.includes('text/html')) for (const found of executableMarkup(text)) findings.push(`${path}: ${found}`);
    else if (type.includes('json')) for (const [where, html] of htmlFields(jsonOf(text))) for (const found of executableMarkup(html)) findings.push(`${path} ${where}: ${found}`);
  }
  return findings;
}

const bookPages = (slug: string) => [`/book/${slug}`, `/book/${slug}/1`, `/book/${slug}/2`, `/book/${slug}/comments`, `/book/${slug}/comments?chapter=1`, `/api/book/${slug}`, `/api/chapter/${slug}/1`, `/api/chapter/${slug}/2`];
const LISTINGS = ['/', '/browse', '/browse?genre=xss-genre', '/browse?sort=new', '/search?q=script', '/search?q=alert', '/ranking', '/ranking?by=new', '/discover', '/discover/cards?limit=20', '/api/home', '/api/browse?genre=xss-genre', '/api/search?q=script', '/api/ranking?by=new', '/api/discover?limit=50', '/api/genres'];

test('book, chapter and listing pages and their JSON carry no executable markup, as every kind of caller', async () => {
  // Every book's reading pages are swept by the last test; here all pages of a third of them.
  const paths = [...LISTINGS, ...BOOKS.filter((_, i) => i % 3 === 0).flatMap(bookPages)];
  const findings = [...(await sweep(world.callers.anonymous, paths)), ...(await sweep(world.callers.user, LISTINGS.concat(bookPages(BOOKS[0]!))))];
  expect(findings).toEqual([]);
}, 30_000);

test('htmx fragments (listings, cards, comments) carry no executable markup', async () => {
  const findings = await sweep(world.callers.user, ['/browse?page=1', '/search?q=script', `/book/${BOOKS[0]}/comments`, '/discover/cards?limit=10', '/notifications/badge'], { 'hx-request': 'true' });
  expect(findings).toEqual([]);
});

test('comments, the hostile username and avatar URLs, in pages and JSON', async () => {
  const slug = BOOKS[0]!;
  const paths = [`/api/comments/${slug}`, `/api/comments/${slug}?chapter=1`, `/api/comments/${slug}?sort=new`, `/book/${slug}`, `/book/${slug}/1`, `/book/${slug}/comments?chapter=1`, `/users/${encodeURIComponent(HOSTILE_NAME)}`, `/api/users/${encodeURIComponent(HOSTILE_NAME)}`];
  for (const name of ['user', 'other']) paths.push(`/users/${world.callers[name as 'user' | 'other'].session!.user.username}`);
  const findings = [...(await sweep(world.callers.anonymous, paths)), ...(await sweep(world.callers.admin, paths))];
  expect(findings).toEqual([]);
  // The name is shown as text, not dropped: the comment list names its author.
  const { text } = await call(world.callers.anonymous, 'GET', `/book/${slug}/comments?chapter=1`);
  expect(visibleText(text)).toContain(HOSTILE_NAME);
  // A provider avatar URL that is not https never reaches an attribute or the JSON.
  const comments = jsonOf((await call(world.callers.anonymous, 'GET', `/api/comments/${slug}`)).text) as { avatarUrls: Record<string, string> };
  for (const url of Object.values(comments.avatarUrls)) expect(url).not.toMatch(/javascript:|onerror/i);
});

test('account, library, notifications and admin pages carry no executable markup', async () => {
  const user = world.callers.user;
  const mine = [`/api/notifications?user_id=${user.session!.user.id}`, '/notifications', '/library', '/api/library', '/account', '/settings', '/api/auth/me', '/', '/api/home', `/users/${user.session!.user.username}`, `/api/users/${user.session!.user.username}/library`];
  const admin = ['/admin', '/admin/books', `/admin/books/${BOOKS[0]}`, `/admin/books/${BOOKS[5]}`, `/admin/books/${BOOKS[0]}/glossary`, '/admin/covers', '/admin/ai-jobs', '/admin/scraping', '/admin/imports', '/admin/audio', `/api/admin/users?q=`];
  const findings = [...(await sweep(user, mine)), ...(await sweep(world.callers.admin, admin)), ...(await sweep(world.callers.other, ['/', '/api/home']))];
  expect(findings).toEqual([]);
  // Notification titles are readable text on the page.
  const { text } = await call(user, 'GET', '/notifications');
  expect(visibleText(text)).toContain(stored(PAYLOADS[0]!));
});

test('plain-text fields are escaped, not dropped: every hostile title is readable on its page, which carries nothing executable', async () => {
  const missing: string[] = [];
  for (const [i, slug] of BOOKS.entries()) {
    const { text } = await call(world.callers.anonymous, 'GET', `/book/${slug}`);
    const seen = visibleText(text);
    if (!seen.includes(`T${i} ${stored(PAYLOADS[i]!)}`)) missing.push(`${slug}: title`);
    const chapterPage = (await call(world.callers.anonymous, 'GET', `/book/${slug}/1`)).text;
    if (!visibleText(chapterPage).includes(`C${i} ${stored(PAYLOADS[i]!)}`)) missing.push(`${slug}: chapter title`);
    for (const found of [...executableMarkup(text), ...executableMarkup(chapterPage)]) missing.push(`${slug}: ${found}`);
  }
  expect(missing).toEqual([]);
});

test('a hostile username is refused at sign-in (the only way one is chosen)', async () => {
  for (const username of [HOSTILE_NAME, '"><svg onload=alert(1)>', 'a b', 'javascript:alert(1)']) {
    const res = await world.app.fetch('/api/auth/debug-login', { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json' }, body: JSON.stringify({ token: 'x'.repeat(8), username }) });
    expect([400, 403]).toContain(res.status);
  }
});
