import { join } from 'node:path';
import { loadConfig } from '../../config.ts';
import { silentLogger } from '../../platform/log.ts';
import { openObjectStore } from '../../platform/objects/index.ts';
import type { ObjectStore } from '../../platform/objects/port.ts';
import { deriveKey, resolveAuthSecret } from '../../platform/secrets.ts';
import { coverLimits } from '../covers/limits.ts';
import { generateAudioKind } from '../audio/generation/kind.ts';
import type { ExportJobDeps } from './job.ts';

/** The export job's object store, scratch folder and limits inside its worker thread, from the process's environment. */
export function exportJobDeps(env: Record<string, string | undefined> = process.env): ExportJobDeps {
  const config = loadConfig(env);
  let objects: ObjectStore | null = null;
  return {
    audioKind: generateAudioKind,
    coverLimits: coverLimits(config.content.coverMaxDimension),
    // DATA_DIR/tmp/exports, beside the imports' scratch (imports/scratch.ts): on the instance's volume, never in the system temp folder.
    scratchDir: join(config.dataDir, 'tmp', 'exports'),
    async objects() {
      if (objects) return objects;
      const secret = deriveKey(resolveAuthSecret(config.authSecret, config.dataDir, silentLogger), 'objects');
      return (objects = openObjectStore({ s3: config.s3, dataDir: config.dataDir, baseUrl: config.baseUrl, secret }));
    },
  };
}
