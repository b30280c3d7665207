import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'bun:test';
import { Type } from '@sinclair/typebox';
import { createAiClient, AiTimeoutError, AiUpstreamError, type AiClient, type AiUsage } from '../../src/integrations/ai/index.ts';
import { silentLogger } from '../../src/platform/log.ts';
import { startAiServer, type AiServer } from '../support/ai-server/server.ts';

const Probe = Type.Object({ words: Type.Array(Type.String(), { minItems: 1 }), count: Type.Integer() });
const task = { name: 'probe', schema: Probe, messages: [{ role: 'user' as const, content: 'three words' }] };

let server: AiServer;
let client: AiClient;
const clientFor = (timeoutMs = 5000, maxRetries = 2) =>
  createAiClient({ config: { baseUrl: server.url, apiKey: 'k', textModel: 'test-text-model', imageModel: 'test-image-model', timeoutMs, maxRetries }, log: silentLogger });

beforeAll(async () => {
  server = await startAiServer({ apiKey: 'k' });
  server.answer('probe', () => ({ words: ['a', 'b', 'c'], count: 3 }));
});
beforeEach(() => {
  server.structured = true;
  server.clearFaults();
  server.requests.length = 0;
  client = clientFor();
});
afterAll(() => server.stop());

describe('JSON answers', () => {
  test('structured output: the schema goes to the server by name and the answer is validated', async () => {
    const usage: AiUsage[] = [];
    expect(await client.json(task, { onUsage: (u) => usage.push(u) })).toEqual({ words: ['a', 'b', 'c'], count: 3 });
    const format = server.requests[0]!.body.response_format as { type: string; json_schema: { name: string } };
    expect([format.type, format.json_schema.name]).toEqual(['json_schema', 'probe']);
    expect(usage).toHaveLength(1);
    expect(usage[0]!.promptTokens).toBeGreaterThan(0);
  });

  test('a server without structured output: refused once, then JSON asked for in the prompt and read out of prose', async () => {
    server.structured = false;
    expect(await client.json(task)).toEqual({ words: ['a', 'b', 'c'], count: 3 });
    expect(await client.json(task)).toEqual({ words: ['a', 'b', 'c'], count: 3 });
    // The refusal is learnt: the second call goes straight to the prompt form.
    expect(server.requests.map((r) => Boolean(r.body.response_format))).toEqual([true, false, false]);
  });

  test('an answer that is not the JSON asked for is repaired once', async () => {
    server.fault({ invalidJson: true });
    expect(await client.json(task)).toEqual({ words: ['a', 'b', 'c'], count: 3 });
    const repair = server.requests[1]!.body.messages as { role: string; content: string }[];
    expect(repair.at(-1)!.content).toContain('not usable');
  });

  test('twice wrong is a 502 that says why', async () => {
    server.fault({ invalidJson: true, count: 2 });
    const error = await client.json(task).catch((e) => e);
    expect(error).toBeInstanceOf(AiUpstreamError);
    expect([error.status, error.code]).toEqual([502, 'bad_gateway']);
    expect(error.message).toContain('expected JSON');
  });

  test('JSON that breaks the schema counts as wrong', async () => {
    server.answer('probe-bad', () => ({ words: [], count: 'three' }));
    const error = await client.json({ ...task, name: 'probe-bad' }).catch((e) => e);
    expect(error).toBeInstanceOf(AiUpstreamError);
    expect(server.requests).toHaveLength(2);
  });
});

describe('failures', () => {
  test('429 and 500 are retried with backoff', async () => {
    server.fault({ status: 429 });
    server.fault({ status: 500 });
    expect(await client.json(task)).toEqual({ words: ['a', 'b', 'c'], count: 3 });
  });

  test('a 500 that lasts past the retries is a 502', async () => {
    server.fault({ status: 500, count: 3 });
    const error = await clientFor(5000, 1).json(task).catch((e) => e);
    expect(error).toBeInstanceOf(AiUpstreamError);
    expect(error.message).toBe('The AI service answered 500: The server had an error');
  });

  test('a server slower than the time-out is a 504', async () => {
    server.fault({ delayMs: 800, count: 2 });
    const error = await clientFor(200, 1).json(task).catch((e) => e);
    expect(error).toBeInstanceOf(AiTimeoutError);
    expect([error.status, error.code]).toEqual([504, 'gateway_timeout']);
  });

  test('a server that is down is a 502', async () => {
    const down = createAiClient({ config: { baseUrl: 'http://127.0.0.1:9/v1', apiKey: null, textModel: 't', imageModel: 'i', timeoutMs: 2000, maxRetries: 0 }, log: silentLogger });
    const error = await down.text([{ role: 'user', content: 'hi' }]).catch((e) => e);
    expect(error).toBeInstanceOf(AiUpstreamError);
    expect(error.message).toBe('Could not reach the AI service');
  });

  test('our own abort stays an abort', async () => {
    server.fault({ delayMs: 500 });
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error('cancelled')), 50);
    const error = await client.text([{ role: 'user', content: 'hi' }], { signal: controller.signal }).catch((e) => e);
    expect(error).not.toBeInstanceOf(AiUpstreamError);
    expect(error).not.toBeInstanceOf(AiTimeoutError);
  });
});

describe('text, streams, images and models', () => {
  test('plain text and a stream of pieces', async () => {
    expect(await client.text([{ role: 'user', content: 'hello there' }])).toBe('Echo: hello there');
    const pieces: string[] = [];
    for await (const piece of client.streamText([{ role: 'user', content: 'one two three' }])) pieces.push(piece);
    expect(pieces.length).toBeGreaterThan(1);
    expect(pieces.join('')).toBe('Echo: one two three');
  });

  test('image generation and image to image with a reference', async () => {
    const usage: AiUsage[] = [];
    const [made] = await client.generateImage({ prompt: 'a lighthouse' }, { onUsage: (u) => usage.push(u) });
    expect(made!.mime).toBe('image/png');
    expect(usage[0]!.images).toBe(1);
    const [edited] = await client.editImage({ prompt: 'at night', reference: { bytes: made!.bytes, mime: 'image/png', name: 'ref.png' } });
    expect(edited!.mime).toBe('image/png');
    expect(Buffer.from(edited!.bytes).equals(Buffer.from(made!.bytes))).toBe(false);
    const edit = server.requests.find((r) => r.path === '/v1/images/edits')!;
    expect(edit.image).toEqual({ type: 'image/png', size: made!.bytes.byteLength });
    expect(edit.body.model).toBe('test-image-model');
  });

  test('models split into text and image lists, the configured one first', async () => {
    const models = await client.listModels();
    expect(models.text).toEqual(['test-text-model', 'gpt-4o-mini']);
    expect(models.image).toEqual(['test-image-model', 'gpt-image-1']);
  });
});
