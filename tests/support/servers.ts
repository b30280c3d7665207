/**
 * Tests that need the real servers whatever the mode (PostgreSQL on 5432 and Redis on 6379 shared
 * between processes, pg_dump) run with `npm run test:real` (TEST_BACKENDS=real), which CI runs;
 * `npm test` needs nothing but Node.js and leaves them out.
 */
export const withRealServers = process.env.TEST_BACKENDS === 'real';
