import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import type { Subprocess } from 'bun';

export const ROOT = resolve(import.meta.dir, '../..');

export function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => ok(port));
    });
    server.on('error', fail);
  });
}

export interface AppProcess {
  child: Subprocess<'ignore', 'pipe', 'pipe'>;
  /** Resolves with the first stdout line (the start-up announcement). */
  announced: Promise<string>;
  stop(): Promise<void>;
}

/** `bun src/main.ts` as an operator would run it, with the given environment. */
export function spawnApp(env: Record<string, string>): AppProcess {
  const child = Bun.spawn([process.execPath, 'src/main.ts'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', ...env },
    stdin: 'ignore',
    stdout: 'pipe',
    stderr: 'pipe',
  });
  const announced = (async () => {
    const reader = child.stdout.getReader();
    let text = '';
    while (!text.includes('\n')) {
      const { value, done } = await reader.read();
      if (done) break;
      text += new TextDecoder().decode(value);
    }
    reader.releaseLock();
    return text.split('\n')[0] ?? '';
  })();
  return {
    child,
    announced,
    async stop() {
      child.kill('SIGTERM');
      await child.exited;
    },
  };
}

/** The web processes an app started with WEB_PROCESSES (its children running src/main.ts; it also runs speech programs), from /proc. */
export function webProcessesOf(pid: number): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        // The field after the parenthesised command name: state, then the parent's id.
        const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid && readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes('src/main.ts');
      } catch {
        return false;
      }
    })
    .map(Number);
}
