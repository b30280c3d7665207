import { createEspeakEngine } from '../../src/integrations/tts/espeak.ts';
import { createMespeakEngine } from '../../src/integrations/tts/mespeak.ts';
import { createMp3Encoder } from '../../src/integrations/tts/mp3.ts';
import { resample } from '../../src/integrations/tts/narrate.ts';
import type { SpeechEngine } from '../../src/integrations/tts/port.ts';
import { encodeWav, pcmBytes } from '../../src/integrations/tts/wav.ts';
import { exitWithParent } from './exit-with-parent.ts';

/**
 * A local stand-in for an OpenAI-compatible speech server (what Kokoro-FastAPI answers):
 *   POST /v1/audio/speech {model, input, voice, response_format, speed} → audio bytes
 *   GET  /v1/audio/voices → {voices: [...]}
 * The audio is real speech, made with espeak-ng (or mespeak without it) and re-sampled to
 * Kokoro's 24 kHz. Tests can make the next requests fail or stall.
 *
 *   bun tests/support/tts-openai-server.ts [port]     # prints the base URL; runs until stdin closes
 */
export const KOKORO_VOICES = ['af_bella', 'af_sky', 'am_adam', 'bf_emma', 'bm_george', 'ef_dora', 'ff_siwis', 'pf_dora', 'af_bella+af_sky'];
const ESPEAK_FOR: Record<string, string> = { a: 'espeak-en-us', b: 'espeak-en-gb', e: 'espeak-es', f: 'espeak-fr', p: 'espeak-pt-br' };

export interface SpeechServerOptions {
  port?: number;
  /** When set, requests need `Authorization: Bearer <apiKey>` (else 401). */
  apiKey?: string;
  voices?: string[];
  /** false: GET /v1/audio/voices is 404, as on OpenAI itself. */
  listVoices?: boolean;
  sampleRate?: number;
  /** Each speech request takes this long per character of its input: a slow engine (journeys seek while a chapter is made). */
  msPerChar?: number;
}

export interface SpeechServer {
  /** Base URL as TTS_OPENAI_URL takes it (ends in /v1). */
  url: string;
  /** Every speech request's JSON body, in order. */
  requests: Record<string, unknown>[];
  /** The next `count` speech requests answer `status` with `body` instead of audio. */
  failNext(status: number, body?: string, count?: number): void;
  /** The next `count` speech requests wait `ms` before answering. */
  delayNext(ms: number, count?: number): void;
  stop(): Promise<void>;
}

export async function startSpeechServer(options: SpeechServerOptions = {}): Promise<SpeechServer> {
  const voices = options.voices ?? KOKORO_VOICES;
  const rate = options.sampleRate ?? 24000;
  const program = createEspeakEngine();
  const engine: SpeechEngine = (await program.available()) ? program : createMespeakEngine();
  const requests: Record<string, unknown>[] = [];
  const failures: { status: number; body: string }[] = [];
  const delays: number[] = [];
  const json = (status: number, body: unknown) => Response.json(body, { status });
  const invalid = (message: string) => json(400, { detail: { error: 'validation_error', message, type: 'invalid_request_error' } });

  const speech = async (request: Request): Promise<Response> => {
    let body: Record<string, unknown>;
    try {
      body = (await request.json()) as Record<string, unknown>;
    } catch {
      return invalid('Invalid JSON body');
    }
    requests.push(body);
    const delay = delays.shift();
    if (delay) await Bun.sleep(delay);
    const failure = failures.shift();
    if (failure) return new Response(failure.body, { status: failure.status, headers: { 'content-type': 'application/json' } });
    const { input, voice, response_format: format = 'mp3', speed = 1 } = body;
    if (typeof input !== 'string' || !input.trim()) return invalid('input must be a non-empty string');
    if (typeof voice !== 'string' || !voices.includes(voice)) return invalid(`Voice '${String(voice)}' not found`);
    if (typeof speed !== 'number' || speed < 0.25 || speed > 4) return invalid('speed must be between 0.25 and 4');
    if (!['mp3', 'wav', 'pcm'].includes(String(format))) return invalid(`Unsupported response_format ${String(format)}`);
    if (options.msPerChar) await Bun.sleep(options.msPerChar * input.length);
    const pcm = await engine.synthesize(input, ESPEAK_FOR[voice[0]!] ?? 'espeak-en-us');
    const samples = resample(pcm, rate);
    if (format === 'wav') {
      // Kokoro-FastAPI streams by default (ffmpeg's muxer on a pipe): sizes left at 0, a LIST chunk before the data.
      const wav = body.stream === false ? encodeWav({ sampleRate: rate, samples }) : streamedWav(rate, samples);
      return new Response(wav, { headers: { 'content-type': 'audio/wav' } });
    }
    if (format === 'pcm') return new Response(pcmBytes(samples).slice(), { headers: { 'content-type': 'audio/pcm' } });
    const encoder = await createMp3Encoder({ sampleRate: rate, backend: 'lamejs' });
    const mp3 = Buffer.concat([await encoder.encode(samples), await encoder.finish()]);
    return new Response(mp3, { headers: { 'content-type': 'audio/mpeg' } });
  };

  const server = Bun.serve({
    port: options.port ?? 0,
    hostname: '127.0.0.1',
    idleTimeout: 0,
    async fetch(request) {
      const { pathname } = new URL(request.url);
      if (options.apiKey && request.headers.get('authorization') !== `Bearer ${options.apiKey}`) return json(401, { detail: 'Invalid API key' });
      if (pathname === '/v1/audio/voices' && request.method === 'GET' && options.listVoices !== false) return json(200, { voices });
      if (pathname === '/v1/audio/speech' && request.method === 'POST') return speech(request);
      return json(404, { detail: 'Not Found' });
    },
  });

  return {
    url: `http://127.0.0.1:${server.port}/v1`,
    requests,
    failNext(status, body = JSON.stringify({ detail: 'failure requested by the test' }), count = 1) {
      for (let i = 0; i < count; i++) failures.push({ status, body });
    },
    delayNext(ms, count = 1) {
      for (let i = 0; i < count; i++) delays.push(ms);
    },
    async stop() {
      await server.stop(true);
    },
  };
}

/** A WAV as ffmpeg writes it to a pipe: RIFF and data sizes 0, an INFO list naming the muxer. */
function streamedWav(rate: number, samples: Int16Array): Uint8Array<ArrayBuffer> {
  const complete = encodeWav({ sampleRate: rate, samples });
  const list = new Uint8Array([...'LIST'].map((c) => c.charCodeAt(0)).concat([26, 0, 0, 0], [...'INFOISFT'].map((c) => c.charCodeAt(0)), [14, 0, 0, 0], [...'Lavf61.7.100\0\0'].map((c) => c.charCodeAt(0))));
  const out = Buffer.concat([complete.subarray(0, 36), list, complete.subarray(36)]);
  out.writeUInt32LE(0, 4);
  out.writeUInt32LE(0, 36 + list.length + 4);
  return out;
}

if (import.meta.main) {
  const server = await startSpeechServer({ port: Number(process.argv[2] ?? 0) });
  exitWithParent();
  console.log(server.url);
}
