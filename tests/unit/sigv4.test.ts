/**
 * s3rver does not check SigV4 signatures, so presigned URLs are checked here against an
 * independent, strict verifier, itself pinned to AWS's documented presigned-URL example
 * (docs.aws.amazon.com/AmazonS3/latest/API/sigv4-query-string-auth.html).
 */
import { describe, expect, test } from 'bun:test';
import { createHash, createHmac } from 'node:crypto';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { createS3ObjectStore } from '../../src/platform/objects/s3.ts';

const AWS_SECRET = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY';
const AWS_EXAMPLE =
  'https://examplebucket.s3.amazonaws.com/test.txt?X-Amz-Algorithm=AWS4-HMAC-SHA256' +
  '&X-Amz-Credential=AKIAIOSFODNN7EXAMPLE%2F20130524%2Fus-east-1%2Fs3%2Faws4_request&X-Amz-Date=20130524T000000Z' +
  '&X-Amz-Expires=86400&X-Amz-SignedHeaders=host' +
  '&X-Amz-Signature=aeeed9bbccd4d02ee5c0109b86d86835f995330da4c265957d157751f604d404';
const EXAMPLE_TIME = new Date('2013-05-24T01:00:00Z');

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const hmac = (key: string | Buffer, s: string) => createHmac('sha256', key).update(s).digest();
// SigV4 URI encoding: everything but A-Z a-z 0-9 - _ . ~ is %XX (upper case), including "/" in query values.
const uriEncode = (s: string, keepSlash = false) =>
  [...Buffer.from(s, 'utf8')]
    .map((b) => {
      const c = String.fromCharCode(b);
      return /[A-Za-z0-9\-_.~]/.test(c) || (keepSlash && c === '/') ? c : `%${b.toString(16).toUpperCase().padStart(2, '0')}`;
    })
    .join('');

interface VerifyOptions {
  secret: string;
  region: string;
  method: string;
  headers?: Record<string, string>;
  now: Date;
}

