import { loadConfig, ConfigError } from '../../config.ts';
import { openDatabase } from './index.ts';
import { migrateToLatest } from './migrate.ts';

// `bun run migrate`: apply pending migrations and exit.
try {
  const config = loadConfig();
  const handle = await openDatabase(config);
  const applied = await migrateToLatest(handle.db);
  console.log(applied.length ? `Applied ${applied.length} migration(s): ${applied.join(', ')}` : 'Database is up to date');
  await handle.close();
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : `Migration failed: ${(error as Error).message}`);
  process.exit(1);
}
