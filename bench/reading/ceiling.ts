/**
 * The machine's ceiling for the benchmarks: static-server.ts in a process of its own, answering
 * every request with `sample`'s body (as sent, still compressed) and its headers.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Subprocess } from 'bun';
import type { RawResponse } from './http.ts';

/** Headers the ceiling must not copy: per-response or per-connection ones. */
const DROP = new Set(['date', 'content-length', 'set-cookie', 'x-request-id', 'transfer-encoding', 'connection', 'keep-alive']);

export async function startCeiling(work: string, sample: RawResponse, children: Subprocess[]): Promise<{ base: string; pid: number }> {
  const bodyFile = join(work, 'ceiling-body');
  const headersFile = join(work, 'ceiling-headers.json');
  writeFileSync(bodyFile, sample.body);
  writeFileSync(headersFile, JSON.stringify(Object.fromEntries(Object.entries(sample.headers).filter(([k]) => !DROP.has(k)))));
  const child = Bun.spawn([process.execPath, join(import.meta.dir, 'static-server.ts'), bodyFile, headersFile], { stdin: 'pipe', stdout: 'pipe', stderr: 'inherit' });
  children.push(child);
  const reader = child.stdout.getReader();
  let text = '';
  while (!/listening \d+/.test(text)) {
    const { value, done } = await reader.read();
    if (done) throw new Error('static server exited before listening');
    text += new TextDecoder().decode(value);
  }
  reader.releaseLock();
  return { base: `http://127.0.0.1:${/listening (\d+)/.exec(text)![1]}`, pid: child.pid };
}
