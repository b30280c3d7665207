import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { sql } from 'kysely';
import { claim, getJob } from '../../src/platform/queue/index.ts';
import { anon, audioCall, ended, pollStatus, startAudioApp, type AudioTestApp, type Who } from '../support/audio-app.ts';
import { loginAs } from '../support/auth.ts';

/**
 * The audio job state machine (interface.md "Audio job"), run by the real queue in real worker
 * threads with fake engines: pending → generating → done | failed, retries, dying workers.
 */
let app: AudioTestApp;
beforeAll(async () => {
  // A short lease, so a job whose worker "died" is taken over within a second or two.
  app = await startAudioApp({ runner: false, leaseSeconds: 1 });
}, 30_000);
afterAll(() => app.close(), 30_000);

const db = () => app.platform.db;
const pro = async (name: string): Promise<Who> => ({ cookie: (await loginAs(app, name, { role: 'pro' })).cookie });
const post = (who: Who, slug: string, chapter: number, voice: string) => audioCall(app, 'POST', '/api/audio', who, { slug, chapter, voice });
const statusPath = (slug: string, chapter: number, voice: string) => `/api/audio/status/${slug}/${chapter}?voice=${voice}`;
async function request(who: Who, slug: string, chapter: number, voice: string): Promise<string> {
  const res = await post(who, slug, chapter, voice);
  expect(res.status).toBe(202);
  return ((await res.json()) as { job_id: string }).job_id;
}
/** The row is written by the body before it hands its outcome to the runner: wait for both. */
async function settled(id: string) {
  for (const until = Date.now() + 10_000; ; await Bun.sleep(25)) {
    const job = await getJob(db(), id);
    if (job && job.status !== 'running' && job.status !== 'queued') return job;
    if (Date.now() > until) throw new Error(`queue job ${id} never settled`);
  }
}
/** Pieces of a job still in the store; they are deleted just after it ends, so allow a moment. */
async function parts(jobId: string): Promise<number> {
  for (const until = Date.now() + 3000; ; await Bun.sleep(25)) {
    const left = (await app.platform.objects.list(`audio-parts/${jobId}/`)).length;
    if (left === 0 || Date.now() > until) return left;
  }
}

describe('pending → generating → done', () => {
  test('every state is observed, in order, with a slow engine; the queue job is the same id', async () => {
    const who = await pro('aj-states');
    const id = await request(who, 'salvage-rights', 2, 'espeak-slow');
    // No runner yet: the job waits, durable, as a queued row.
    const waiting = await pollStatus(app, statusPath('salvage-rights', 2, 'espeak-slow'), who, () => true);
    expect(waiting.body).toEqual({ job_id: id, status: 'pending', error: null });
    expect((await getJob(db(), id))?.status).toBe('queued');

    app.startRunner();
    const { body, seen } = await pollStatus(app, statusPath('salvage-rights', 2, 'espeak-slow'), who, ended);
    expect(seen).toEqual(['pending', 'generating', 'done']);
    expect(body).toEqual({ job_id: id, status: 'done', error: null });
    expect(await settled(id)).toMatchObject({ status: 'done', attempts: 1, progress: 1 });
    expect(await parts(id)).toBe(0);
    const file = await db().selectFrom('audio_files').selectAll().where('slug', '=', 'salvage-rights').where('chapter', '=', 2).executeTakeFirstOrThrow();
    expect(file.object_key).toBe('audio/salvage-rights/2/espeak-slow.mp3');
  });

  test('a job interrupted by a restart (graceful stop) is picked up again and completes', async () => {
    const who = await pro('aj-restart');
    const id = await request(who, 'salvage-rights', 3, 'espeak-slow');
    await pollStatus(app, statusPath('salvage-rights', 3, 'espeak-slow'), who, (s) => s.status === 'generating');
    await app.stopRunner();
    expect(await getJob(db(), id)).toMatchObject({ status: 'queued' });
    const row = await db().selectFrom('audio_jobs').select('status').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.status).toBe('generating'); // to the reader it is still on its way
    app.startRunner();
    const { body } = await pollStatus(app, statusPath('salvage-rights', 3, 'espeak-slow'), who, ended);
    expect(body.status).toBe('done');
    // A graceful stop gives the attempt back.
    expect(await getJob(db(), id)).toMatchObject({ status: 'done', attempts: 1 });
  });
});

