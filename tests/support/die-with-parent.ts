/**
 * Preloaded (`bun --preload`) into an app process a test starts with a piped stdin (cluster.ts):
 * when the test process goes away, its end of the pipe closes and the app stops as on SIGTERM,
 * so no server or worker is orphaned by a test run that crashed or was killed. A process that
 * does not stop within 5 s is ended.
 */
let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  process.kill(process.pid, 'SIGTERM');
  setTimeout(() => process.exit(1), 5_000).unref();
};
process.stdin.on('end', stop);
process.stdin.on('close', stop);
process.stdin.resume();

export {};
