import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { sql } from 'kysely';
import { startAiServer, type AiServer } from '../support/ai-server/server.ts';
import { startSourceSite, type SourceSite } from '../support/source-site/index.ts';
import { signedWebhook } from '../support/polar-server.ts';
import { removeEpubs, writeEpub } from '../fixtures/imports/build-epub.ts';
import { clusterLog, startCluster, type Cluster, type Member } from '../support/cluster.ts';
import { BOOK, insertShortBook } from './catalogue.ts';
import { call, inParallel, login, until, type Answer, type Caller } from './client.ts';

/**
 * Two ROLE=web and two ROLE=worker processes on one PostgreSQL, Redis and S3: 200 jobs of every
 * kind a client can start over HTTP, asked alternately through both web processes (several kinds
 * asked twice, concurrently), each run exactly once by one of the workers.
 */
const WHSEC = `whsec_${Buffer.from('cluster-webhook-secret-0123456789abcdef').toString('base64')}`;
const AUDIO_CHAPTERS = 50; // × 2 voices = 100 narrations
const TRANSLATED = 20; // × 2 languages = 40 translations
const NAMINGS = 20;
const SCRAPES = 10;
const IMPORTS = 5;
const PERIOD_ENDS = 25;
const EXPECTED: Record<string, number> = {
  'audio.generate': AUDIO_CHAPTERS * 2,
  'translation.chapter': TRANSLATED * 2,
  'ai.chapter-names': NAMINGS,
  'scrape.book': SCRAPES,
  'import.book': IMPORTS,
  'billing.period-end': PERIOD_ENDS,
};

let cluster: Cluster;
let ai: AiServer;
let site: SourceSite;
let admin: Caller;
let voices: string[];

beforeAll(async () => {
  [ai, site] = await Promise.all([startAiServer(), startSourceSite()]);
  cluster = await startCluster({
    prepare: (db) => insertShortBook(db),
    env: {
      AI_BASE_URL: ai.url,
      AI_API_KEY: 'k',
      AI_TEXT_MODEL: 'test-text-model',
      AI_MAX_RETRIES: '0',
      SOURCE_BASE_URL: site.novelfireUrl,
      SCRAPE_RATE: '0',
      POLAR_WEBHOOK_SECRET: WHSEC,
    },
  });
  admin = { token: (await login(cluster.webs[0]!, 'cluster-admin', { role: 'admin' })).token };
  voices = (await call(cluster.webs[1]!, 'GET', '/api/voices')).body.voices.map((v: { id: string }) => v.id);
}, 90_000);

afterAll(async () => {
  await Promise.allSettled([cluster?.stop(), ai?.stop(), site?.close()]);
  removeEpubs();
}, 30_000);

/** The i-th request goes to web 0 or web 1 in turn. */
const web = (i: number): Member => cluster.webs[i % 2]!;

function accepted(answer: Answer, what: string): string {
  if (answer.status !== 202) throw new Error(`${what}: ${answer.status} ${JSON.stringify(answer.body)}\n${clusterLog(cluster)}`);
  return answer.body.job_id ?? answer.body.task_id;
}

async function upload(i: number): Promise<string> {
  const path = await writeEpub({
    docs: { 'one.xhtml': `<h1>Opening ${i}</h1><p>The first pages of import ${i}.</p>`, 'two.xhtml': `<h1>Closing ${i}</h1><p>The last pages of import ${i}.</p>` },
    spine: ['one.xhtml', 'two.xhtml'],
    toc: [{ title: `Opening ${i}`, href: 'one.xhtml' }, { title: `Closing ${i}`, href: 'two.xhtml' }],
    metadata: `<dc:title>Cluster Import ${i}</dc:title><dc:creator>Importer</dc:creator><dc:language>en</dc:language>`,
  });
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(await Bun.file(path).arrayBuffer())]), `import-${i}.epub`);
  return accepted(await call(web(i), 'POST', '/api/admin/import', admin, form), `import ${i}`);
}

