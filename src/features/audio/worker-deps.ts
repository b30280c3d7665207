import { loadConfig } from '../../config.ts';
import { createTtsRegistry } from '../../integrations/tts/index.ts';
import { silentLogger } from '../../platform/log.ts';
import { openObjectStore } from '../../platform/objects/index.ts';
import type { ObjectStore } from '../../platform/objects/port.ts';
import { deriveKey, resolveAuthSecret } from '../../platform/secrets.ts';
import type { AudioJobDeps } from './generation/job.ts';

/**
 * What the audio job needs inside its worker thread, built from the same environment the process
 * started with: a thread shares no objects with the main one, only the database (through the
 * queue). The object store is the configured one (S3, or the files under DATA_DIR the main thread
 * serves); the speech registry is this thread's own.
 */
export function productionJobDeps(env: Record<string, string | undefined> = process.env): AudioJobDeps {
  const config = loadConfig(env);
  let objects: Promise<ObjectStore> | null = null;
  return {
    speech: createTtsRegistry({ engines: config.tts.engines, openai: config.tts.openai }),
    objects: () =>
      (objects ??= (async () => {
        // The filesystem store signs links with this key; the job never signs, but keeps it right.
        const secret = deriveKey(resolveAuthSecret(config.authSecret, config.dataDir, silentLogger), 'objects');
        return openObjectStore({ s3: config.s3, dataDir: config.dataDir, baseUrl: config.baseUrl, secret });
      })()),
  };
}
