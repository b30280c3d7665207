/**
 * The machine's ceiling for the reading benchmark: Bun.serve answering every GET with one static
 * file (the bytes of a chapter page as the app sent them, already compressed) and the app's
 * response headers. Run by bench/reading.ts as a child process:
 *   bun bench/reading/static-server.ts <body file> <headers json file>
 * Prints "listening <port>" once ready; stops on SIGTERM or when its parent goes away.
 */
import { readFileSync } from 'node:fs';
import { exitWithParent } from '../../tests/support/exit-with-parent.ts';

const [bodyFile, headersFile] = process.argv.slice(2);
if (!bodyFile || !headersFile) throw new Error('usage: static-server.ts <body file> <headers json file>');
const headers = JSON.parse(readFileSync(headersFile, 'utf8')) as Record<string, string>;
const file = Bun.file(bodyFile);

const server = Bun.serve({
  port: 0,
  hostname: '127.0.0.1',
  fetch: () => new Response(file, { headers }),
});
console.log(`listening ${server.port}`);

// Exit with the parent: stdin is a pipe from it and closes when it dies.
exitWithParent(() => server.stop(true));