/** A reader who subscribed and then cancelled, the paid period ending in a few seconds: a billing.period-end job. */
async function cancelledSubscriber(i: number): Promise<string> {
  const email = `payer-${i}@example.org`;
  const { user } = await login(web(i), `cluster-payer-${i}`, { email });
  const customer = { id: `cus_cluster_${i}`, email, external_id: user.id };
  const send = async (type: string, data: Record<string, unknown>) => {
    const signed = signedWebhook(WHSEC, { type, data });
    const res = await fetch(`${web(i).base}/api/webhooks/polar`, { method: 'POST', headers: signed.headers, body: signed.body });
    expect(res.status).toBe(200);
  };
  await send('subscription.created', { id: `sub_${i}`, status: 'active', customer_id: customer.id, customer });
  await send('subscription.canceled', { id: `sub_${i}`, status: 'active', customer_id: customer.id, customer, current_period_end: new Date(Date.now() + 3_000).toISOString(), cancel_at_period_end: true });
  return user.id;
}

describe('200 jobs through two web processes, run by two worker processes', () => {
  let payers: string[];

  test('every kind is accepted through either web process; asking twice shares one job', async () => {
    const [voiceA, voiceB] = voices;
    const audio = Array.from({ length: AUDIO_CHAPTERS * 2 }, (_, i) => ({ slug: BOOK, chapter: (i % AUDIO_CHAPTERS) + 1, voice: i < AUDIO_CHAPTERS ? voiceA : voiceB }));
    const translations = Array.from({ length: TRANSLATED * 2 }, (_, i) => ({ slug: BOOK, chapter: (i % TRANSLATED) + 1, locale: i < TRANSLATED ? 'fr' : 'es' }));
    // Each narration and translation is asked through both web processes at once: one job each.
    const asked = await inParallel<[string, string]>(
      [
        ...audio.map((body, i) => async () => {
          const [a, b] = await Promise.all([call(web(i), 'POST', '/api/audio', admin, body), call(web(i + 1), 'POST', '/api/audio', admin, body)]);
          return ['audio', `${accepted(a, 'audio')} ${accepted(b, 'audio')}`] as [string, string];
        }),
        ...translations.map((body, i) => async () => {
          const [a, b] = await Promise.all([call(web(i), 'POST', '/api/translate', admin, body), call(web(i + 1), 'POST', '/api/translate', admin, body)]);
          return ['translation', `${accepted(a, 'translation')} ${accepted(b, 'translation')}`] as [string, string];
        }),
        ...Array.from({ length: NAMINGS }, (_, i) => async () => ['naming', accepted(await call(web(i), 'POST', '/api/admin/text-gen/chapter-names/async', admin, { slug: BOOK, from: i + 1, to: i + 1 }), 'naming')] as [string, string]),
        ...Array.from({ length: SCRAPES }, (_, i) => async () => ['scrape', accepted(await call(web(i), 'POST', '/api/scrape', admin, { url: `${site.novelfireUrl}/book/filler-tale-${i + 1}` }), 'scrape')] as [string, string]),
        ...Array.from({ length: IMPORTS }, (_, i) => async () => ['import', await upload(i)] as [string, string]),
      ],
      16,
    );
    for (const [kind, ids] of asked.filter(([kind]) => kind === 'audio' || kind === 'translation')) {
      const [a, b] = ids.split(' ');
      expect(`${kind} ${a}`).toBe(`${kind} ${b}`);
    }
    payers = await inParallel(Array.from({ length: PERIOD_ENDS }, (_, i) => () => cancelledSubscriber(i)), 5);
  }, 60_000);

  test('each ran exactly once: one done row per job, on its first attempt, by either worker', async () => {
    const kinds = Object.keys(EXPECTED);
    const rows = await until(
      () => cluster.db.db.selectFrom('jobs').select(['id', 'kind', 'status', 'attempts', 'locked_by', 'error']).where('kind', 'in', kinds).execute(),
      (jobs) => kinds.every((k) => jobs.filter((j) => j.kind === k).length >= EXPECTED[k]!) && jobs.every((j) => j.status !== 'queued' && j.status !== 'running'),
      90_000,
      'the jobs to end',
    );
    const count = (k: string) => rows.filter((j) => j.kind === k).length;
    expect(Object.fromEntries(kinds.map((k) => [k, count(k)]))).toEqual(EXPECTED);
    const unlike = rows.filter((j) => j.status !== 'done' || j.attempts !== 1);
    expect(unlike).toEqual([]);
    // Both workers took part; nothing was claimed by a web process.
    const pids = new Set(rows.map((j) => /:(\d+)#/.exec(j.locked_by ?? '')?.[1]));
    expect([...pids].sort()).toEqual(cluster.workers.map((w) => String(w.child.pid)).sort());
  }, 100_000);

  test('and no effect twice: one stored narration, translation, naming, book and role change each', async () => {
    const db = cluster.db.db;
    const audioJobs = await db.selectFrom('audio_jobs').select(['chapter', 'voice', 'status']).where('slug', '=', BOOK).execute();
    expect(audioJobs.length).toBe(AUDIO_CHAPTERS * 2);
    expect(audioJobs.filter((j) => j.status !== 'done')).toEqual([]);
    expect(new Set(audioJobs.map((j) => `${j.chapter}/${j.voice}`)).size).toBe(AUDIO_CHAPTERS * 2);
    const files = await db.selectFrom('audio_files').select(['object_key', 'size_bytes']).where('slug', '=', BOOK).execute();
    expect(files.length).toBe(AUDIO_CHAPTERS * 2);
    expect(files.filter((f) => Number(f.size_bytes) <= 0)).toEqual([]);
    // The narration's audio is in the shared bucket: presigned through the other web process.
    const { body } = await call(cluster.webs[1]!, 'GET', `/api/presign/audio?slug=${BOOK}&chapter=1&voice=${voices[0]}`, admin);
    expect((await fetch(body.url)).status).toBe(200);
    // One "Audio ready" for the book, gathering every chapter, however the 100 endings met in the two workers.
    const ready = await db.selectFrom('notifications').select(['title', 'link']).where('title', 'like', 'Audio ready%').execute();
    expect(ready).toEqual([{ title: expect.stringMatching(new RegExp(`, chapters 1–${AUDIO_CHAPTERS}$`)), link: `/book/${BOOK}/1` }]);

    const translations = await db.selectFrom('chapter_translations').select(['chapter', 'locale', 'text']).where('slug', '=', BOOK).execute();
    expect(translations.length).toBe(TRANSLATED * 2);
    expect(translations.filter((t) => !t.text.startsWith(`[${t.locale}] `))).toEqual([]);
    const chats = ai.requests.filter((r) => r.path.endsWith('/chat/completions'));
    // One chat per translation and per naming (one batch each): none was asked twice.
    expect(chats.length).toBe(TRANSLATED * 2 + NAMINGS);

    const namings = await db.selectFrom('ai_jobs').select(['status']).where('kind', '=', 'chapter-names').execute();
    expect(namings.map((n) => n.status)).toEqual(Array(NAMINGS).fill('done'));

    const scraped = await db.selectFrom('books').select(['slug', 'chapter_count']).where('slug', 'like', 'filler-tale-%').execute();
    expect(scraped.length).toBe(SCRAPES);
    expect(scraped.filter((b) => b.chapter_count !== 5)).toEqual([]);
    const chapterFetches = site.control.requests.filter((r) => /^\/book\/filler-tale-\d+\/chapter-\d+$/.test(r.path)).map((r) => r.path);
    expect(chapterFetches.length).toBe(SCRAPES * 5);
    expect(new Set(chapterFetches).size).toBe(SCRAPES * 5);

    const imported = await db.selectFrom('books').select(['title']).where('title', 'like', 'Cluster Import %').execute();
    expect(imported.map((b) => b.title).sort()).toEqual(Array.from({ length: IMPORTS }, (_, i) => `Cluster Import ${i}`).sort());

    const roles = await db.selectFrom('app_users').select(['role']).where('id', 'in', payers).execute();
    expect(roles.map((r) => r.role)).toEqual(Array(PERIOD_ENDS).fill('user'));
    const ended = await db
      .selectFrom('notifications')
      .select(['user_id', sql<string>`count(*)`.as('n')])
      .where('user_id', 'in', payers)
      .groupBy('user_id')
      .execute();
    // Pro started, Pro ended: two notices each, never a third from a job run twice.
    expect(ended.filter((e) => Number(e.n) !== 2)).toEqual([]);
    expect(ended.length).toBe(PERIOD_ENDS);
  }, 30_000);
});
