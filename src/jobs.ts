import type { BootedPlatform } from './platform/boot.ts';

/** The job kinds this build runs, and the runner that claims them (filled in with the queue). */
export function startJobs(_platform: BootedPlatform): { stop(): Promise<void> } {
  return { stop: async () => {} };
}
