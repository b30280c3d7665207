import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { sql } from 'kysely';
import JSZip from 'jszip';
import { XMLValidator } from 'fast-xml-parser';
import { startTestApp, type TestApp } from '../support/app.ts';
import { PAYMENTS_CONFIGURED_ENV } from '../support/payments.ts';
import { DEBUG_TOKEN, loginAs, type Session } from '../support/auth.ts';
import { createAppPassword } from '../../src/features/accounts/app-passwords/service.ts';

let app: TestApp;
let pro: Session;
let admin: Session;
let free: Session;

const MARKED = 'marks-and-breaks';
const SPECIAL = [
  'It was *very* dark, and **loud**. Tom & Jerry said "hello" <b>bold</b> & \'bye\'.',
  '',
  '* * *',
  '',
  'After the break: 1 < 2 > 0, a&nbsp;space, &copy; and &mdash; and a stray \u0007bell.',
  '',
  '3. third',
  '4. fourth',
  '',
  '<script>alert(1)</script><img src=x onerror=alert(1)>',
].join('\n');

beforeAll(async () => {
  // decisions.md's rule (Pro and admin only) is the default of a site that takes payments; tests/http/policy-gate.test.ts covers the others.
  app = await startTestApp({ env: { DEBUG_LOGIN_TOKEN: DEBUG_TOKEN, ...PAYMENTS_CONFIGURED_ENV } });
  const db = app.platform.db;
  await db.insertInto('books').values({ slug: MARKED, title: 'Marks & Breaks: «Ünïcode»', author: 'Ada "Quotes" <Lovelace>', chapter_count: 3 }).execute();
  await db.insertInto('chapters').values([
    { book_slug: MARKED, number: 1, title: 'One & <Only>', text: SPECIAL },
    { book_slug: MARKED, number: 2, title: '', text: 'Plain second chapter.' },
    { book_slug: MARKED, number: 3, title: 'Three', text: 'Third chapter text.' },
  ]).execute();
  [pro, admin, free] = await Promise.all([loginAs(app, 'export-pro', { role: 'pro' }), loginAs(app, 'export-admin', { role: 'admin' }), loginAs(app, 'export-free')]);
});
afterAll(() => app.close());

const get = (path: string, session?: Session) => app.fetch(path, { headers: { accept: 'application/json', ...(session ? { cookie: session.cookie } : {}) } });
const bytesOf = async (res: Response) => new Uint8Array(await res.arrayBuffer());

async function unzip(bytes: Uint8Array) {
  const zip = await JSZip.loadAsync(bytes);
  const read = (name: string) => zip.file(name)!.async('string');
  const opf = await read('OEBPS/content.opf');
  const spine = [...opf.matchAll(/<itemref idref="([^"]+)"/g)].map((m) => m[1]);
  return { zip, read, opf, spine };
}

describe('GET /api/export/{slug}: who may export', () => {
  test('403 for anonymous callers too (decisions.md: everyone but pro and admin)', async () => {
    const res = await get('/api/export/ink-and-alibis');
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ error: 'forbidden', message: 'This needs Chapterhouse Pro' });
  });

  test('403 with the Pro message for a signed-in reader without Pro, even with a bad range', async () => {
    for (const path of ['/api/export/ink-and-alibis', '/api/export/ink-and-alibis?from=abc']) {
      const res = await get(path, free);
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ error: 'forbidden', message: 'This needs Chapterhouse Pro' });
    }
  });

  test('404 Book not found for an unknown book', async () => {
    const res = await get('/api/export/no-such-book', pro);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: 'not_found', message: 'Book not found' });
  });

  test('admins may export too', async () => {
    const res = await get('/api/export/ink-and-alibis?from=1&to=1', admin);
    expect(res.status).toBe(200);
    expect((await unzip(await bytesOf(res))).spine).toEqual(['cover', 'title', 'c1']);
  });
});

