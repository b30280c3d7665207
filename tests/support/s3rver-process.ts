/**
 * Runs s3rver in its own process (started by s3rver.ts): in-process it deadlocked against code that
 * shells out synchronously (stack-notes.md, S3). Prints {"port": n} once listening; exits, removing
 * its data, when stdin closes (the parent stopped it or died) or on SIGTERM.
 */
import { createHash } from 'node:crypto';
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { mkdir, rename } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createRequire } from 'node:module';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { exitWithParent } from './exit-with-parent.ts';

// s3rver ships no types; this is the part used here.
interface S3rverServer {
  run(): Promise<{ port: number }>;
}
const require = createRequire(import.meta.url);
const S3rver = require('s3rver') as new (options: Record<string, unknown>) => S3rverServer;

/**
 * S3 never shows a reader part of an object: a GET sees the old object or the whole new one.
 * s3rver writes in place and answers the PUT of a buffer before the bytes are on disk, so a GET
 * racing a PUT can read half an object (the audio stream follows pieces as they are stored). Its
 * file store is given S3's guarantee here: the bytes go to a temporary file, then the metadata,
 * then one rename puts the object in place.
 */
interface StoredObject {
  bucket: string;
  key: string;
  content: Buffer | NodeJS.ReadableStream;
  metadata: Record<string, string>;
}
interface FilesystemStore {
  getResourcePath(bucket: string, key: string, resource: string): string;
  putMetadata(bucket: string, key: string, metadata: Record<string, string>, md5: string): Promise<void>;
}
const store = require('s3rver/lib/stores/filesystem.js') as { prototype: FilesystemStore & { putObject(object: StoredObject): Promise<{ size: number; md5: string }> } };
let temporaries = 0;
store.prototype.putObject = async function (this: FilesystemStore, object: StoredObject) {
  const target = this.getResourcePath(object.bucket, object.key, 'object');
  await mkdir(dirname(target), { recursive: true });
  const temporary = `${target}.${process.pid}-${temporaries++}.partial`;
  const md5 = createHash('md5');
  let size = 0;
  const content = Buffer.isBuffer(object.content) ? Readable.from([object.content]) : Readable.from(object.content as AsyncIterable<Buffer>);
  const count = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      md5.update(chunk);
      size += chunk.length;
      done(null, chunk);
    },
  });
  await pipeline(content, count, createWriteStream(temporary));
  const digest = md5.digest('hex');
  await this.putMetadata(object.bucket, object.key, object.metadata, digest);
  await rename(temporary, target);
  return { size, md5: digest };
};

const directory = mkdtempSync(join(tmpdir(), 's3rver-'));
const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory });
const { port } = await server.run();
process.stdout.write(`${JSON.stringify({ port })}\n`);

exitWithParent(() => rmSync(directory, { recursive: true, force: true }));
