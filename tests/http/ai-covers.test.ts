import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import sharp from 'sharp';
import { startAiApp, sseFrames, type AiTestApp } from '../support/ai-app.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { DEBUG_TOKEN, loginAs, TEST_ORIGIN, type Session } from '../support/auth.ts';
import { picture } from '../support/ai-server/server.ts';

let app: AiTestApp;
let reader: Session;
let slug: string;

beforeAll(async () => {
  app = await startAiApp();
  reader = await loginAs(app, 'cover-reader');
  slug = (await app.platform.db.selectFrom('books').select('slug').orderBy('slug').executeTakeFirstOrThrow()).slug;
});
afterAll(() => app.close());

const form = (fields: Record<string, string | Blob>, session: Session = app.admin) => {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  return app.fetch('/api/admin/image-gen', { method: 'POST', headers: { accept: 'application/json', origin: TEST_ORIGIN, cookie: session.cookie }, body });
};

describe('image models', () => {
  test('the image models of the service, the configured one as default, listed once per 10 minutes', async () => {
    const before = app.ai.modelListings;
    const res = await app.get('/api/admin/image-gen/models');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ models: ['test-image-model', 'gpt-image-1'], default: 'test-image-model' });
    expect(app.ai.modelListings).toBe(before + 1);
    expect((await app.get('/api/admin/image-gen/models')).status).toBe(200);
    expect(app.ai.modelListings).toBe(before + 1);
  });
});

describe('generation', () => {
  test('a prompt gives stored pictures with a cover_url and their base64', async () => {
    const res = await app.post('/api/admin/image-gen', { prompt: 'A lighthouse in a storm', slug, n: 2 });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { prompt: string; model: string; slug: string; cover_url: string; images: { cover_url: string; image: string; mime: string }[] };
    expect([body.prompt, body.model, body.slug, body.images.length]).toEqual(['A lighthouse in a storm', 'test-image-model', slug, 2]);
    expect(body.cover_url).toBe(body.images[0]!.cover_url);
    expect(body.images[0]!.cover_url).toMatch(/^\/covers\/generated\/[0-9a-f]{16}\.png$/);
    expect(body.images[0]!.cover_url).not.toBe(body.images[1]!.cover_url);
    const served = await app.fetch(body.images[0]!.cover_url);
    expect([served.status, served.headers.get('content-type')]).toEqual([200, 'image/png']);
    expect(Buffer.from(await served.arrayBuffer()).equals(Buffer.from(body.images[0]!.image, 'base64'))).toBe(true);
    const sent = app.ai.requests.at(-1)!;
    expect([sent.path, sent.body.prompt, sent.body.model, sent.body.n]).toEqual(['/v1/images/generations', 'A lighthouse in a storm', 'test-image-model', 2]);
  });

  test('another model can be asked for', async () => {
    const res = await app.post('/api/admin/image-gen', { prompt: 'A red fox', model: 'gpt-image-1' });
    expect(res.status).toBe(200);
    expect(app.ai.requests.at(-1)!.body.model).toBe('gpt-image-1');
  });

  test('multipart with a reference picture is image to image', async () => {
    const reference = new Blob([new Uint8Array(await picture('reference'))], { type: 'application/octet-stream' });
    const res = await form({ prompt: 'The same, at night', slug, reference });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { images: { cover_url: string }[] };
    expect(body.images).toHaveLength(1);
    const sent = app.ai.requests.at(-1)!;
    expect(sent.path).toBe('/v1/images/edits');
    expect(sent.body.prompt).toBe('The same, at night');
    expect(sent.image?.type).toBe('image/png');
  });

  test('multipart without a file is text to image', async () => {
    const res = await form({ prompt: 'A quiet harbour' });
    expect(res.status).toBe(200);
    expect(app.ai.requests.at(-1)!.path).toBe('/v1/images/generations');
  });

  test('bad requests are 400 with the reason', async () => {
    let res = await app.post('/api/admin/image-gen', { slug });
    expect([res.status, await res.json()]).toEqual([400, { error: 'invalid_request', message: 'prompt is required' }]);
    res = await app.post('/api/admin/image-gen', { prompt: '   ' });
    expect([res.status, await res.json()]).toEqual([400, { error: 'invalid_request', message: 'prompt is required' }]);
    res = await app.post('/api/admin/image-gen', { prompt: 'x', n: 9 });
    expect([res.status, await res.json()]).toEqual([400, { error: 'invalid_request', message: 'n must be a whole number from 1 to 4' }]);
    res = await app.fetch('/api/admin/image-gen', { method: 'POST', headers: { 'content-type': 'application/json', origin: TEST_ORIGIN, cookie: app.admin.cookie }, body: '{"prompt":' });
    expect([res.status, await res.json()]).toEqual([400, { error: 'invalid_request', message: 'Invalid JSON body' }]);
    res = await app.post('/api/admin/image-gen', { prompt: 'x', slug: 'no-such-book' });
    expect([res.status, await res.json()]).toEqual([404, { error: 'not_found', message: 'No such book' }]);
  });

  test('a reference that is not a PNG, JPEG or WebP is 400, whatever its name says', async () => {
    const requests = app.ai.requests.length;
    for (const reference of [new File(['just some text, not a picture'], 'cover.png', { type: 'image/png' }), new File([new Uint8Array(await sharp(await picture('gif')).gif().toBuffer())], 'cover.gif', { type: 'image/gif' })]) {
      const res = await form({ prompt: 'x', reference });
      expect([res.status, await res.json()]).toEqual([400, { error: 'invalid_request', message: 'The image must be a PNG, JPEG or WebP picture (checked by its content, not its name)' }]);
    }
    expect(app.ai.requests.length).toBe(requests);
  });

  test('a reference over 10 MB is 413 too_large', async () => {
    const big = new Uint8Array(10 * 1024 * 1024 + 10);
    big.set(await picture('big'));
    const res = await form({ prompt: 'x', reference: new File([big], 'big.png', { type: 'image/png' }) });
    expect([res.status, await res.json()]).toEqual([413, { error: 'too_large', message: 'The image is larger than the 10 MB limit' }]);
  });

  test('an upstream 500 is 502 bad_gateway; a slow service is 504 gateway_timeout', async () => {
    app.ai.fault({ status: 500 });
    let res = await app.post('/api/admin/image-gen', { prompt: 'A castle' });
    expect(res.status).toBe(502);
    expect(await res.json()).toEqual({ error: 'bad_gateway', message: 'The AI service answered 500: The server had an error' });
    app.ai.fault({ delayMs: 1500 });
    res = await app.post('/api/admin/image-gen', { prompt: 'A castle' });
    expect(res.status).toBe(504);
    expect(await res.json()).toEqual({ error: 'gateway_timeout', message: 'The AI service did not answer in time (1 s)' });
    await Bun.sleep(600);
  });
});

