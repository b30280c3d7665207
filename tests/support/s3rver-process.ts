/**
 * Runs s3rver in its own process (started by s3rver.ts): in-process it deadlocked against code that
 * shells out synchronously (stack-notes.md, S3). Prints {"port": n} once listening; exits, removing
 * its data, when stdin closes (the parent stopped it or died) or on SIGTERM.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { exitWithParent } from './exit-with-parent.ts';

// s3rver ships no types; this is the part used here.
interface S3rverServer {
  run(): Promise<{ port: number }>;
}
const S3rver = createRequire(import.meta.url)('s3rver') as new (options: Record<string, unknown>) => S3rverServer;

const directory = mkdtempSync(join(tmpdir(), 's3rver-'));
const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory });
const { port } = await server.run();
process.stdout.write(`${JSON.stringify({ port })}\n`);

exitWithParent(() => rmSync(directory, { recursive: true, force: true }));
