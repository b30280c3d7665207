import type { Config } from '../config.ts';
import type { DatabaseHandle, Db } from './db/index.ts';
import type { Cache } from './cache/port.ts';
import type { ObjectStore } from './objects/port.ts';
import type { Logger } from './log.ts';
import type { Clock } from './clock.ts';

/** What every feature stands on, chosen once at start (src/platform/boot.ts). */
export interface Platform {
  readonly config: Readonly<Config>;
  readonly database: DatabaseHandle;
  readonly db: Db;
  readonly cache: Cache;
  readonly objects: ObjectStore;
  readonly log: Logger;
  /** Now, for limits per day, expiries and schedules; fixed in tests. */
  readonly clock: Clock;
}