describe('save as cover', () => {
  test('a generated picture becomes the book cover, as WebP with a thumbnail, on the API and the book page', async () => {
    const before = await (await app.fetch(`/book/${slug}`)).text();
    const generated = (await (await app.post('/api/admin/image-gen', { prompt: 'A new cover', slug })).json()) as { images: { image: string; mime: string }[] };
    const image = `data:${generated.images[0]!.mime};base64,${generated.images[0]!.image}`;
    const res = await app.post('/api/admin/image-gen/save-cover', { slug, image });
    expect(res.status).toBe(200);
    const saved = (await res.json()) as { slug: string; cover_url: string; thumbnail_url: string };
    expect(saved.slug).toBe(slug);
    expect(saved.cover_url).toMatch(new RegExp(`^/covers/${slug}/[0-9a-f]{16}\\.webp$`));
    expect(saved.thumbnail_url).toBe(saved.cover_url.replace('.webp', '-thumb.webp'));
    expect(before).not.toContain(saved.cover_url);

    const object = await app.fetch(saved.cover_url);
    expect([object.status, object.headers.get('content-type')]).toEqual([200, 'image/webp']);
    const meta = await sharp(Buffer.from(await object.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 256, 384]);
    const thumb = await sharp(Buffer.from(await (await app.fetch(saved.thumbnail_url)).arrayBuffer())).metadata();
    expect([thumb.format, thumb.width, thumb.height]).toEqual(['webp', 160, 240]);

    const api = (await (await app.get(`/api/book/${slug}`)).json()) as { book: { cover_url: string } };
    expect(api.book.cover_url).toBe(saved.cover_url);
    expect(await (await app.fetch(`/book/${slug}`)).text()).toContain(saved.cover_url);
    const row = await app.platform.db.selectFrom('books').select('cover_key').where('slug', '=', slug).executeTakeFirstOrThrow();
    expect(`/${row.cover_key}`).toBe(saved.cover_url);
  });

  test('plain base64 (no data: prefix) is accepted too', async () => {
    const res = await app.post('/api/admin/image-gen/save-cover', { slug, image: (await sharp(await picture('jpeg')).jpeg().toBuffer()).toString('base64') });
    expect(res.status).toBe(200);
  });

  test('not an image, no image, no book', async () => {
    let res = await app.post('/api/admin/image-gen/save-cover', { slug, image: Buffer.from('hello, not a picture').toString('base64') });
    expect([res.status, await res.json()]).toEqual([400, { error: 'invalid_request', message: 'The image must be a PNG, JPEG or WebP picture (checked by its content, not its name)' }]);
    res = await app.post('/api/admin/image-gen/save-cover', { slug, image: 'data:image/png;base64,@@@' });
    expect(res.status).toBe(400);
    res = await app.post('/api/admin/image-gen/save-cover', { slug });
    expect([res.status, await res.json()]).toEqual([400, { error: 'invalid_request', message: 'image is required' }]);
    res = await app.post('/api/admin/image-gen/save-cover', { image: 'x' });
    expect([res.status, await res.json()]).toEqual([400, { error: 'invalid_request', message: 'slug is required' }]);
    res = await app.post('/api/admin/image-gen/save-cover', { slug: 'no-such-book', image: (await picture('x')).toString('base64') });
    expect([res.status, await res.json()]).toEqual([404, { error: 'not_found', message: 'No such book' }]);
  });

  test('a picture over 10 MB is 413', async () => {
    const res = await app.post('/api/admin/image-gen/save-cover', { slug, image: Buffer.alloc(10 * 1024 * 1024 + 100).toString('base64') });
    expect([res.status, await res.json()]).toEqual([413, { error: 'too_large', message: 'The image is larger than the 10 MB limit' }]);
  });
});

