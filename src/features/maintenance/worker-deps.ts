import { loadConfig } from '../../config.ts';
import { silentLogger } from '../../platform/log.ts';
import { openObjectStore } from '../../platform/objects/index.ts';
import { deriveKey, resolveAuthSecret } from '../../platform/secrets.ts';
import type { MaintenanceDeps } from './job.ts';

/**
 * The maintenance job's object store inside its worker thread, from the environment the process
 * started with (the same `S3_*` or `DATA_DIR` as every process: a thread shares no objects with
 * the main one).
 */
export function productionMaintenanceDeps(env: Record<string, string | undefined> = process.env): MaintenanceDeps {
  return {
    async openObjects() {
      const config = loadConfig(env);
      // The filesystem store signs links with this key; the sweep never signs, but keeps it right.
      const secret = deriveKey(resolveAuthSecret(config.authSecret, config.dataDir, silentLogger), 'objects');
      return openObjectStore({ s3: config.s3, dataDir: config.dataDir, baseUrl: config.baseUrl, secret });
    },
  };
}
