import type { ImportTask } from '../../../src/features/imports/model.ts';
import type { ImportTestApp } from '../../support/import-app.ts';
import { TEST_ORIGIN, type Session } from '../../support/auth.ts';

/** The admin's side of an import through the running app: upload, follow, act on a task. */
export function importClient(app: ImportTestApp, admin: Session) {
  const headers = { cookie: admin.cookie, origin: TEST_ORIGIN };
  return {
    async upload(name: string, bytes: Uint8Array, fields: Record<string, string> = {}): Promise<string> {
      const form = new FormData();
      for (const [key, value] of Object.entries(fields)) form.append(key, value);
      form.append('file', new Blob([new Uint8Array(bytes)]), name);
      const res = await app.fetch('/api/admin/import', { method: 'POST', headers: { ...headers, accept: 'application/json' }, body: form });
      if (res.status !== 202) throw new Error(`upload answered ${res.status}: ${await res.text()}`);
      return ((await res.json()) as { task_id: string }).task_id;
    },
    async task(id: string): Promise<ImportTask> {
      return (await app.fetch(`/api/admin/import-tasks/${id}`, { headers })).json() as Promise<ImportTask>;
    },
    /** Polls until `until` holds (default: the task has ended, or waits for review). */
    async waitFor(id: string, until: (t: ImportTask) => boolean = (t) => !['pending', 'running'].includes(t.status), timeoutMs = 30_000): Promise<ImportTask> {
      for (const end = Date.now() + timeoutMs; ; await Bun.sleep(50)) {
        const task = await this.task(id);
        if (until(task)) return task;
        if (Date.now() > end) throw new Error(`import stuck: ${JSON.stringify({ ...task, detail: { phase: task.detail.phase } })}`);
      }
    },
    post(path: string, body?: unknown): Promise<Response> {
      return app.fetch(path, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
    },
  };
}
