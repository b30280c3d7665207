import { loadConfig } from '../../config.ts';
import { silentLogger } from '../../platform/log.ts';
import { openObjectStore } from '../../platform/objects/index.ts';
import type { ObjectStore } from '../../platform/objects/port.ts';
import { deriveKey, resolveAuthSecret } from '../../platform/secrets.ts';
import type { ImportJobDeps } from './job.ts';

/** The import job's object store inside its worker thread, from the process's environment. */
export function importJobDeps(env: Record<string, string | undefined> = process.env): ImportJobDeps {
  let objects: ObjectStore | null = null;
  return {
    async objects() {
      if (objects) return objects;
      const config = loadConfig(env);
      const secret = deriveKey(resolveAuthSecret(config.authSecret, config.dataDir, silentLogger), 'objects');
      return (objects = openObjectStore({ s3: config.s3, dataDir: config.dataDir, baseUrl: config.baseUrl, secret }));
    },
  };
}
