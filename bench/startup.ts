/**
 * Cold start of `bun src/main.ts` with the embedded defaults: time from spawn to the first 200 from
 * /healthz, and resident memory once idle. The first run creates the data directory (migrations,
 * demo seed); the runs after it start from that directory, as a restarted server would.
 * Usage: bun bench/startup.ts [runs=3]
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dir, '..');
const runs = Number(process.argv[2] ?? 3);
const dataDir = mkdtempSync(join(tmpdir(), 'chapterhouse-bench-'));
const port = 3900 + Math.floor(Math.random() * 90);

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

async function once(label: string) {
  const started = performance.now();
  const child = Bun.spawn([process.execPath, ...(process.env.BENCH_BUN_FLAGS ?? '').split(' ').filter(Boolean), 'src/main.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'error' },
    stdout: 'ignore',
    stderr: 'inherit',
  });
  let readyMs = NaN;
  while (performance.now() - started < 60_000) {
    const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then((r) => r.status === 200, () => false);
    if (ok) {
      readyMs = performance.now() - started;
      break;
    }
    await Bun.sleep(10);
  }
  await Bun.sleep(3000);
  const rss = rssMb(child.pid);
  child.kill('SIGTERM');
  await child.exited;
  console.log(`${label.padEnd(22)} first 200 from /healthz: ${readyMs.toFixed(0).padStart(5)} ms   idle RSS: ${rss.toFixed(0)} MB`);
}

try {
  await once('first run (fresh dir)');
  for (let i = 1; i <= runs; i++) await once(`restart ${i}`);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