describe('failures keep their error', () => {
  test('a permanent engine error fails at once: failed, error kept, no retry, nothing left behind', async () => {
    const who = await pro('aj-broken');
    const id = await request(who, 'salvage-rights', 4, 'espeak-broken');
    const { body, seen } = await pollStatus(app, statusPath('salvage-rights', 4, 'espeak-broken'), who, ended);
    expect(seen.at(-1)).toBe('failed');
    expect(body).toEqual({ job_id: id, status: 'failed', error: 'speech engine espeak: the fake engine refuses this text' });
    expect(await settled(id)).toMatchObject({ status: 'failed', attempts: 1, error: 'speech engine espeak: the fake engine refuses this text' });
    expect(await parts(id)).toBe(0);
    const files = await db().selectFrom('audio_files').select('slug').where('slug', '=', 'salvage-rights').where('chapter', '=', 4).execute();
    expect(files).toEqual([]);
  });

  test('a transient error is retried with backoff until the attempts run out', async () => {
    const who = await pro('aj-down');
    const id = await request(who, 'salvage-rights', 5, 'espeak-down');
    const { body } = await pollStatus(app, statusPath('salvage-rights', 5, 'espeak-down'), who, ended);
    expect(body).toEqual({ job_id: id, status: 'failed', error: 'speech engine espeak: the fake engine is down' });
    expect(await settled(id)).toMatchObject({ status: 'failed', attempts: 3, error: 'speech engine espeak: the fake engine is down' });
  });

  test('a single hiccup is retried within the attempt (the chunk again)', async () => {
    const who = await pro('aj-flaky');
    const id = await request(who, 'salvage-rights', 6, 'espeak-flaky');
    const { body } = await pollStatus(app, statusPath('salvage-rights', 6, 'espeak-flaky'), who, ended);
    expect(body.status).toBe('done');
    expect(await getJob(db(), id)).toMatchObject({ status: 'done', attempts: 1 });
  });

  test('after a failure, asking again starts a new job; the stream answers 502 with the reason', async () => {
    const who = await pro('aj-again');
    const first = await request(who, 'salvage-rights', 7, 'espeak-broken');
    await pollStatus(app, statusPath('salvage-rights', 7, 'espeak-broken'), who, ended);
    const second = await request(who, 'salvage-rights', 7, 'espeak-broken');
    expect(second).not.toBe(first);
    await pollStatus(app, statusPath('salvage-rights', 7, 'espeak-broken'), who, (s) => s.job_id === second && ended(s));
    const res = await audioCall(app, 'GET', '/api/audio-stream/salvage-rights/7?voice=espeak-broken', who);
    expect(res.status).toBe(502);
    expect(await res.json()).toEqual({ error: 'bad_gateway', message: 'Audio generation failed: speech engine espeak: the fake engine refuses this text' });
  });
});

