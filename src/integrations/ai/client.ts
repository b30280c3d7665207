import OpenAI, { BadRequestError, toFile } from 'openai';
import type { TSchema } from '@sinclair/typebox';
import type { AiConfig } from '../../config.ts';
import type { Logger } from '../../platform/log.ts';
import { AiUpstreamError, toAiError } from './errors.ts';
import { extractJson, jsonInstruction, schemaErrors } from './json.ts';
import { splitModels } from './models.ts';
import type { AiCall, AiClient, AiUsage, ChatMessage, GeneratedImage, JsonTask } from './port.ts';

export interface AiClientOptions {
  config: AiConfig;
  log: Logger;
}

const MAX_IMAGE_BYTES = 20 * 1024 * 1024;

/** Retries on 429, 5xx and time-outs follow the SDK's backoff (Retry-After honoured), `config.maxRetries` times. */
export function createAiClient({ config, log }: AiClientOptions): AiClient {
  const sdk = new OpenAI({ baseURL: config.baseUrl, apiKey: config.apiKey ?? 'none', timeout: config.timeoutMs, maxRetries: config.maxRetries });
  // Learnt on the first refusal: this server has no json_schema response format.
  let structured = true;

  const guard = async <T>(call: AiCall | undefined, run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (error) {
      throw toAiError(error, config.timeoutMs, call?.signal);
    }
  };
  const report = (call: AiCall | undefined, usage: Partial<AiUsage>) => call?.onUsage?.({ requests: 1, promptTokens: 0, completionTokens: 0, images: 0, ...usage });

  async function complete(messages: ChatMessage[], call: AiCall | undefined, extra: Record<string, unknown> = {}): Promise<string> {
    const response = await sdk.chat.completions.create({ model: call?.model ?? config.textModel, messages, ...extra } as never, { signal: call?.signal });
    const usage = (response as { usage?: { prompt_tokens?: number; completion_tokens?: number } }).usage;
    report(call, { promptTokens: usage?.prompt_tokens ?? 0, completionTokens: usage?.completion_tokens ?? 0 });
    const content = (response as { choices?: { message?: { content?: unknown } }[] }).choices?.[0]?.message?.content;
    if (typeof content !== 'string') throw new AiUpstreamError('The AI service answered without any text');
    return content;
  }

  async function askJson(task: JsonTask<TSchema>, call: AiCall | undefined, messages: ChatMessage[]): Promise<string> {
    const extra = { temperature: task.temperature ?? 0.4 };
    if (structured) {
      try {
        return await complete(messages, call, { ...extra, response_format: { type: 'json_schema', json_schema: { name: task.name, schema: task.schema, strict: false } } });
      } catch (error) {
        if (!(error instanceof BadRequestError) || !/response_format|json_schema|structured/i.test(error.message)) throw error;
        structured = false;
        log.info('AI service has no structured output; asking for JSON in the prompt');
      }
    }
    return complete([{ role: 'system', content: jsonInstruction(task.name, task.schema) }, ...messages], call, extra);
  }

  return {
    textModel: config.textModel,
    imageModel: config.imageModel,

    json: (task, call) =>
      guard(call, async () => {
        let answer = await askJson(task, call, task.messages);
        for (let attempt = 0; ; attempt++) {
          let problem: string | null;
          let value: unknown;
          try {
            value = extractJson(answer);
            problem = schemaErrors(task.schema, value);
          } catch {
            problem = 'the answer was not valid JSON';
          }
          if (!problem) return value as never;
          if (attempt === 1) throw new AiUpstreamError(`The AI service did not answer with the expected JSON (${problem})`);
          log.info('AI answer did not fit its schema; asking once to repair it', { task: task.name, problem });
          answer = await askJson(task, call, [...task.messages, { role: 'assistant', content: answer }, { role: 'user', content: `That answer is not usable: ${problem}. Reply again with only the corrected JSON.` }]);
        }
      }),

    text: (messages, call) => guard(call, () => complete(messages, call, call?.temperature !== undefined ? { temperature: call.temperature } : {})),

    async *streamText(messages, call) {
      try {
        const stream = await sdk.chat.completions.create({ model: call?.model ?? config.textModel, messages, stream: true, stream_options: { include_usage: true } } as never, { signal: call?.signal });
        for await (const chunk of stream as unknown as AsyncIterable<{ choices?: { delta?: { content?: string } }[]; usage?: { prompt_tokens?: number; completion_tokens?: number } }>) {
          if (chunk.usage) report(call, { promptTokens: chunk.usage.prompt_tokens ?? 0, completionTokens: chunk.usage.completion_tokens ?? 0 });
          const piece = chunk.choices?.[0]?.delta?.content;
          if (piece) yield piece;
        }
      } catch (error) {
        throw toAiError(error, config.timeoutMs, call?.signal);
      }
    },

    generateImage: (request, call) =>
      guard(call, async () => {
        const response = await sdk.images.generate({ model: call?.model ?? config.imageModel, prompt: request.prompt, n: request.n ?? 1, ...(request.size ? { size: request.size } : {}) } as never, { signal: call?.signal });
        return imagesOf(response, call);
      }),

    editImage: (request, call) =>
      guard(call, async () => {
        const image = await toFile(request.reference.bytes, request.reference.name ?? 'reference', { type: request.reference.mime });
        const response = await sdk.images.edit({ model: call?.model ?? config.imageModel, prompt: request.prompt, image, n: request.n ?? 1, ...(request.size ? { size: request.size } : {}) } as never, { signal: call?.signal });
        return imagesOf(response, call);
      }),

    listModels: (call) =>
      guard(call, async () => {
        const ids: string[] = [];
        for await (const model of sdk.models.list({ signal: call?.signal } as never)) ids.push(model.id);
        return splitModels(ids, { text: config.textModel, image: config.imageModel });
      }),
  };

  async function imagesOf(response: unknown, call: AiCall | undefined): Promise<GeneratedImage[]> {
    const data = (response as { data?: { b64_json?: string; url?: string }[] }).data ?? [];
    const images: GeneratedImage[] = [];
    for (const item of data) {
      if (item.b64_json) images.push(sniff(Buffer.from(item.b64_json, 'base64')));
      else if (item.url) images.push(await download(item.url, call?.signal));
    }
    if (images.length === 0) throw new AiUpstreamError('The AI service answered without an image');
    report(call, { images: images.length });
    return images;
  }
}

/** Some servers answer with a link instead of the bytes: fetched once, capped. */
async function download(url: string, signal?: AbortSignal): Promise<GeneratedImage> {
  if (!/^https?:\/\//i.test(url)) throw new AiUpstreamError('The AI service answered with an image link that cannot be fetched');
  const response = await fetch(url, { signal });
  if (!response.ok) throw new AiUpstreamError(`The generated image could not be fetched (${response.status})`);
  const bytes = new Uint8Array(await response.arrayBuffer());
  if (bytes.byteLength > MAX_IMAGE_BYTES) throw new AiUpstreamError('The generated image is too large');
  return sniff(bytes);
}

function sniff(bytes: Uint8Array): GeneratedImage {
  const head = Buffer.from(bytes.subarray(0, 12));
  const mime = head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    ? 'image/png'
    : head[0] === 0xff && head[1] === 0xd8
      ? 'image/jpeg'
      : head.subarray(0, 4).toString('latin1') === 'RIFF' && head.subarray(8, 12).toString('latin1') === 'WEBP'
        ? 'image/webp'
        : 'application/octet-stream';
  if (mime === 'application/octet-stream') throw new AiUpstreamError('The AI service answered with something that is not an image');
  return { bytes, mime };
}
