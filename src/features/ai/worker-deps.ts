import { loadConfig } from '../../config.ts';
import { createLogger } from '../../platform/log.ts';
import { createAiClient, type AiClient } from '../../integrations/ai/index.ts';
import { PermanentJobError } from '../../platform/queue/index.ts';
import type { AiJobDeps } from './chapter-names/job.ts';

/** An AI job's client inside its worker thread, from the process's environment (chapter names, translation). */
export function aiJobDeps(env: Record<string, string | undefined> = process.env): AiJobDeps {
  let client: AiClient | null = null;
  return {
    ai() {
      if (client) return client;
      const config = loadConfig(env);
      if (!config.ai) throw new PermanentJobError('No AI service is configured (AI_BASE_URL)');
      return (client = createAiClient({ config: config.ai, log: createLogger(config.logLevel).child({ component: 'ai' }) }));
    },
  };
}
