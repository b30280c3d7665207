import type { Cache } from './port.ts';

/**
 * A process-local copy kept in step with other processes through the shared cache's pub/sub: the
 * copy may be kept only while `live` (the subscription is in place, so no change announced after
 * the copy was made can be missed). A subscription that fails is reported and never goes live:
 * every read then goes to the source.
 */
export interface ChangeListener {
  readonly live: boolean;
  /** Settles once the subscription is in place or has failed. */
  readonly ready: Promise<void>;
  stop(): Promise<void>;
}

export function listenForChanges(cache: Cache, channel: string, onChange: (message: string) => void, report: (error: unknown) => void): ChangeListener {
  let live = false;
  const subscription = cache.subscribe(channel, onChange).then(
    (unsubscribe) => {
      live = true;
      return unsubscribe;
    },
    (error) => {
      report(error);
      return null;
    },
  );
  return {
    get live() {
      return live;
    },
    ready: subscription.then(() => {}),
    async stop() {
      live = false;
      const unsubscribe = await subscription;
      await unsubscribe?.().catch(report);
    },
  };
}
