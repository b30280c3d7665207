import { loadConfig } from '../../config.ts';
import { silentLogger } from '../../platform/log.ts';
import { openObjectStore } from '../../platform/objects/index.ts';
import type { ObjectStore } from '../../platform/objects/port.ts';
import { deriveKey, resolveAuthSecret } from '../../platform/secrets.ts';
import type { ImportJobDeps } from './job.ts';
import { importLimits } from './limits.ts';
import { coverLimits } from '../covers/limits.ts';
import { scratchRoot } from './scratch.ts';

/** The import job's object store, scratch folder and limits inside its worker thread, from the process's environment. */
export function importJobDeps(env: Record<string, string | undefined> = process.env): ImportJobDeps {
  const config = loadConfig(env);
  let objects: ObjectStore | null = null;
  return {
    scratchDir: scratchRoot(config.dataDir),
    limits: importLimits(config.content.importLimits),
    coverLimits: coverLimits(config.content.coverMaxDimension),
    async objects() {
      if (objects) return objects;
      const secret = deriveKey(resolveAuthSecret(config.authSecret, config.dataDir, silentLogger), 'objects');
      return (objects = openObjectStore({ s3: config.s3, dataDir: config.dataDir, baseUrl: config.baseUrl, secret }));
    },
  };
}
