import type { Static, TSchema } from '@sinclair/typebox';

/** What one call to the AI service cost; handed to `onUsage` so a job can log and count it. */
export interface AiUsage {
  requests: number;
  promptTokens: number;
  completionTokens: number;
  images: number;
}

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface AiCall {
  signal?: AbortSignal;
  /** Another model than the configured one (an admin's choice). */
  model?: string;
  onUsage?: (usage: AiUsage) => void;
}

export interface JsonTask<S extends TSchema> {
  /** Names the schema to the server (structured output) and in the fallback instruction. */
  name: string;
  schema: S;
  messages: ChatMessage[];
  temperature?: number;
}

export interface GeneratedImage {
  bytes: Uint8Array;
  mime: string;
}

export interface ReferenceImage {
  bytes: Uint8Array;
  mime: string;
  name?: string;
}

/**
 * An OpenAI-compatible text and image service (src/integrations/ai/client.ts). Every method throws
 * AiUpstreamError (502) or AiTimeoutError (504) when the service fails; retries on 429 and 5xx
 * happen inside.
 */
export interface AiClient {
  readonly textModel: string;
  readonly imageModel: string;
  /** A JSON answer validated against `schema` (structured output where the server has it, one repair retry). */
  json<S extends TSchema>(task: JsonTask<S>, call?: AiCall): Promise<Static<S>>;
  text(messages: ChatMessage[], call?: AiCall & { temperature?: number }): Promise<string>;
  /** The answer as it is written, piece by piece. */
  streamText(messages: ChatMessage[], call?: AiCall): AsyncGenerator<string>;
  generateImage(request: { prompt: string; size?: string; n?: number }, call?: AiCall): Promise<GeneratedImage[]>;
  /** Image to image: the prompt applied to a reference picture. */
  editImage(request: { prompt: string; reference: ReferenceImage; size?: string; n?: number }, call?: AiCall): Promise<GeneratedImage[]>;
  listModels(call?: AiCall): Promise<{ text: string[]; image: string[] }>;
}
