import { join } from 'node:path';

export interface S3rverHandle {
  endpoint: string;
  stop(): Promise<void>;
}

/** Starts s3rver in a child process (see s3rver-process.ts) on a free port. Credentials: S3RVER / S3RVER. */
export async function startS3rver(): Promise<S3rverHandle> {
  const child = Bun.spawn([process.execPath, join(import.meta.dir, 's3rver-process.ts')], {
    stdin: 'pipe',
    stdout: 'pipe',
    stderr: 'inherit',
  });
  const reader = child.stdout.getReader();
  let text = '';
  const decoder = new TextDecoder();
  while (!text.includes('\n')) {
    const { done, value } = await reader.read();
    if (done) throw new Error(`s3rver exited before listening (code ${await child.exited})`);
    text += decoder.decode(value, { stream: true });
  }
  reader.releaseLock();
  const { port } = JSON.parse(text.slice(0, text.indexOf('\n'))) as { port: number };
  child.unref();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    async stop() {
      child.kill('SIGTERM');
      await child.exited;
    },
  };
}
