import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { startTestApp, BASE_URL, type TestApp } from '../support/app.ts';
import { DEBUG_TOKEN, TEST_ORIGIN, loginAs, type Session } from '../support/auth.ts';

let app: TestApp;
let reader: Session;
let other: Session;
let admin: Session;
// A real 1×1 PNG.
const PNG = Uint8Array.from(atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='), (c) => c.charCodeAt(0));
const SVG = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');

beforeAll(async () => {
  app = await startTestApp({ seed: false, env: { DEBUG_LOGIN_TOKEN: DEBUG_TOKEN } });
  [reader, other, admin] = [await loginAs(app, 'pictured'), await loginAs(app, 'someone-else'), await loginAs(app, 'avatar-admin', { role: 'admin' })];
});
afterAll(() => app.close());

const json = (cookie: string) => ({ accept: 'application/json', 'content-type': 'application/json', cookie, origin: TEST_ORIGIN });
/** Presigned URLs point at the app (filesystem store) or at the S3 server. */
const send = (url: string, init: RequestInit) => (url.startsWith(BASE_URL) ? app.fetch(url.slice(BASE_URL.length), init) : fetch(url, init));

async function upload(session: Session, bytes: Uint8Array, contentType: string) {
  const start = await app.fetch('/account/avatar', { method: 'POST', headers: json(session.cookie), body: JSON.stringify({ content_type: contentType, size: bytes.byteLength }) });
  expect(start.status).toBe(200);
  const { upload_url, key } = (await start.json()) as { upload_url: string; key: string };
  const put = await send(upload_url, { method: 'PUT', body: bytes as BodyInit, headers: { 'content-type': contentType } });
  expect(put.status).toBeLessThan(300);
  return app.fetch('/account/avatar', { method: 'PATCH', headers: json(session.cookie), body: JSON.stringify({ key }) });
}

describe('avatar upload in two steps', () => {
  test('POST gives an upload URL, PUT stores the image, PATCH records it; it is shown everywhere', async () => {
    const res = await upload(reader, PNG, 'image/png');
    expect(res.status).toBe(200);
    const { avatar_url } = (await res.json()) as { avatar_url: string };
    expect(avatar_url).toMatch(new RegExp(`^/avatars/${reader.user.id}/[0-9a-f]{16}\\.png$`));
    const image = await app.fetch(avatar_url);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(new Uint8Array(await image.arrayBuffer())).toEqual(PNG);
    const meBody = (await (await app.fetch('/api/auth/me', { headers: { cookie: reader.cookie } })).json()) as { user: { avatar_url: string } };
    expect(meBody.user.avatar_url).toBe(`${BASE_URL}${avatar_url}`);
    const page = await (await app.fetch('/', { headers: { cookie: reader.cookie, accept: 'text/html' } })).text();
    expect(page).toContain(`src="${avatar_url}"`);
  });

  test('an SVG or HTML named as a PNG is refused; so is a missing upload or someone else\'s', async () => {
    const svg = await upload(other, SVG, 'image/png');
    expect(svg.status).toBe(400);
    expect(await svg.json()).toEqual({ error: 'invalid_request', message: 'Use a PNG, JPEG or WebP image' });
    const missing = await app.fetch('/account/avatar', { method: 'PATCH', headers: json(other.cookie), body: JSON.stringify({ key: `avatars/${other.user.id}/upload-doesnotexist` }) });
    expect(missing.status).toBe(400);
    const theirs = await app.fetch('/account/avatar', { method: 'PATCH', headers: json(other.cookie), body: JSON.stringify({ key: `avatars/${reader.user.id}/upload-abc` }) });
    expect(theirs.status).toBe(403);
    const wrongType = await app.fetch('/account/avatar', { method: 'POST', headers: json(other.cookie), body: JSON.stringify({ content_type: 'image/svg+xml' }) });
    expect(wrongType.status).toBe(400);
  });

  test('images over 2 MB are refused with 413', async () => {
    const big = new Uint8Array(2 * 1024 * 1024 + 10);
    big.set(PNG.subarray(0, 33));
    const res = await upload(other, big, 'image/png');
    expect(res.status).toBe(413);
    expect(((await res.json()) as { error: string }).error).toBe('too_large');
  });

  test('anonymous callers are 401; DELETE brings back the initials', async () => {
    expect((await app.fetch('/account/avatar', { method: 'POST', headers: { accept: 'application/json' } })).status).toBe(401);
    const del = await app.fetch('/account/avatar', { method: 'DELETE', headers: json(reader.cookie) });
    expect(del.status).toBe(204);
    const meBody = (await (await app.fetch('/api/auth/me', { headers: { cookie: reader.cookie } })).json()) as { user: { avatar_url: string | null } };
    expect(meBody.user.avatar_url).toBeNull();
    const page = await (await app.fetch('/', { headers: { cookie: reader.cookie, accept: 'text/html' } })).text();
    expect(page).toContain('avatar--initials');
  });
});

describe('backend presign endpoints', () => {
  test('only that user or an admin; anonymous 401', async () => {
    const own = await app.fetch(`/api/presign/avatar-upload/${reader.user.id}`, { headers: { cookie: reader.cookie } });
    expect(own.status).toBe(200);
    expect(Object.keys((await own.json()) as object).sort()).toEqual(['key', 'url']);
    expect((await app.fetch(`/api/presign/avatar-upload/${reader.user.id}`, { headers: { cookie: other.cookie } })).status).toBe(403);
    expect((await app.fetch(`/api/presign/avatar-upload/${reader.user.id}`, { headers: { cookie: admin.cookie } })).status).toBe(200);
    expect((await app.fetch(`/api/presign/avatar-upload/${reader.user.id}`, { headers: { accept: 'application/json' } })).status).toBe(401);
    expect((await app.fetch('/api/presign/avatar-upload/not-a-uuid', { headers: { cookie: reader.cookie } })).status).toBe(400);
  });

  test('the download URL is 404 without an avatar and fetchable with one', async () => {
    expect((await app.fetch(`/api/presign/avatar/${other.user.id}`, { headers: { cookie: other.cookie } })).status).toBe(404);
    await upload(other, PNG, 'image/png');
    const res = await app.fetch(`/api/presign/avatar/${other.user.id}`, { headers: { cookie: admin.cookie } });
    const { url } = (await res.json()) as { url: string };
    const image = await send(url, {});
    expect(image.status).toBe(200);
    expect(new Uint8Array(await image.arrayBuffer())).toEqual(PNG);
  });
});

describe('the photo form without JavaScript', () => {
  const formUpload = (session: Session | null, bytes: Uint8Array | null, type = 'image/png', origin = TEST_ORIGIN) => {
    const body = new FormData();
    if (bytes) body.set('file', new File([bytes as BlobPart], 'me.png', { type }));
    return app.fetch('/account/avatar/upload', { method: 'POST', headers: { accept: 'text/html', origin, ...(session ? { cookie: session.cookie } : {}) }, body });
  };
  const accountPage = async (session: Session, query: string) => (await app.fetch(`/account${query}`, { headers: { accept: 'text/html', cookie: session.cookie } })).text();

  test('a chosen image is checked, stored and shown; the page says so', async () => {
    const session = await loginAs(app, 'form-pictured');
    const res = await formUpload(session, PNG);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/account?saved=avatar#profile');
    const me = (await (await app.fetch('/api/auth/me', { headers: { cookie: session.cookie } })).json()) as { user: { avatar_url: string } };
    expect(me.user.avatar_url).toMatch(new RegExp(`^${BASE_URL}/avatars/${session.user.id}/[0-9a-f]{16}\\.png$`));
    const html = await accountPage(session, '?saved=avatar');
    expect(html).toContain('Your new photo is saved.');
    expect(html).toMatch(/<form method="post" action="\/account\/avatar\/remove" class="avatar-editor__remove" data-avatar-remove-form>/);
  });

  test('the wrong type, a file over 2 MB or no file come back with the reason', async () => {
    const session = await loginAs(app, 'form-refused');
    const svg = await formUpload(session, SVG, 'image/png');
    expect(svg.headers.get('location')).toBe('/account?avatar_error=type#profile');
    expect(await accountPage(session, '?avatar_error=type')).toContain('Use a PNG, JPEG or WebP image.');
    const big = new Uint8Array(2 * 1024 * 1024 + 10);
    big.set(PNG.subarray(0, 33));
    expect((await formUpload(session, big)).headers.get('location')).toBe('/account?avatar_error=size#profile');
    expect(await accountPage(session, '?avatar_error=size')).toContain('Images must be 2 MB or smaller.');
    expect((await formUpload(session, null)).headers.get('location')).toBe('/account?avatar_error=missing#profile');
    expect(await accountPage(session, '?avatar_error=missing')).toContain('Choose a photo first.');
    const me = (await (await app.fetch('/api/auth/me', { headers: { cookie: session.cookie } })).json()) as { user: { avatar_url: string | null } };
    expect(me.user.avatar_url).toBeNull();
  });

  test('remove brings back the initials; anonymous and cross-site posts change nothing', async () => {
    const session = await loginAs(app, 'form-unpictured');
    await formUpload(session, PNG);
    expect((await formUpload(null, PNG)).headers.get('location')).toBe('/login?return_to=%2Faccount');
    expect((await formUpload(session, PNG, 'image/png', 'https://evil.example')).status).toBe(403);
    const removed = await app.fetch('/account/avatar/remove', { method: 'POST', headers: { accept: 'text/html', cookie: session.cookie, origin: TEST_ORIGIN } });
    expect(removed.status).toBe(303);
    expect(removed.headers.get('location')).toBe('/account?saved=avatar-removed#profile');
    const html = await accountPage(session, '?saved=avatar-removed');
    expect(html).toContain('Your photo is removed.');
    expect(html).toContain('avatar--initials');
    expect(await app.platform.objects.list(`avatars/${session.user.id}/`)).toEqual([]);
  });
});
