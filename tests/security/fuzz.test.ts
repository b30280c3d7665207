import { afterAll, beforeAll, expect, test } from 'bun:test';
import { ACCESS_MATRIX } from './access-matrix.ts';
import { leakIn } from './support/leaks.ts';
import { bodySchemas, routeKey, routeTable, type RouteEntry } from './support/route-table.ts';
import { jsonOf, requestFor, settle } from './support/requests.ts';
import { startWorld, type Caller, type World } from './support/world.ts';

/**
 * Bodies derived from each JSON write route's TypeBox schema and its sample body (the access
 * matrix): wrong types, boundary and huge numbers, long and odd unicode strings, missing and extra
 * fields, nested junk. A fixed number of cases per route from a seeded generator, so a failure
 * names a case that comes back on every run. Never a 500, never a hang, a 4xx is `{error, message}`.
 */
const CASES = 30;
const TIMEOUT_MS = 5_000;

/** The JSON write routes, known before the app starts: the matrix rows that send a JSON body (each must declare a schema). */
const JSON_WRITES = Object.entries(ACCESS_MATRIX)
  .filter(([key, row]) => row.json !== undefined && !key.startsWith('GET ') && key !== 'POST /api/webhooks/polar')
  .map(([key]) => key)
  // Routes that change who is signed in go last, so they cannot disturb the others' callers.
  .sort((a, b) => Number(a.includes('/auth/')) - Number(b.includes('/auth/')));

let world: World;
let ai: ReturnType<typeof Bun.serve>;
let routes: { route: RouteEntry; schema: Schema; sample: Record<string, unknown> }[] = [];
beforeAll(async () => {
  // An AI service that is configured (so AI routes read their bodies) and refuses at once (a 400 is not retried).
  ai = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: () => Response.json({ error: { message: 'refused', type: 'invalid_request_error' } }, { status: 400 }) });
  world = await startWorld({ AI_BASE_URL: `http://127.0.0.1:${ai.port}/v1`, AI_API_KEY: 'unused' });
  const schemas = bodySchemas(world.app);
  routes = routeTable(world.app)
    .filter((route) => JSON_WRITES.includes(routeKey(route)))
    .map((route) => ({ route, schema: flatten((schemas.get(routeKey(route)) ?? {}) as Schema), sample: ACCESS_MATRIX[routeKey(route)]!.json as Record<string, unknown> }));
}, 60_000);
afterAll(async () => {
  await world?.app.close();
  ai?.stop(true);
});

