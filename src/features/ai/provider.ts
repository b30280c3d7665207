import type { Config } from '../../config.ts';
import type { Logger } from '../../platform/log.ts';
import { unavailable } from '../../platform/http/errors.ts';
import { createAiClient, type AiClient } from '../../integrations/ai/index.ts';

export const AI_NOT_CONFIGURED = 'No AI service is configured: set AI_BASE_URL (and AI_API_KEY) to use the AI tools';

/** The AI client of this process, made on first use; without AI_BASE_URL, 503 `ai_not_configured`. */
export interface AiProvider {
  readonly configured: boolean;
  /** Throws 503 `ai_not_configured` when no AI service is set. */
  client(): AiClient;
}

export function aiProvider(config: Pick<Config, 'ai'>, log: Logger): AiProvider {
  let client: AiClient | null = null;
  return {
    configured: config.ai !== null,
    client() {
      if (!config.ai) throw unavailable(AI_NOT_CONFIGURED, 'ai_not_configured');
      return (client ??= createAiClient({ config: config.ai, log: log.child({ component: 'ai' }) }));
    },
  };
}
