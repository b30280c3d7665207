/**
 * For the test servers run as child processes (s3rver, oidc-provider): exit on SIGTERM/SIGINT or when
 * the parent's stdin closes, so nothing is orphaned if the test process dies. No graceful close: it
 * would wait for keep-alive connections, and nothing here needs to be kept.
 */
export function exitWithParent(cleanup: () => void = () => {}): void {
  const stop = (): never => {
    cleanup();
    process.exit(0);
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  process.stdin.on('end', stop);
  process.stdin.on('close', stop);
  process.stdin.resume();
}