interface Schema {
  type?: string;
  properties?: Record<string, Schema>;
  anyOf?: Schema[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  items?: Schema;
  const?: unknown;
  allOf?: Schema[];
}

/** An intersection's properties, gathered into one object schema. */
function flatten(schema: Schema): Schema {
  if (!schema.allOf) return schema;
  return { ...schema, properties: Object.assign({}, ...schema.allOf.map((part) => flatten(part).properties ?? {})) };
}

/** mulberry32: small, fast, the same sequence for the same seed everywhere. */
function prng(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const seedOf = (text: string) => [...text].reduce((hash, c) => (Math.imul(hash, 31) + c.charCodeAt(0)) | 0, 7);

const STRINGS = [
  '', ' ', '\u0000', 'a\u0000b', '\uD800', '\uDFFF\uD800', '\u202Eevil', '\uFEFF', 'e\u0301'.repeat(2_000), '𝕏'.repeat(5_000), '👩‍👩‍👧‍👦'.repeat(500),
  'x'.repeat(100_000), '%00', '../../etc/passwd', "'; drop table books; --", '${7*7}', '{{7*7}}', 'NaN', 'Infinity', '-0', '1e999', '0x10', '12abc',
  'null', 'true', '[]', '{}', '<script>alert(1)</script>', 'morning-bread\n', 'Morning-Bread', ' morning-bread ', 'ÄÖÜ', 'ﬀ', 'İ', '\r\n\t',
];
const NUMBERS = [0, -0, -1, 1, 0.5, -0.5, 1.000000001, 2 ** 31, -(2 ** 31) - 1, 2 ** 53 + 1, -(2 ** 53) - 1, 1e21, 1e308, -1e308, Number.MIN_VALUE, 4294967296, 99999999999];
const JUNK: unknown[] = [null, true, false, [], {}, [1, 'a', null], { a: { b: { c: [{}] } } }, ...NUMBERS.slice(0, 6), ...STRINGS.slice(0, 6)];

function pick<T>(random: () => number, list: readonly T[]): T {
  return list[Math.floor(random() * list.length)]!;
}

function nested(depth: number): unknown {
  let value: unknown = 'leaf';
  for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { k: value };
  return value;
}

/** Values just outside (and on) what the schema allows, for one property. */
function edges(schema: Schema | undefined): unknown[] {
  const types = schema?.anyOf?.map((s) => s.type) ?? [schema?.type];
  const out: unknown[] = [];
  for (const option of schema?.anyOf ?? [schema ?? {}]) {
    if (option.type === 'number' || option.type === 'integer') {
      for (const bound of [option.minimum, option.maximum]) if (bound !== undefined) out.push(bound - 1, bound + 1, bound - 0.5, bound + 0.0001, bound, String(bound + 1));
    }
    if (option.type === 'string') {
      if (option.maxLength !== undefined) out.push('y'.repeat(option.maxLength + 1), '😀'.repeat(option.maxLength));
      if (option.minLength !== undefined && option.minLength > 0) out.push('y'.repeat(option.minLength - 1));
    }
    if (option.type === 'array') out.push(Array.from({ length: 10_001 }, (_, i) => i), [nested(30)]);
  }
  if (!types.includes('string')) out.push('1');
  if (!types.includes('number') && !types.includes('integer')) out.push(1);
  return out;
}

/** One fuzzed body: the sample with a mutation chosen by `random`. */
function fuzzedBody(random: () => number, schema: Schema, sample: Record<string, unknown>): unknown {
  const keys = [...new Set([...Object.keys(schema.properties ?? {}), ...Object.keys(sample)])];
  const body: Record<string, unknown> = { ...sample };
  const key = keys.length ? pick(random, keys) : 'x';
  const roll = random();
  if (roll < 0.15) delete body[key];
  else if (roll < 0.35) body[key] = pick(random, JUNK);
  else if (roll < 0.5) body[key] = pick(random, NUMBERS);
  else if (roll < 0.65) body[key] = pick(random, STRINGS);
  else if (roll < 0.8) {
    const near = edges(schema.properties?.[key]);
    body[key] = near.length ? pick(random, near) : pick(random, JUNK);
  } else if (roll < 0.88) {
    // Extra fields, prototype keys included (an own "__proto__" survives JSON.parse).
    Object.assign(body, JSON.parse('{"__proto__": {"role": "admin", "isAdmin": true}, "constructor": {"prototype": {"x": 1}}}'));
    body[`extra_${Math.floor(random() * 1000)}`] = pick(random, JUNK);
    body.role = 'admin';
  } else if (roll < 0.94) body[key] = nested(20 + Math.floor(random() * 60));
  else {
    // Every field wrong at once.
    for (const k of keys) body[k] = pick(random, JUNK);
  }
  return body;
}

function problemWith(path: string, status: number, text: string): string | null {
  const parsed = jsonOf(text) as { error?: unknown; message?: unknown } | undefined;
  if (status === 500 || parsed?.error === 'internal_error' || (status > 500 && typeof parsed?.error !== 'string')) return `answered ${status}`;
  const leak = leakIn(text);
  if (leak) return `leaked ${leak}`;
  if (status >= 400 && path.startsWith('/api/') && (typeof parsed?.error !== 'string' || typeof parsed.message !== 'string')) return 'error body is not {error, message}';
  return null;
}

async function send(request: Request): Promise<{ status: number; text: string } | 'hung'> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const hung = new Promise<'hung'>((ok) => (timer = setTimeout(() => ok('hung'), TIMEOUT_MS)));
  try {
    return await Promise.race([world.app.handle(request).then(settle), hung]);
  } finally {
    clearTimeout(timer);
  }
}

/** Routes that end the caller's session or account get a fresh admin each time. */
async function callerFor(route: RouteEntry): Promise<Caller> {
  return ACCESS_MATRIX[routeKey(route)]?.endsSession ? world.throwaway('admin') : world.callers.admin;
}

test('the JSON write routes are found, nearly all with a body schema to derive cases from', () => {
  expect(routes.map(({ route }) => routeKey(route)).sort()).toEqual([...JSON_WRITES].sort());
  // The ones that check their own body (t.Unknown or none: a relayed scrape range, image generation, translation, a glossary,
  // and KOReader's sync, which answers bad bodies in its own error shape) get cases from their sample body alone.
  expect(routes.filter(({ schema }) => !schema.type && !schema.anyOf && !schema.allOf).map(({ route }) => routeKey(route)).sort()).toEqual(['POST /api/admin/image-gen', 'POST /api/scrape/range', 'POST /api/translate', 'POST /kosync/users/create', 'PUT /api/admin/books/:slug/glossary', 'PUT /kosync/syncs/progress']);
});

for (const key of JSON_WRITES) {
  test(`${key}: ${CASES} schema-derived bodies, never a 500 or a hang, 4xx is {error, message}`, async () => {
    const entry = routes.find(({ route }) => routeKey(route) === key);
    expect(entry).toBeDefined();
    const { route, schema, sample } = entry!;
    const random = prng(seedOf(key));
    const failures: string[] = [];
    for (let i = 0; i < CASES; i++) {
      const body = fuzzedBody(random, schema, sample);
      const request = requestFor(route, { ...ACCESS_MATRIX[key]!, json: body }, world, await callerFor(route));
      const answer = await send(request);
      const problem = answer === 'hung' ? `no answer in ${TIMEOUT_MS} ms` : problemWith(new URL(request.url).pathname, answer.status, answer.text);
      if (problem) failures.push(`case ${i} ${JSON.stringify(body).slice(0, 200)}: ${problem}${answer === 'hung' ? '' : ` ${answer.status} ${answer.text.slice(0, 200)}`}`);
    }
    expect(failures).toEqual([]);
  });
}
