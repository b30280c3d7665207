import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { getJob, type Job } from '../../src/platform/queue/index.ts';
import { scheduleMissingVoiceSamples } from '../../src/features/audio/samples/service.ts';
import { silentLogger } from '../../src/platform/log.ts';
import { anon, audioCall, startAudioApp, type AudioTestApp, type Who } from '../support/audio-app.ts';
import { fakeSpeech } from '../support/audio-engines.ts';
import { loginAs } from '../support/auth.ts';

/**
 * POST /api/audio/voice-samples and GET /api/presign/voice-sample/{voice}: the real queue runs the
 * audio.voice-samples job with the fake engines in real worker threads (tests/support/audio-app.ts).
 */
let app: AudioTestApp;
let admin: Who;
beforeAll(async () => {
  app = await startAudioApp({ runner: false, samples: true });
  admin = { cookie: (await loginAs(app, 'samples-admin', { role: 'admin' })).cookie };
}, 30_000);
afterAll(() => app.close(), 30_000);

type JobBody = { job_id: string; status: string };
const post = (who: Who, body?: unknown) => audioCall(app, 'POST', '/api/audio/voice-samples', who, body);
const presign = (voice: string) => audioCall(app, 'GET', `/api/presign/voice-sample/${voice}`, anon('samples-reader'));

async function settled(id: string): Promise<Job> {
  for (const until = Date.now() + 30_000; ; await Bun.sleep(50)) {
    const job = await getJob(app.platform.db, id);
    if (job && (job.status === 'done' || job.status === 'failed' || job.status === 'cancelled')) return job;
    if (Date.now() > until) throw new Error(`voice-samples job ${id} never settled: ${JSON.stringify(job)}`);
  }
}

describe('before any sample exists', () => {
  test('presign is 404 for a known voice, in the words of the audio presign', async () => {
    const res = await presign('espeak-en-us');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: 'not_found', message: 'Voice sample not found: it has not been generated yet' });
  });

  test('an unknown voice is 400 with the same body every audio route gives; a malformed one is 400 too', async () => {
    const res = await presign('espeak-xx');
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body).toEqual({ error: 'invalid_request', message: 'Unknown voice: espeak-xx (GET /api/voices lists the voices)' });
    const audio = await audioCall(app, 'GET', '/api/presign/audio?slug=morning-bread&chapter=1&voice=espeak-xx', anon('samples-reader'));
    expect(audio.status).toBe(400);
    expect(await audio.json()).toEqual(body);
    const malformed = await presign('Not%20A%20Voice');
    expect(malformed.status).toBe(400);
    expect(((await malformed.json()) as { message: string }).message).toContain('voice');
  });
});

