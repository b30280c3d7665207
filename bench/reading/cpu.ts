/**
 * How busy the machine is with work that is not the benchmark's. Other processes (tests, type
 * checks) compete with the server and wrk for the same cores, so each measured run reports the CPU
 * that everything else used during it, and runs can wait for a quiet moment first.
 * Linux only (/proc); elsewhere the figures are null.
 */
import { readFileSync } from 'node:fs';

const TICK = 100; // USER_HZ: /proc times are in 1/100 s on Linux

/** Busy and total jiffies of all CPUs together, from the first line of /proc/stat. */
function machineJiffies(): { busy: number; total: number } | null {
  try {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
    const [user, nice, system, idle, iowait, irq, softirq, steal] = fields as [number, number, number, number, number, number, number, number];
    const total = user + nice + system + idle + iowait + irq + softirq + steal;
    return { busy: total - idle - iowait, total };
  } catch {
    return null;
  }
}

/** utime + stime of a process (all its threads), in jiffies; 0 when it is gone. */
export function processJiffies(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
}

export type Groups = Record<string, readonly number[]>;

export interface CpuUse {
  seconds: number;
  /** Cores used by each group of processes during the window (plus `extra` seconds, e.g. wrk's own rusage). */
  cores: Record<string, number>;
  /** Cores used by everything else (busy time of the machine minus the groups); null off Linux. */
  othersCores: number | null;
}

export interface CpuWindow {
  /** Ends the window; `groupsAfter` adds processes that appeared meanwhile (new database backends). */
  end(groupsAfter: Groups, extraSeconds?: Record<string, number>): CpuUse;
}

/** Starts measuring the CPU of groups of processes (server, database backends…) and of the machine. */
export function cpuWindow(groups: Groups): CpuWindow {
  const started = performance.now();
  const machine = machineJiffies();
  const before = new Map(Object.values(groups).flat().map((pid) => [pid, processJiffies(pid)]));
  return {
    end(groupsAfter, extraSeconds = {}) {
      const seconds = (performance.now() - started) / 1000;
      const after = machineJiffies();
      const cores: Record<string, number> = {};
      let own = 0;
      for (const name of new Set([...Object.keys(groups), ...Object.keys(groupsAfter), ...Object.keys(extraSeconds)])) {
        let jiffies = 0;
        // A process that ended meanwhile reads 0: its share is lost rather than subtracted.
        for (const pid of new Set([...(groups[name] ?? []), ...(groupsAfter[name] ?? [])])) jiffies += Math.max(0, processJiffies(pid) - (before.get(pid) ?? 0));
        const used = jiffies / TICK + (extraSeconds[name] ?? 0);
        cores[name] = used / seconds;
        own += used;
      }
      if (!machine || !after) return { seconds, cores, othersCores: null };
      const busyCores = (after.busy - machine.busy) / TICK / seconds;
      return { seconds, cores, othersCores: Math.max(0, busyCores - own / seconds) };
    },
  };
}

/** Busy cores over the next `ms` while the benchmark itself is idle. */
export async function idleBusyCores(ms = 1000): Promise<number | null> {
  const a = machineJiffies();
  await Bun.sleep(ms);
  const b = machineJiffies();
  return a && b ? (b.busy - a.busy) / TICK / (ms / 1000) : null;
}

/** Waits (up to `maxSeconds`) until other work uses at most `threshold` cores; returns the last reading. */
export async function waitForQuiet(threshold: number, maxSeconds: number): Promise<{ busy: number | null; waited: number }> {
  const started = performance.now();
  let busy = await idleBusyCores();
  while (busy !== null && busy > threshold && (performance.now() - started) / 1000 < maxSeconds) busy = await idleBusyCores();
  return { busy, waited: (performance.now() - started) / 1000 };
}
