import sharp from 'sharp';
import { defaultAnswers, type Answer, type ChatRequest } from './answers.ts';

/**
 * A local stand-in for an OpenAI-compatible AI service, speaking its real protocol:
 *   POST /v1/chat/completions   structured output (response_format json_schema), plain, streaming
 *   POST /v1/images/generations {model, prompt, n, size} → {data: [{b64_json}]}
 *   POST /v1/images/edits       multipart (image, prompt, model) → {data: [{b64_json}]}
 *   GET  /v1/models             {data: [{id}]}
 * Answers come from per-task answerers (answers.ts), keyed by the schema's name; tests can add
 * their own, switch structured output off, and make the next requests slow, fail or answer junk.
 *
 *   bun tests/support/ai-server/main.ts [port]      # prints the base URL (AI_BASE_URL)
 */
export interface AiFault {
  /** Answer this status instead (429 carries `retry-after-ms`). */
  status?: number;
  /** Wait this long before answering. */
  delayMs?: number;
  /** Answer 200 with text that is not the JSON asked for. */
  invalidJson?: boolean;
  /** How many requests it applies to (default 1). */
  count?: number;
}

export interface RecordedRequest {
  path: string;
  body: Record<string, unknown>;
  /** For image edits: the reference image's type and size as received. */
  image?: { type: string; size: number };
}

export interface AiServer {
  /** AI_BASE_URL for the app (ends in /v1). */
  url: string;
  requests: RecordedRequest[];
  /** How many times GET /v1/models was asked (kept apart from `requests`). */
  modelListings: number;
  /** false: a json_schema response format is refused with 400, as older servers do. */
  structured: boolean;
  answer(task: string, answer: Answer): void;
  /** The next requests (any path but /v1/models) meet this fault. */
  fault(fault: AiFault): void;
  clearFaults(): void;
  /** Every chat request waits for this promise (a test's gate) before answering. */
  hold(gate: Promise<void> | null): void;
  stop(): Promise<void>;
}

export const TEXT_MODELS = ['test-text-model', 'gpt-4o-mini'];
export const IMAGE_MODELS = ['test-image-model', 'gpt-image-1'];