describe('POST /api/audio/voice-samples', () => {
  // decisions.md: admin-only routes answer 403 to every caller without the role, anonymous included.
  test('anonymous, reader and pro callers are 403 "Administrators only", and nothing is enqueued', async () => {
    const forbidden = { error: 'forbidden', message: 'Administrators only' };
    const none = await post(anon('samples-anon'));
    expect(none.status).toBe(403);
    expect(await none.json()).toEqual(forbidden);
    const user = await post({ cookie: (await loginAs(app, 'samples-user')).cookie }, { force: true });
    expect(user.status).toBe(403);
    expect(await user.json()).toEqual(forbidden);
    const pro = await post({ cookie: (await loginAs(app, 'samples-pro', { role: 'pro' })).cookie });
    expect(pro.status).toBe(403);
    const queued = await app.platform.db.selectFrom('jobs').select('id').where('kind', '=', 'audio.voice-samples').execute();
    expect(queued).toEqual([]);
  });

  test('bad bodies are 400 with the usual error body', async () => {
    for (const [body, words] of [[{ force: 'yes' }, 'force must be true or false'], [{ forse: true }, 'forse: unknown field']] as const) {
      const res = await post(admin, body);
      expect(res.status).toBe(400);
      const answer = (await res.json()) as { error: string; message: string };
      expect(answer.error).toBe('invalid_request');
      expect(answer.message).toContain(words);
    }
  });

  test('202 {job_id, status}; repeated while it waits, with or without a body, it is the same job', async () => {
    const first = await post(admin);
    expect(first.status).toBe(202);
    const job = (await first.json()) as JobBody;
    expect(Object.keys(job).sort()).toEqual(['job_id', 'status']);
    expect(job.status).toBe('pending');
    for (const body of [{}, { force: false }, { force: true }]) {
      const again = await post(admin, body);
      expect(again.status).toBe(202);
      expect(await again.json()).toEqual(job);
    }
    const row = await getJob(app.platform.db, job.job_id);
    expect(row).toMatchObject({ kind: 'audio.voice-samples', status: 'queued', max_attempts: 3 });
    // At start-up the same dedupe key applies: no second run is queued.
    const deps = { db: app.platform.db, objects: app.platform.objects, speech: fakeSpeech('/nonexistent') };
    expect(await scheduleMissingVoiceSamples(deps, silentLogger)).toBe(job.job_id);
  });

  test('the job runs in a worker: every working voice gets a sample, broken ones are skipped, and presign answers', async () => {
    const { job_id } = (await (await post(admin)).json()) as JobBody;
    app.startRunner();
    const job = await settled(job_id);
    expect(job.status).toBe('done');
    const result = job.result as { stored: string[]; skipped: string[]; failed: string[] };
    // One fake voice kills its worker thread the first time: the retry skips what the first attempt stored.
    expect([...result.stored, ...result.skipped].sort()).toEqual(['espeak-crash', 'espeak-en-us', 'espeak-flaky', 'espeak-slow', 'flite-kal']);
    expect(result.failed.sort()).toEqual(['espeak-broken', 'espeak-down']);

    // A listing carries no content type or metadata on S3: ask for each object.
    const listed = await app.platform.objects.list('voice-samples/');
    const keys = await Promise.all(listed.map(async ({ key }) => {
      const info = await app.platform.objects.head(key);
      return [key, info?.contentType, Number(info?.metadata.duration) > 0];
    }));
    expect(keys).toEqual([
      ['voice-samples/espeak-crash.mp3', 'audio/mpeg', true],
      ['voice-samples/espeak-en-us.mp3', 'audio/mpeg', true],
      ['voice-samples/espeak-flaky.mp3', 'audio/mpeg', true],
      ['voice-samples/espeak-slow.mp3', 'audio/mpeg', true],
      ['voice-samples/flite-kal.wav', 'audio/wav', true],
    ]);

    for (const [voice, type] of [['espeak-en-us', 'audio/mpeg'], ['flite-kal', 'audio/wav']] as const) {
      const res = await presign(voice);
      expect(res.status).toBe(200);
      const { url } = (await res.json()) as { url: string };
      const audio = await app.objectStore.fetch(url);
      expect(audio.status).toBe(200);
      expect(audio.headers.get('content-type')).toBe(type);
      const bytes = new Uint8Array(await audio.arrayBuffer());
      const stored = await app.platform.objects.get(`voice-samples/${voice}.${type === 'audio/wav' ? 'wav' : 'mp3'}`);
      expect(bytes).toEqual(new Uint8Array(await new Response(stored!.body).arrayBuffer()));
    }
    // A voice whose engine failed still has no sample.
    expect((await presign('espeak-broken')).status).toBe(404);
  });

  test('after a run, a new request is a new job: it skips stored samples unless forced', async () => {
    const plain = (await (await post(admin)).json()) as JobBody;
    const quiet = await settled(plain.job_id);
    expect(quiet.status).toBe('done');
    expect((quiet.result as { stored: string[] }).stored).toEqual([]);

    const forced = (await (await post(admin, { force: true })).json()) as JobBody;
    expect(forced.job_id).not.toBe(plain.job_id);
    const loud = await settled(forced.job_id);
    expect((loud.result as { stored: string[] }).stored.sort()).toEqual(['espeak-crash', 'espeak-en-us', 'espeak-flaky', 'espeak-slow', 'flite-kal']);
  });
});
