export { createAiClient, type AiClientOptions } from './client.ts';
export { AiTimeoutError, AiUpstreamError } from './errors.ts';
export type { AiCall, AiClient, AiUsage, ChatMessage, GeneratedImage, JsonTask, ReferenceImage } from './port.ts';