export async function startAiServer(options: { port?: number; apiKey?: string } = {}): Promise<AiServer> {
  const answers = new Map<string, Answer>(Object.entries(defaultAnswers));
  const faults: Required<AiFault>[] = [];
  let gate: Promise<void> | null = null;

  const state: AiServer = {
    url: '',
    requests: [],
    modelListings: 0,
    structured: true,
    answer: (task, answer) => void answers.set(task, answer),
    fault: (fault) => void faults.push({ status: 0, delayMs: 0, invalidJson: false, count: 1, ...fault }),
    clearFaults: () => void faults.splice(0),
    hold: (next) => void (gate = next),
    stop: async () => server.stop(true),
  };

  const takeFault = (): Required<AiFault> | null => {
    const fault = faults[0];
    if (!fault) return null;
    if (--fault.count <= 0) faults.shift();
    return fault;
  };

  const server = Bun.serve({
    port: options.port ?? 0,
    hostname: '127.0.0.1',
    idleTimeout: 0,
    async fetch(request) {
      const path = new URL(request.url).pathname;
      if (options.apiKey && request.headers.get('authorization') !== `Bearer ${options.apiKey}`) return error(401, 'Incorrect API key provided');
      if (request.method === 'GET' && path === '/v1/models') {
        state.modelListings++;
        return Response.json({ object: 'list', data: [...TEXT_MODELS, ...IMAGE_MODELS, 'text-embedding-3-small'].map((id) => ({ id, object: 'model', owned_by: 'local' })) });
      }
      const fault = takeFault();
      if (fault?.delayMs) await Bun.sleep(fault.delayMs);
      if (fault?.status) {
        const headers = fault.status === 429 ? { 'retry-after-ms': '10' } : undefined;
        return error(fault.status, fault.status === 429 ? 'Rate limit reached' : 'The server had an error', headers);
      }
      if (request.method === 'POST' && path === '/v1/chat/completions') return chat(await request.json(), fault);
      if (request.method === 'POST' && path === '/v1/images/generations') {
        const body = (await request.json()) as Record<string, unknown>;
        state.requests.push({ path, body });
        return images(String(body.prompt ?? ''), Number(body.n ?? 1), 'generate');
      }
      if (request.method === 'POST' && path === '/v1/images/edits') {
        const form = await request.formData();
        const image = form.get('image') ?? form.get('image[]');
        const body = Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === 'string')) as Record<string, unknown>;
        state.requests.push({ path, body, image: image instanceof Blob ? { type: image.type, size: image.size } : undefined });
        if (!(image instanceof Blob)) return error(400, "Missing required parameter: 'image'");
        return images(String(body.prompt ?? ''), Number(body.n ?? 1), 'edit');
      }
      return error(404, `Unknown path ${path}`);
    },
  });
  state.url = `http://127.0.0.1:${server.port}/v1`;
  return state;

  async function chat(body: ChatRequest, fault: Required<AiFault> | null): Promise<Response> {
    state.requests.push({ path: '/v1/chat/completions', body: body as unknown as Record<string, unknown> });
    if (gate) await gate;
    const format = body.response_format as { type?: string; json_schema?: { name?: string } } | undefined;
    if (format?.type === 'json_schema' && !state.structured) return error(400, "Invalid parameter: 'response_format' of type 'json_schema' is not supported with this model.");
    const task = format?.json_schema?.name ?? /named "([^"]+)"/.exec(body.messages.map((m) => m.content).join('\n'))?.[1] ?? 'text';
    const answerer = answers.get(task) ?? answers.get('text')!;
    const value = await answerer(body);
    let content = typeof value === 'string' ? value : JSON.stringify(value);
    if (fault?.invalidJson) content = 'Sure! Here are some ideas, though I could not format them.';
    else if (format?.type !== 'json_schema' && typeof value !== 'string') content = `Here you go:\n\`\`\`json\n${content}\n\`\`\``;
    const usage = { prompt_tokens: Math.ceil(JSON.stringify(body.messages).length / 4), completion_tokens: Math.ceil(content.length / 4) };
    if (body.stream) return stream(content, usage);
    return Response.json({
      id: `chatcmpl-${crypto.randomUUID()}`,
      object: 'chat.completion',
      created: 0,
      model: body.model,
      choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
      usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens },
    });
  }
}

function stream(content: string, usage: { prompt_tokens: number; completion_tokens: number }): Response {
  const words = content.match(/\S+\s*/g) ?? [];
  const frames = [...words.map((w) => ({ choices: [{ index: 0, delta: { content: w } }] })), { choices: [], usage }];
  const text = frames.map((f) => `data: ${JSON.stringify({ id: 'chatcmpl-stream', object: 'chat.completion.chunk', ...f })}\n\n`).join('') + 'data: [DONE]\n\n';
  return new Response(text, { headers: { 'content-type': 'text/event-stream' } });
}

async function images(prompt: string, n: number, mode: 'generate' | 'edit'): Promise<Response> {
  const data = [];
  for (let i = 0; i < Math.min(Math.max(n, 1), 4); i++) data.push({ b64_json: (await picture(`${mode}:${prompt}:${i}`)).toString('base64') });
  return Response.json({ created: 0, data, usage: { input_tokens: 10, output_tokens: 100 } });
}

/** A small cover-shaped PNG whose colour follows the prompt, so two prompts give two pictures. */
export async function picture(seed: string): Promise<Buffer> {
  const hash = [...new Bun.CryptoHasher('sha1').update(seed).digest()];
  const [r, g, b] = [hash[0]!, hash[1]!, hash[2]!];
  return sharp({ create: { width: 256, height: 384, channels: 3, background: { r, g, b } } })
    .composite([{ input: Buffer.from(`<svg width="256" height="384"><rect x="24" y="24" width="208" height="336" fill="none" stroke="white" stroke-width="6"/></svg>`) }])
    .png()
    .toBuffer();
}

function error(status: number, message: string, headers?: Record<string, string>): Response {
  return Response.json({ error: { message, type: status === 429 ? 'rate_limit_exceeded' : 'server_error', code: null } }, { status, headers });
}
