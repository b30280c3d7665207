import type { Subprocess } from 'bun';
import type { Logger } from './log.ts';

/**
 * WEB_PROCESSES > 1: this process serves HTTP and starts the others, which serve the same port
 * (the kernel spreads connections between them: SO_REUSEPORT) as ROLE=web without seeding. One
 * JavaScript thread per process, so a machine's cores all serve pages; the processes share the
 * database, the cache and the object store as separate instances do (docs/scaling.md). A web
 * process that exits is started again (after 1 s, doubling up to 30 s while it keeps failing), and
 * stopping this process stops them first.
 */
export interface WebProcesses {
  /** Their process ids, as they are now. */
  pids(): number[];
  stop(): Promise<void>;
}

const FIRST_DELAY_MS = 1000;
const MAX_DELAY_MS = 30_000;
/** A web process that ran this long before it exited starts again at once, as if new. */
const HEALTHY_AFTER_MS = 60_000;
const STOP_GRACE_MS = 10_000;

/** Set in a web process started by another: the id of the process that started it. */
const PARENT = 'CHAPTERHOUSE_WEB_PARENT';

/** Starts `extra` web processes on `port` (this process's own, which PORT=0 leaves to the system). */
export function startWebProcesses(extra: number, port: number, log: Logger): WebProcesses {
  const command = [process.execPath, ...process.argv.slice(1)];
  const env = { ...process.env, ROLE: 'web', WEB_PROCESSES: '1', REUSE_PORT: '1', SEED_DEMO: '0', PORT: String(port), [PARENT]: String(process.pid) };
  const slots: { child: Subprocess | null; delay: number; timer: ReturnType<typeof setTimeout> | null }[] = [];
  let stopping = false;

  const spawn = (slot: (typeof slots)[number], n: number) => {
    const startedAt = Date.now();
    const child = Bun.spawn(command, { env, stdin: 'ignore', stdout: 'inherit', stderr: 'inherit' });
    slot.child = child;
    void child.exited.then((code) => {
      slot.child = null;
      if (stopping) return;
      slot.delay = Date.now() - startedAt > HEALTHY_AFTER_MS ? FIRST_DELAY_MS : Math.min(slot.delay * 2, MAX_DELAY_MS);
      log.error('a web process exited; starting another', { web_process: n, code, restart_in_ms: slot.delay });
      slot.timer = setTimeout(() => spawn(slot, n), slot.delay);
    });
  };
  for (let n = 2; n < extra + 2; n++) {
    const slot = { child: null, delay: FIRST_DELAY_MS / 2, timer: null };
    slots.push(slot);
    spawn(slot, n);
  }
  log.info('web processes started', { count: extra + 1 });

  return {
    pids: () => slots.flatMap((slot) => (slot.child ? [slot.child.pid] : [])),
    async stop() {
      stopping = true;
      for (const slot of slots) if (slot.timer) clearTimeout(slot.timer);
      const running = slots.flatMap((slot) => (slot.child ? [slot.child] : []));
      for (const child of running) child.kill('SIGTERM');
      const grace = setTimeout(() => running.forEach((child) => child.kill('SIGKILL')), STOP_GRACE_MS);
      await Promise.all(running.map((child) => child.exited));
      clearTimeout(grace);
    },
  };
}

/**
 * In a web process started by another: calls `stop` once that process is gone (killed outright,
 * it could not stop this one), so no web process is left serving the port on its own.
 */
export function stopWithParent(stop: () => void): void {
  const parent = Number(process.env[PARENT]);
  if (!parent) return;
  setInterval(() => {
    if (process.ppid !== parent) stop();
  }, 2000).unref();
}
