import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { AssetTable } from '../../platform/http/assets.ts';

const SOURCE = resolve(import.meta.dir, '../../../public/js/offline/service-worker.js');

/** What the service worker is told when it is served: its version and the files an offline page needs. */
export interface WorkerSettings {
  version: string;
  /** Every fingerprinted file (styles, scripts, fonts): kept at install, so any kept page works offline. */
  shell: string[];
  /** The IndexedDB helpers the worker shares with the pages. */
  storeScript: string;
  /** Where a navigation goes when the page is not kept and there is no network. */
  fallback: string;
}

/**
 * /sw.js: the worker's source with its settings in front. It must live at the site's root to
 * control every page, so it cannot be fingerprinted; its version changes with any file it keeps,
 * which makes the browser install the new worker and drop the old files.
 */
export function buildWorkerScript(assets: AssetTable): { body: string; etag: string } {
  const source = readFileSync(SOURCE, 'utf8');
  const shell = assets.list().map((a) => a.url).filter((url) => !url.includes('/offline/service-worker.')).sort();
  const version = createHash('sha256').update(source).update(shell.join('\n')).digest('hex').slice(0, 12);
  const settings: WorkerSettings = { version, shell, storeScript: assets.url('js/offline/store.js'), fallback: '/offline' };
  const body = `self.CHAPTERHOUSE = ${JSON.stringify(settings)};\n${source}`;
  return { body, etag: `"${version}"` };
}
