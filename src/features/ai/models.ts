import type { Cache } from '../../platform/cache/port.ts';
import type { AiCall, AiClient } from '../../integrations/ai/index.ts';

/** interface.md "Cache lifetime": the text and image model lists, 10 minutes. */
export const MODEL_LIST_TTL_SECONDS = 600;
const KEY = 'ai:models';

export interface ModelLists {
  text: string[];
  image: string[];
}

/** The AI service's models, split into text and image (the configured ones first), from the cache when fresh. */
export async function cachedModels(cache: Cache, client: AiClient, call?: AiCall): Promise<ModelLists> {
  const cached = await cache.get(KEY);
  if (cached) return JSON.parse(cached) as ModelLists;
  const lists = await client.listModels(call);
  await cache.set(KEY, JSON.stringify(lists), MODEL_LIST_TTL_SECONDS);
  return lists;
}
