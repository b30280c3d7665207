import type { TestApp } from './app.ts';
import { TEST_ORIGIN, type Session } from './auth.ts';
import type { ScrapeTask } from '../../src/features/scraping/model.ts';

/** Admin calls of the scraping API, and waiting for a task to reach a state. */
export function adminPost(app: TestApp, who: Session, path: string, body?: unknown) {
  return app.fetch(path, {
    method: 'POST',
    headers: { cookie: who.cookie, origin: TEST_ORIGIN, accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

export async function taskOf(app: TestApp, who: Session, id: string): Promise<ScrapeTask> {
  const res = await app.fetch(`/api/admin/scrape-tasks/${id}`, { headers: { cookie: who.cookie, accept: 'application/json' } });
  if (res.status !== 200) throw new Error(`task ${id}: ${res.status} ${await res.text()}`);
  return (await res.json()) as ScrapeTask;
}

export async function waitForTask(app: TestApp, who: Session, id: string, until: (t: ScrapeTask) => boolean = (t) => !['pending', 'running'].includes(t.status), timeoutMs = 60_000): Promise<ScrapeTask> {
  for (const end = Date.now() + timeoutMs; ; await Bun.sleep(50)) {
    const task = await taskOf(app, who, id);
    if (until(task)) return task;
    if (Date.now() > end) throw new Error(`task stuck: ${JSON.stringify(task)}`);
  }
}

export async function startScrape(app: TestApp, who: Session, body: unknown): Promise<string> {
  const res = await adminPost(app, who, '/api/scrape', body);
  if (res.status !== 202) throw new Error(`scrape refused: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { task_id: string }).task_id;
}