describe('who may', () => {
  const routes: [string, string, unknown][] = [
    ['GET', '/api/admin/image-gen/models', undefined],
    ['POST', '/api/admin/image-gen', { prompt: 'x' }],
    ['POST', '/api/admin/image-gen/save-cover', { slug: 'x', image: 'x' }],
    ['POST', '/api/admin/catalogue/batch-covers', {}],
    ['POST', '/api/admin/catalogue/batch-covers/cancel', {}],
    ['POST', '/api/admin/catalogue/refresh-metadata/x', {}],
  ];

  test('readers and anonymous callers are 403 on every cover route', async () => {
    for (const [method, path, body] of routes) {
      for (const cookie of [reader.cookie, '']) {
        const res = await app.fetch(path, { method, headers: { 'content-type': 'application/json', accept: 'application/json', origin: TEST_ORIGIN, cookie }, body: body === undefined ? undefined : JSON.stringify(body) });
        expect([path, res.status, await res.json()]).toEqual([path, 403, { error: 'forbidden', message: 'Administrators only' }]);
      }
    }
    const page = await app.fetch('/admin/covers', { headers: { cookie: reader.cookie } });
    expect(page.status).toBe(403);
  });

  test('without an AI service every cover route is 503 ai_not_configured to an admin (403 first to others)', async () => {
    const bare: TestApp = await startTestApp({ env: { DEBUG_LOGIN_TOKEN: DEBUG_TOKEN } });
    try {
      const admin = await loginAs(bare, 'bare-admin', { role: 'admin' });
      const user = await loginAs(bare, 'bare-reader');
      for (const [method, path, body] of routes) {
        const init = (cookie: string) => ({ method, headers: { 'content-type': 'application/json', accept: 'application/json', origin: TEST_ORIGIN, cookie }, body: body === undefined ? undefined : JSON.stringify(body) });
        const res = await bare.fetch(path, init(admin.cookie));
        expect([path, res.status, ((await res.json()) as { error: string }).error]).toEqual([path, 503, 'ai_not_configured']);
        const other = await bare.fetch(path, init(user.cookie));
        expect([path, other.status]).toEqual([path, 403]);
      }
      expect((await bare.fetch('/admin/covers', { headers: { cookie: admin.cookie } })).status).toBe(503);
    } finally {
      await bare.close();
    }
  });
});

describe('the cover studio page', () => {
  test('lists the books, prefills the prompt from the chosen book, offers the image models', async () => {
    await app.platform.db.updateTable('books').set({ description: 'A <b>bold</b> tale & more' }).where('slug', '=', slug).execute();
    const res = await app.fetch(`/admin/covers?slug=${slug}`, { headers: { cookie: app.admin.cookie } });
    expect([res.status, res.headers.get('content-type')?.startsWith('text/html')]).toEqual([200, true]);
    const html = await res.text();
    expect(html).toContain('<h1>Cover studio</h1>');
    expect(html).toContain(`<option value="${slug}" selected>`);
    expect(html).toContain('A &lt;b&gt;bold&lt;/b&gt; tale &amp; more');
    expect(html).not.toContain('<b>bold</b>');
    expect(html).toContain('<option value="gpt-image-1">gpt-image-1</option>');
    expect(html).toContain('<option value="test-image-model" selected>test-image-model</option>');
    expect(html).toMatch(/<script src="\/assets\/js\/admin-covers\.[0-9a-f]+\.js" defer><\/script>/);
    expect(html).toContain('Batch covers');
    expect(html).not.toMatch(/<script>(?!<\/script>)/);
  });

  test('in another language, and 404 for an unknown book', async () => {
    const res = await app.fetch('/admin/covers', { headers: { cookie: `${app.admin.cookie}; locale=fr`, 'accept-language': 'fr' } });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('Atelier de couvertures');
    expect((await app.fetch('/admin/covers?slug=no-such-book', { headers: { cookie: app.admin.cookie } })).status).toBe(404);
  });
});