/** null when url is a valid, unexpired SigV4 presigned S3 URL for these inputs, else the reason. */
function verifyPresigned(url: string, o: VerifyOptions): string | null {
  const u = new URL(url);
  const q = u.searchParams;
  if (q.get('X-Amz-Algorithm') !== 'AWS4-HMAC-SHA256') return 'algorithm';
  const [, scopeDate, region, service, terminator] = (q.get('X-Amz-Credential') ?? '').split('/');
  const amzDate = q.get('X-Amz-Date') ?? '';
  const m = /^(\d{4})(\d\d)(\d\d)T(\d\d)(\d\d)(\d\d)Z$/.exec(amzDate);
  if (!m || scopeDate !== amzDate.slice(0, 8) || region !== o.region || service !== 's3' || terminator !== 'aws4_request') return 'scope';
  const signedAt = Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!);
  const expires = Number(q.get('X-Amz-Expires'));
  if (!Number.isInteger(expires) || expires < 1 || expires > 604800) return 'expires';
  if (o.now.getTime() < signedAt - 900_000 || o.now.getTime() > signedAt + expires * 1000) return 'expired';

  const signedHeaders = (q.get('X-Amz-SignedHeaders') ?? '').split(';');
  if (!signedHeaders.includes('host')) return 'host not signed';
  const headers: Record<string, string> = { host: u.host };
  for (const [k, v] of Object.entries(o.headers ?? {})) headers[k.toLowerCase()] = v;
  if (signedHeaders.some((h) => headers[h] === undefined)) return 'signed header missing from request';

  const query = [...q.entries()]
    .filter(([k]) => k !== 'X-Amz-Signature')
    .map(([k, v]) => [uriEncode(k), uriEncode(v)] as const)
    .sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const canonical = [
    o.method,
    uriEncode(decodeURIComponent(u.pathname), true),
    query,
    signedHeaders.map((h) => `${h}:${headers[h]!.trim().replace(/\s+/g, ' ')}\n`).join(''),
    signedHeaders.join(';'),
    q.get('X-Amz-Content-Sha256') ?? 'UNSIGNED-PAYLOAD',
  ].join('\n');
  const scope = `${scopeDate}/${region}/s3/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonical)].join('\n');
  let key = hmac(`AWS4${o.secret}`, scopeDate);
  for (const part of [region, 's3', 'aws4_request']) key = hmac(key, part);
  return createHmac('sha256', key).update(toSign).digest('hex') === q.get('X-Amz-Signature') ? null : 'signature';
}

const example = { secret: AWS_SECRET, region: 'us-east-1', method: 'GET', now: EXAMPLE_TIME };

describe('the strict verifier', () => {
  test("accepts AWS's documented example", () => {
    expect(verifyPresigned(AWS_EXAMPLE, example)).toBeNull();
  });

  test('rejects any change to it', () => {
    expect(verifyPresigned(AWS_EXAMPLE, { ...example, secret: AWS_SECRET.slice(0, -1) + 'X' })).toBe('signature');
    expect(verifyPresigned(AWS_EXAMPLE.replace('test.txt', 'test.txu'), example)).toBe('signature');
    expect(verifyPresigned(AWS_EXAMPLE.replace('Expires=86400', 'Expires=86401'), example)).toBe('signature');
    expect(verifyPresigned(AWS_EXAMPLE.replace('examplebucket.s3', 'otherbucket.s3'), example)).toBe('signature');
    expect(verifyPresigned(AWS_EXAMPLE, { ...example, method: 'PUT' })).toBe('signature');
    expect(verifyPresigned(AWS_EXAMPLE.replace(/d404$/, 'd405'), example)).toBe('signature');
    expect(verifyPresigned(AWS_EXAMPLE, { ...example, now: new Date('2013-05-25T00:00:01Z') })).toBe('expired');
  });

  test("accepts the SDK presigner's URL for the same inputs and clock", async () => {
    const client = new S3Client({
      region: 'us-east-1',
      credentials: { accessKeyId: 'AKIAIOSFODNN7EXAMPLE', secretAccessKey: AWS_SECRET },
    });
    const url = await getSignedUrl(client, new GetObjectCommand({ Bucket: 'examplebucket', Key: 'test.txt' }), {
      expiresIn: 86400,
      signingDate: new Date('2013-05-24T00:00:00Z'),
    });
    expect(url).toContain('X-Amz-Date=20130524T000000Z');
    expect(verifyPresigned(url, example)).toBeNull();
  });
});

describe('S3 adapter presigned URLs', () => {
  const cfg = {
    endpoint: 'http://10.0.0.5:9000',
    publicUrl: 'https://files.example.com:8443',
    bucket: 'chapterhouse',
    region: 'eu-west-3',
    accessKeyId: 'AKIDEXAMPLE',
    secretAccessKey: 'a-secret-only-this-test-knows',
  };
  const store = createS3ObjectStore(cfg);
  const opts = { secret: cfg.secretAccessKey, region: cfg.region, now: new Date() };
  const key = 'covers/b@1,x=2+y~z.webp';

  test('GET: public address, path style, valid signature, bound to key, secret and method', async () => {
    const url = await store.presignGet(key, 300);
    expect(url.startsWith(`${cfg.publicUrl}/${cfg.bucket}/covers/`)).toBe(true);
    expect(new URL(url).searchParams.get('X-Amz-Expires')).toBe('300');
    expect(verifyPresigned(url, { ...opts, method: 'GET' })).toBeNull();
    expect(verifyPresigned(url, { ...opts, method: 'PUT' })).toBe('signature');
    expect(verifyPresigned(url, { ...opts, method: 'GET', secret: 'wrong' })).toBe('signature');
    expect(verifyPresigned(url.replace('covers/', 'avatars/'), { ...opts, method: 'GET' })).toBe('signature');
    expect(verifyPresigned(url, { ...opts, method: 'GET', now: new Date(Date.now() + 301_000) })).toBe('expired');
  });

  test('PUT with a content type signs that header', async () => {
    const url = await store.presignPut(key, 600, 'image/webp');
    const put = { ...opts, method: 'PUT' };
    expect(new URL(url).searchParams.get('X-Amz-SignedHeaders')?.split(';')).toContain('content-type');
    expect(verifyPresigned(url, { ...put, headers: { 'Content-Type': 'image/webp' } })).toBeNull();
    expect(verifyPresigned(url, { ...put, headers: { 'Content-Type': 'text/html' } })).toBe('signature');
    expect(verifyPresigned(url, put)).toBe('signed header missing from request');
  });

  test('PUT without a content type carries no empty-body checksum', async () => {
    const url = await store.presignPut(key, 600);
    expect(url).not.toContain('x-amz-checksum');
    expect(url).not.toContain('x-amz-sdk-checksum');
    expect(verifyPresigned(url, { ...opts, method: 'PUT' })).toBeNull();
  });
});
