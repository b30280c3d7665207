import { loadConfig, ConfigError } from '../../../config.ts';
import { openDatabase } from '../../../platform/db/index.ts';
import { migrateToLatest } from '../../../platform/db/migrate.ts';
import { renderMissingChapters } from './stored-html.ts';

// `npm run render-chapters`: store the rendering of every chapter that has none from this renderer
// (after an upgrade that changes it, or for chapters written straight into the database). Readers
// store the ones they meet anyway; this saves the first reader of each chapter the rendering.
try {
  const config = loadConfig();
  const handle = await openDatabase(config);
  await migrateToLatest(handle.db);
  const started = performance.now();
  let shown = 0;
  const { rendered } = await renderMissingChapters(handle.db, {
    onProgress: (count) => {
      if (count - shown >= 5000) console.log(`${(shown = count)} chapters rendered…`);
    },
  });
  console.log(`Rendered and stored ${rendered} chapter(s) in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  await handle.close();
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : `Rendering failed: ${(error as Error).message}`);
  process.exit(1);
}
