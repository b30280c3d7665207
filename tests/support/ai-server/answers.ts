import { textAnswers } from './answers-text.ts';
import { translationAnswers } from './answers-translation.ts';
import { coverAnswers } from './answers-covers.ts';

export interface ChatRequest {
  model: string;
  messages: { role: string; content: string }[];
  response_format?: unknown;
  stream?: boolean;
  temperature?: number;
}

/** What the stand-in answers to one task: a JSON value (sent as the schema's JSON) or plain text. */
export type Answer = (request: ChatRequest) => unknown | Promise<unknown>;

/** The last user message, parsed when it is JSON (the app sends its inputs as JSON). */
export function lastUserInput(request: ChatRequest): unknown {
  const text = [...request.messages].reverse().find((m) => m.role === 'user')?.content ?? '';
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Keyed by the task (schema) name the app sends; `text` answers plain chats. */
export const defaultAnswers: Record<string, Answer> = {
  text: (request) => `Echo: ${String(lastUserInput(request)).slice(0, 200)}`,
  ...textAnswers,
  ...translationAnswers,
  ...coverAnswers,
};