describe('a worker that dies', () => {
  test('a worker thread that exits mid-job: the job is retried and completes', async () => {
    const who = await pro('aj-crash');
    const id = await request(who, 'salvage-rights', 8, 'espeak-crash');
    const { body, seen } = await pollStatus(app, statusPath('salvage-rights', 8, 'espeak-crash'), who, ended);
    expect(seen.at(-1)).toBe('done');
    expect(body.status).toBe('done');
    expect(await getJob(db(), id)).toMatchObject({ status: 'done', attempts: 2 });
  });

  test('a job whose worker process died (lease held, no heartbeat) is resumed after the lease expires', async () => {
    await app.stopRunner();
    const who = await pro('aj-lease');
    const id = await request(who, 'salvage-rights', 9, 'espeak-en-us');
    // A worker elsewhere claims it, marks it generating, then dies without a word.
    const [claimed] = await claim(db(), { kinds: ['audio.generate'], workerId: 'dead-host:1', leaseSeconds: 1, limit: 1 });
    expect(claimed?.id).toBe(id);
    await db().updateTable('audio_jobs').set({ status: 'generating' }).where('id', '=', id).execute();

    const runner = app.startRunner();
    const { body, seen } = await pollStatus(app, statusPath('salvage-rights', 9, 'espeak-en-us'), who, ended);
    expect(seen).toEqual(['generating', 'done']);
    expect(body.status).toBe('done');
    const job = await getJob(db(), id);
    expect(job).toMatchObject({ status: 'done', attempts: 2 });
    expect(job!.locked_by).toStartWith(`${runner.workerId}#2.`);
  });

  test('dying on the last attempt: the row becomes failed with the queue error, and the reader is told', async () => {
    await app.stopRunner();
    const session = await loginAs(app, 'aj-lost', { role: 'pro' });
    const who = { cookie: session.cookie };
    const id = await request(who, 'salvage-rights', 10, 'espeak-en-us');
    await sql`update jobs set attempts = max_attempts - 1 where id = ${id}`.execute(db());
    await claim(db(), { kinds: ['audio.generate'], workerId: 'dead-host:2', leaseSeconds: 1, limit: 1 });
    await db().updateTable('audio_jobs').set({ status: 'generating' }).where('id', '=', id).execute();
    app.startRunner(); // its next claim ends the job: out of attempts
    for (const until = Date.now() + 10_000; (await getJob(db(), id))?.status !== 'failed'; await Bun.sleep(50)) {
      if (Date.now() > until) throw new Error('the lost job was never ended');
    }
    const { body } = await pollStatus(app, statusPath('salvage-rights', 10, 'espeak-en-us'), who, ended);
    expect(body).toEqual({ job_id: id, status: 'failed', error: 'lease expired: worker lost on attempt 3' });
    const notes = (await (await audioCall(app, 'GET', `/api/notifications?user_id=${session.user.id}`, who)).json()) as { notifications: { title: string }[] };
    expect(notes.notifications[0]!.title).toMatch(/^Audio failed: .+, chapter 10$/);
    // Asking again starts afresh.
    const again = await request(who, 'salvage-rights', 10, 'espeak-en-us');
    expect(again).not.toBe(id);
    expect((await pollStatus(app, statusPath('salvage-rights', 10, 'espeak-en-us'), who, ended)).body.status).toBe('done');
  });
});

describe('the job never runs on the HTTP loop', () => {
  test('without a runner nothing is generated, however long we wait', async () => {
    await app.stopRunner();
    const who = anon('no-runner');
    const id = await request(who, 'salvage-rights', 11, 'espeak-en-us');
    await Bun.sleep(300);
    expect(await getJob(db(), id)).toMatchObject({ status: 'queued', attempts: 0 });
    app.startRunner();
    expect((await pollStatus(app, statusPath('salvage-rights', 11, 'espeak-en-us'), who, ended)).body.status).toBe('done');
  });
});

describe('the chapter a listener waits for goes first', () => {
  test('chapters asked ahead wait behind one asked now; asking now for a queued one lifts it', async () => {
    await app.stopRunner();
    const who = await pro('aj-priority');
    const ahead = async (chapter: number) => {
      const res = await audioCall(app, 'POST', '/api/audio', who, { slug: 'salvage-rights', chapter, voice: 'espeak-slow', ahead: true });
      expect(res.status).toBe(202);
      return ((await res.json()) as { job_id: string }).job_id;
    };
    const first = await ahead(10);
    const second = await ahead(11);
    expect((await getJob(db(), first))!.priority).toBe(0);
    const now = await request(who, 'salvage-rights', 12, 'espeak-slow');
    // Asked now, chapter 11 (queued ahead) moves up too.
    expect(await request(who, 'salvage-rights', 11, 'espeak-slow')).toBe(second);
    expect((await getJob(db(), second))!.priority).toBe(10);
    // Both waited for now, in the order they were queued; the one still ahead of need comes last.
    const order = await claim(db(), { kinds: [app.kind.kind], workerId: 'aj-priority', leaseSeconds: 30, limit: 3 });
    expect(order.map((job) => job.id)).toEqual([second, now, first]);
    expect(order.map((job) => job.priority)).toEqual([10, 10, 0]);
    // Given back, so the runner of the next tests finds them.
    await db().updateTable('jobs').set({ status: 'queued', lease_until: null, attempts: 0 }).where('id', 'in', [now, second, first]).execute();
  });
});
