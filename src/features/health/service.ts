export type Probe = () => Promise<void>;
export type CheckResult = 'ok' | 'unreachable';

const TIMEOUT_MS = 2500;

function withTimeout(probe: Probe): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('timed out')), TIMEOUT_MS);
    probe().then(resolve, reject).finally(() => clearTimeout(timer));
  });
}

/** Runs every probe at once; a part is ready when its probe answers within the time-out. */
export async function checkReadiness(probes: Record<string, Probe>): Promise<{ ready: boolean; checks: Record<string, CheckResult> }> {
  const names = Object.keys(probes);
  const results = await Promise.allSettled(names.map((name) => withTimeout(probes[name]!)));
  const checks: Record<string, CheckResult> = {};
  names.forEach((name, i) => (checks[name] = results[i]!.status === 'fulfilled' ? 'ok' : 'unreachable'));
  return { ready: results.every((r) => r.status === 'fulfilled'), checks };
}