describe('GET /api/export/{slug}: the range', () => {
  test('400 with a clear message for a bad range', async () => {
    const cases: [string, string][] = [
      ['from=0', 'from must be a chapter number (a whole number of at least 1)'],
      ['from=abc', 'from must be a chapter number (a whole number of at least 1)'],
      ['to=1.5', 'to must be a chapter number (a whole number of at least 1)'],
      ['from=-2', 'from must be a chapter number (a whole number of at least 1)'],
      ['from=5&to=2', 'to (2) must not be before from (5)'],
      ['from=7', 'from (7) is past the last chapter (6)'],
    ];
    for (const [query, message] of cases) {
      const res = await get(`/api/export/ink-and-alibis?${query}`, pro);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error: 'invalid_request', message });
    }
  });

  test('the whole book by default: an EPUB download named after the book and its chapters', async () => {
    const res = await get('/api/export/ink-and-alibis', pro);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/epub+zip');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="Ink and Alibis - chapters 1-6.epub"; filename*=UTF-8''Ink%20and%20Alibis%20-%20chapters%201-6.epub`);
    const bytes = await bytesOf(res);
    // The first entry is `mimetype`, stored (method 0), holding exactly application/epub+zip.
    const view = new DataView(bytes.buffer, bytes.byteOffset);
    expect(view.getUint32(0, true)).toBe(0x04034b50);
    expect(view.getUint16(8, true)).toBe(0);
    expect(view.getUint16(26, true)).toBe(8);
    expect(view.getUint16(28, true)).toBe(0);
    expect(new TextDecoder().decode(bytes.subarray(30, 38))).toBe('mimetype');
    expect(view.getUint32(18, true)).toBe(20);
    expect(new TextDecoder().decode(bytes.subarray(38, 58))).toBe('application/epub+zip');
    const { opf, spine, read } = await unzip(bytes);
    expect(spine).toEqual(['cover', 'title', 'c1', 'c2', 'c3', 'c4', 'c5', 'c6']);
    expect(opf).toContain('<dc:title>Ink and Alibis</dc:title>');
    expect(opf).toContain('<dc:creator opf:role="aut">Margery Fell</dc:creator>');
    expect(opf).toContain('<dc:language>en</dc:language>');
    expect(opf).toMatch(/<dc:identifier id="bookid" opf:scheme="UUID">urn:uuid:[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}<\/dc:identifier>/);
    expect(opf).toMatch(/<dc:date>\d{4}-\d{2}-\d{2}<\/dc:date>/);
    expect(opf).toContain('<meta name="cover" content="cover-image"/>');
    // The demo cover is an SVG: it goes into the book drawn as a PNG (no SVG, so no script, in an EPUB).
    expect(opf).toContain('<item id="cover-image" href="images/cover.png" media-type="image/png"/>');
    const ncx = await read('OEBPS/toc.ncx');
    expect([...ncx.matchAll(/<content src="chapters\/c(\d+)\.xhtml"\/>/g)].map((m) => Number(m[1]))).toEqual([1, 2, 3, 4, 5, 6]);
    const chapter = await read('OEBPS/chapters/c1.xhtml');
    expect(chapter).toContain('<h1>The Broken G</h1>');
    expect(XMLValidator.validate(chapter)).toBe(true);
  });

  test('a range holds exactly its chapters, in order; `to` past the end is the last chapter', async () => {
    const middle = await get('/api/export/ink-and-alibis?from=2&to=4', pro);
    expect(middle.headers.get('content-disposition')).toContain('filename="Ink and Alibis - chapters 2-4.epub"');
    const { spine, zip } = await unzip(await bytesOf(middle));
    expect(spine).toEqual(['cover', 'title', 'c2', 'c3', 'c4']);
    expect(Object.keys(zip.files).filter((n) => n.startsWith('OEBPS/chapters/'))).toEqual(['OEBPS/chapters/c2.xhtml', 'OEBPS/chapters/c3.xhtml', 'OEBPS/chapters/c4.xhtml']);
    const tail = await get('/api/export/ink-and-alibis?from=5&to=999', pro);
    expect(tail.status).toBe(200);
    expect(tail.headers.get('content-disposition')).toContain('filename="Ink and Alibis - chapters 5-6.epub"');
    expect((await unzip(await bytesOf(tail))).spine).toEqual(['cover', 'title', 'c5', 'c6']);
    const one = await get('/api/export/ink-and-alibis?from=3&to=3', pro);
    expect(one.headers.get('content-disposition')).toContain('filename="Ink and Alibis - chapter 3.epub"');
    await one.arrayBuffer();
  });

  test('the identifier is stable per book and range', async () => {
    const id = async (query: string) => (await unzip(await bytesOf(await get(`/api/export/ink-and-alibis?${query}`, pro)))).opf.match(/urn:uuid:[0-9a-f-]+/)![0];
    expect(await id('from=2&to=4')).toBe(await id('from=2&to=4'));
    expect(await id('from=2&to=4')).not.toBe(await id('from=2&to=5'));
  });
});

