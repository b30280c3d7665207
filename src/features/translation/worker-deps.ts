import { loadConfig } from '../../config.ts';
import { createAiClient, type AiClient } from '../../integrations/ai/index.ts';
import { createLogger } from '../../platform/log.ts';
import { PermanentJobError } from '../../platform/queue/index.ts';
import type { TranslationJobDeps } from './job.ts';

/** The translation job's AI client inside its worker thread, from the process's environment. */
export function translationJobDeps(env: Record<string, string | undefined> = process.env): TranslationJobDeps {
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
