/**
 * EPUB export benchmark: time and peak memory (RSS above idle) to export books of 300, 1,000 and
 * 3,000 chapters through GET /api/export/{slug}, in process, over the embedded stores (PGlite,
 * filesystem objects), as a Pro reader. Each chapter is about 12 KB of markdown (a web-novel
 * chapter of ~2,000 words) with emphasis and a scene break. Also prints the time to the first
 * byte and the time of a repeat request (served from the stored copy).
 *
 *   node_modules/.bin/bun bench/export.ts [--sizes 300,1000,3000] [--kb 12]
 *   TEST_BACKENDS=real node_modules/.bin/bun bench/export.ts   (PostgreSQL, Redis and s3rver, as the tests use them)
 *
 * Targets: 3,000 chapters under 10 s and under 100 MB above idle; memory flat as the book grows.
 */
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { startTestApp } from '../tests/support/app.ts';
import { DEBUG_TOKEN, loginAs } from '../tests/support/auth.ts';

const { values: flags } = parseArgs({ options: { sizes: { type: 'string', default: '300,1000,3000' }, kb: { type: 'string', default: '12' } }, strict: true });
const sizes = flags.sizes.split(',').map(Number);
const paragraphs = Math.max(1, Math.round((Number(flags.kb) * 1024) / 420));

const PARAGRAPH = `The lamps along the quay had gone out one by one, and *still* the ship did not come. Mara counted the bells from the harbour tower & told herself that "late" was not the same as "lost" — a lesson her father had taught her, **twice**, before the sea took him. She pulled the coat tighter and watched the fog.`;
const text = Array.from({ length: paragraphs }, (_, i) => (i === Math.floor(paragraphs / 2) ? `* * *\n\n${PARAGRAPH}` : PARAGRAPH)).join('\n\n');

const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
const rss = () => process.memoryUsage.rss();

const app = await startTestApp({ seed: false, env: { DEBUG_LOGIN_TOKEN: DEBUG_TOKEN } });
const db = app.platform.db;
for (const n of sizes) {
  await db.insertInto('books').values({ slug: `bench-${n}`, title: `Bench Book of ${n} Chapters`, author: 'Bench', chapter_count: n }).execute();
  await sql`insert into chapters (book_slug, number, title, text, content_hash)
            select ${`bench-${n}`}, g, 'Chapter ' || g || ': The Long Night', ${text} || E'\n\nEnd of chapter ' || g || '.', md5(g::text)
            from generate_series(1, ${n}) g`.execute(db);
}
const pro = await loginAs(app, 'bench-pro', { role: 'pro' });

async function exportOnce(slug: string): Promise<{ ms: number; firstByteMs: number; bytes: number; peak: number }> {
  let peak = rss();
  const timer = setInterval(() => (peak = Math.max(peak, rss())), 5);
  const start = performance.now();
  const res = await app.fetch(`/api/export/${slug}`, { headers: { cookie: pro.cookie } });
  if (res.status !== 200) throw new Error(`${slug}: ${res.status} ${await res.text()}`);
  const reader = res.body!.getReader();
  let bytes = 0;
  let firstByteMs = 0;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    if (bytes === 0) firstByteMs = performance.now() - start;
    bytes += value.length;
    peak = Math.max(peak, rss());
  }
  const ms = performance.now() - start;
  clearInterval(timer);
  return { ms, firstByteMs, bytes, peak };
}

// Warm up the code paths (JIT, marked, sanitize-html) on a small export, then settle.
await exportOnce(`bench-${sizes[0]}`);
await app.platform.objects.list('exports/').then((all) => Promise.all(all.map((o) => app.platform.objects.delete(o.key))));

const stores = process.env.TEST_BACKENDS === 'real' ? 'PostgreSQL + Redis + s3rver' : 'embedded stores (PGlite, filesystem objects)';
console.log(`EPUB export, ~${flags.kb} KB of markdown a chapter, ${stores}, Bun ${Bun.version}`);
console.log('chapters   build s   first byte ms   file MB   peak RSS above idle MB   repeat (stored) ms');
for (const n of sizes) {
  Bun.gc(true);
  await Bun.sleep(200);
  const idle = rss();
  const built = await exportOnce(`bench-${n}`);
  const again = await exportOnce(`bench-${n}`);
  console.log(
    `${String(n).padStart(8)}   ${(built.ms / 1000).toFixed(2).padStart(7)}   ${built.firstByteMs.toFixed(0).padStart(13)}   ${mb(built.bytes).padStart(7)}   ${mb(built.peak - idle).padStart(22)}   ${again.ms.toFixed(0).padStart(18)}`,
  );
}
await app.close();