describe('GET /api/export/{slug}: content', () => {
  test('markdown emphasis, a scene break and &, <, quotes become well-formed XHTML; hostile markup does not survive', async () => {
    const res = await get(`/api/export/${MARKED}`, pro);
    expect(res.status).toBe(200);
    // Non-ASCII title: an ASCII fallback and the exact name in RFC 5987 form; ":" is not allowed in file names.
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="Marks & Breaks _Unicode_ - chapters 1-3.epub"; filename*=UTF-8''Marks%20%26%20Breaks%20%C2%AB%C3%9Cn%C3%AFcode%C2%BB%20-%20chapters%201-3.epub`);
    const { read, opf, spine, zip } = await unzip(await bytesOf(res));
    // The book has no cover: it gets the drawn one (the next test).
    expect(spine).toEqual(['cover', 'title', 'c1', 'c2', 'c3']);
    for (const name of Object.keys(zip.files).filter((n) => /\.(xhtml|opf|ncx|xml)$/.test(n))) expect([name, XMLValidator.validate(await read(name))]).toEqual([name, true]);
    expect(opf).toContain('<dc:title>Marks &#38; Breaks: «Ünïcode»</dc:title>');
    expect(opf).toContain('<dc:creator opf:role="aut">Ada &#34;Quotes&#34; &#60;Lovelace&#62;</dc:creator>');
    const one = await read('OEBPS/chapters/c1.xhtml');
    expect(one).toContain('<h1>One &#38; &#60;Only&#62;</h1>');
    expect(one).toContain('<em>very</em>');
    expect(one).toContain('<strong>loud</strong>');
    // The reader's typography comes along: curly quotes, well-formed as XHTML text.
    expect(one).toContain('Tom &amp; Jerry said “hello” bold &amp; ‘bye’.');
    expect(one).toContain('<hr/>');
    expect(one).toContain('1 &lt; 2 &gt; 0');
    expect(one).toContain('<ol>');
    expect(one).not.toContain('start=');
    expect(one).not.toContain('\u0007');
    expect(one).not.toMatch(/<script|<img|onerror|alert/);
    // An untitled chapter is headed by its number.
    expect(await read('OEBPS/chapters/c2.xhtml')).toContain('<h1>Chapter 2</h1>');
  });
});

test('a book without a cover gets the drawn one: a 600×900 PNG of its title and author, the book\'s cover page', async () => {
  const { default: sharp } = await import('sharp');
  const { zip, opf, spine, read } = await unzip(await bytesOf(await get(`/api/export/${MARKED}?from=1&to=1`, pro)));
  expect(spine).toEqual(['cover', 'title', 'c1']);
  expect(opf).toContain('<meta name="cover" content="cover-image"/>');
  expect(opf).toContain('<item id="cover-image" href="images/cover.png" media-type="image/png"/>');
  expect(await read('OEBPS/cover.xhtml')).toContain('<img src="images/cover.png" alt="Marks &#38; Breaks: «Ünïcode»"/>');
  const png = await zip.file('OEBPS/images/cover.png')!.async('uint8array');
  const meta = await sharp(png).metadata();
  expect([meta.format, meta.width, meta.height]).toEqual(['png', 600, 900]);
  // The same drawing the site shows (GET /covers/_drawn/…), at the e-reader's size.
  const site = new Uint8Array(await (await app.fetch(`/covers/_drawn/${MARKED}.png`)).arrayBuffer());
  const [fromBook, fromSite] = await Promise.all([png, site].map((bytes) => sharp(bytes).resize(40, 60).raw().toBuffer()));
  const difference = fromBook!.reduce((sum, value, i) => sum + Math.abs(value - fromSite![i]!), 0) / fromBook!.length;
  expect(difference).toBeLessThan(8);
});

test('a stored cover that cannot be read gives way to the drawn one', async () => {
  await app.platform.objects.put(`covers/${MARKED}/broken.png`, new TextEncoder().encode('not a picture'), { contentType: 'image/png' });
  await app.platform.db.updateTable('books').set({ cover_key: `covers/${MARKED}/broken.png` }).where('slug', '=', MARKED).execute();
  const { zip, spine } = await unzip(await bytesOf(await get(`/api/export/${MARKED}?from=1&to=1`, pro)));
  expect(spine).toEqual(['cover', 'title', 'c1']);
  const { default: sharp } = await import('sharp');
  const meta = await sharp(await zip.file('OEBPS/images/cover.png')!.async('uint8array')).metadata();
  expect([meta.format, meta.width, meta.height]).toEqual(['png', 600, 900]);
  await app.platform.db.updateTable('books').set({ cover_key: null }).where('slug', '=', MARKED).execute();
});

test('a WebP cover (not an EPUB 2 image type) is included as JPEG', async () => {
  const { default: sharp } = await import('sharp');
  const webp = await sharp({ create: { width: 60, height: 90, channels: 3, background: '#336699' } }).webp().toBuffer();
  await app.platform.objects.put(`covers/${MARKED}/cover1.webp`, new Uint8Array(webp), { contentType: 'image/webp' });
  await app.platform.db.updateTable('books').set({ cover_key: `covers/${MARKED}/cover1.webp` }).where('slug', '=', MARKED).execute();
  const { zip, opf, spine } = await unzip(await bytesOf(await get(`/api/export/${MARKED}?from=1&to=1`, pro)));
  expect(spine).toEqual(['cover', 'title', 'c1']);
  expect(opf).toContain('<item id="cover-image" href="images/cover.jpg" media-type="image/jpeg"/>');
  const jpeg = await zip.file('OEBPS/images/cover.jpg')!.async('uint8array');
  expect([...jpeg.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
  await app.platform.db.updateTable('books').set({ cover_key: null }).where('slug', '=', MARKED).execute();
});

describe('GET /api/export/{slug}: stored copies', () => {
  test('the second request for the same range is served from the object store, byte for byte', async () => {
    const first = await get(`/api/export/${MARKED}?from=2&to=3`, pro);
    expect(first.headers.get('content-length')).toBeNull();
    const built = await bytesOf(first);
    const stored = await app.platform.objects.list(`exports/${MARKED}/2-3-`);
    expect(stored.map((o) => o.key)).toEqual([expect.stringMatching(new RegExp(`^exports/${MARKED}/2-3-[0-9a-f]{24}\\.epub$`))]);
    // A listing carries no content type on S3 (objects/s3.ts): ask the object itself.
    expect((await app.platform.objects.head(stored[0]!.key))?.contentType).toBe('application/epub+zip');
    expect(stored[0]!.size).toBe(built.length);
    const again = await get(`/api/export/${MARKED}?from=2&to=3`, pro);
    expect(again.status).toBe(200);
    expect(again.headers.get('content-length')).toBe(String(built.length));
    expect(again.headers.get('content-type')).toBe('application/epub+zip');
    expect(await bytesOf(again)).toEqual(built);
  });

  test('an edited chapter makes a new copy, and the old one is removed', async () => {
    await get(`/api/export/${MARKED}?from=3&to=3`, pro).then(bytesOf);
    const [before] = await app.platform.objects.list(`exports/${MARKED}/3-3-`);
    await app.platform.db.updateTable('chapters').set({ text: 'Third chapter, revised.' }).where('book_slug', '=', MARKED).where('number', '=', 3).execute();
    const { read } = await unzip(await bytesOf(await get(`/api/export/${MARKED}?from=3&to=3`, pro)));
    expect(await read('OEBPS/chapters/c3.xhtml')).toContain('Third chapter, revised.');
    const after = await app.platform.objects.list(`exports/${MARKED}/3-3-`);
    expect(after.length).toBe(1);
    expect(after[0]!.key).not.toBe(before!.key);
  });

  test('400 when the range holds no chapter (numbers with a gap)', async () => {
    const db = app.platform.db;
    await db.insertInto('books').values({ slug: 'gappy', title: 'Gappy', author: 'G' }).execute();
    await sql`insert into chapters (book_slug, number, title, text) values ('gappy', 1, 'A', 'a'), ('gappy', 10, 'B', 'b')`.execute(db);
    const res = await get('/api/export/gappy?from=2&to=9', pro);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: 'invalid_request', message: 'There are no chapters from 2 to 9' });
    await db.insertInto('books').values({ slug: 'empty-book', title: 'Empty', author: 'E' }).execute();
    const empty = await get('/api/export/empty-book', pro);
    expect(empty.status).toBe(400);
    expect(await empty.json()).toEqual({ error: 'invalid_request', message: 'This book has no chapters to export yet' });
  });
});

test("the EPUB declares the book's language", async () => {
  await app.platform.db.updateTable('books').set({ language: 'de' }).where('slug', '=', MARKED).execute();
  const { opf, read } = await unzip(await bytesOf(await get(`/api/export/${MARKED}?from=2&to=2`, pro)));
  expect(opf).toContain('<dc:language>de</dc:language>');
  expect(await read('OEBPS/title.xhtml')).toContain('xml:lang="de"');
  await app.platform.db.updateTable('books').set({ language: 'en' }).where('slug', '=', MARKED).execute();
});

describe('e-readers: HTTP Basic with an app password, HEAD for the file name', () => {
  let proBasic: string;
  let freeBasic: string;
  const basic = (username: string, password: string) => `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;
  beforeAll(async () => {
    proBasic = basic('export-pro', (await createAppPassword(app.platform.db, pro.user.id, 'Kobo')).password);
    freeBasic = basic('export-free', (await createAppPassword(app.platform.db, free.user.id, 'Kobo')).password);
  });
  const reader = (path: string, init: { method?: string; authorization?: string } = {}) =>
    app.fetch(path, { method: init.method ?? 'GET', headers: init.authorization ? { authorization: init.authorization } : {} });
  const FILE_HEADERS = ['content-type', 'content-disposition', 'cache-control', 'x-content-type-options'];

  test("HEAD with a Pro reader's app password answers the GET's headers without a body, and the file's size once a copy is stored", async () => {
    const before = await reader(`/api/export/${MARKED}?from=1&to=2`, { method: 'HEAD', authorization: proBasic });
    expect(before.status).toBe(200);
    expect((await before.arrayBuffer()).byteLength).toBe(0);
    const got = await reader(`/api/export/${MARKED}?from=1&to=2`, { authorization: proBasic });
    expect(got.status).toBe(200);
    const size = (await got.arrayBuffer()).byteLength;
    const after = await reader(`/api/export/${MARKED}?from=1&to=2`, { method: 'HEAD', authorization: proBasic });
    expect(after.status).toBe(200);
    expect((await after.arrayBuffer()).byteLength).toBe(0);
    for (const name of FILE_HEADERS) expect([name, after.headers.get(name)]).toEqual([name, got.headers.get(name)]);
    for (const name of FILE_HEADERS) expect([name, before.headers.get(name)]).toEqual([name, got.headers.get(name)]);
    expect(after.headers.get('content-length')).toBe(String(size));
    expect(after.headers.get('content-disposition')).toStartWith('attachment; filename="Marks & Breaks _Unicode_ - chapters 1-2.epub"');
  });

  test('HEAD checks like GET: 403 for a reader without Pro, 404 for an unknown book, 400 for a bad range', async () => {
    const refused = await reader(`/api/export/${MARKED}`, { method: 'HEAD', authorization: freeBasic });
    expect(refused.status).toBe(403);
    expect((await reader('/api/export/no-such-book', { method: 'HEAD', authorization: proBasic })).status).toBe(404);
    expect((await reader(`/api/export/${MARKED}?from=9&to=9`, { method: 'HEAD', authorization: proBasic })).status).toBe(400);
  });

  test('the OPDS feed\'s link (auth=basic) without credentials, or with a wrong app password: 401 with a Basic challenge, then the app password downloads', async () => {
    for (const authorization of [undefined, basic('export-pro', 'not-the-password')]) {
      for (const method of ['GET', 'HEAD']) {
        const res = await reader(`/api/export/${MARKED}?auth=basic`, { method, authorization });
        expect([method, authorization, res.status]).toEqual([method, authorization, 401]);
        expect(res.headers.get('www-authenticate')).toBe('Basic realm="Chapterhouse", charset="UTF-8"');
        if (method === 'GET') expect(await res.json()).toEqual({ error: 'unauthorized', message: 'Sign in with your username and an app password (Account → App passwords)' });
      }
    }
    expect((await reader(`/api/export/${MARKED}?auth=basic`, { authorization: proBasic })).status).toBe(200);
    // Without it, decisions.md's 403 for every caller without Pro, anonymous ones included, whatever they accept.
    for (const accept of [undefined, 'application/json', 'application/epub+zip,*/*']) {
      const res = await app.fetch(`/api/export/${MARKED}`, { headers: accept ? { accept } : {} });
      expect(res.status).toBe(403);
      expect(res.headers.get('www-authenticate')).toBeNull();
    }
  });

  test('the challenge never replaces the Pro refusal: a signed-in reader without Pro, by app password or session, gets 403 without one', async () => {
    for (const res of [await reader(`/api/export/${MARKED}`, { authorization: freeBasic }), await app.fetch(`/api/export/${MARKED}`, { headers: { cookie: free.cookie } })]) {
      expect(res.status).toBe(403);
      expect(res.headers.get('www-authenticate')).toBeNull();
      expect(await res.json()).toEqual({ error: 'forbidden', message: 'This needs Chapterhouse Pro' });
    }
  });
});

test('the API description lists the endpoint with its query and error answers', async () => {
  const doc = (await (await app.fetch('/api/openapi.json')).json()) as { paths: Record<string, { get?: { parameters?: { name: string }[]; responses: Record<string, unknown> } }> };
  const op = doc.paths['/api/export/{slug}']?.get;
  expect(op).toBeDefined();
  expect(op!.parameters!.map((p) => p.name).sort()).toEqual(['auth', 'from', 'slug', 'to']);
  expect(Object.keys(op!.responses).sort()).toEqual(['200', '400', '401', '403', '404']);
  expect(Object.keys((op!.responses['200'] as { content: Record<string, unknown> }).content)).toEqual(['application/epub+zip']);
});

describe('the book page', () => {
  const page = async (session?: Session) => (await app.fetch('/book/ink-and-alibis', { headers: { accept: 'text/html', ...(session ? { cookie: session.cookie } : {}) } })).text();

  test('a Pro reader gets the download form with the whole book preset', async () => {
    const body = await page(pro);
    expect(body).toContain('<form class="chapter-jump book-export__form" method="get" action="/api/export/ink-and-alibis">');
    expect(body).toContain('<input id="export-from" type="number" name="from" value="1" min="1" max="6"');
    expect(body).toContain('<input id="export-to" type="number" name="to" value="6" min="1" max="6"');
    expect(body).toContain('Download EPUB');
    expect(body).not.toContain('EPUB export is part of Chapterhouse Pro');
  });

  test('free and anonymous readers see the form, the Pro line and the link to /pro', async () => {
    for (const body of [await page(free), await page()]) {
      expect(body).toContain('action="/api/export/ink-and-alibis"');
      expect(body).toContain('EPUB export is part of Chapterhouse Pro.');
      expect(body).toContain('<a href="/pro">Get Pro</a>');
    }
  });

  test('translated in every locale', async () => {
    const res = await app.fetch('/book/ink-and-alibis', { headers: { accept: 'text/html', 'accept-language': 'pt-BR', cookie: free.cookie } });
    const body = await res.text();
    expect(body).toContain('A exportação em EPUB faz parte do Chapterhouse Pro.');
  });
});
