import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';

export interface Release {
  version: string;
  date: string | null;
  changes: string[];
}

export const CHANGELOG_FILE = resolve(import.meta.dir, '../../../docs/changelog.md');
/** interface.md "Cache lifetime": the changelog, 5 minutes. */
export const CHANGELOG_TTL_MS = 5 * 60 * 1000;

/** `## 1.2.0 — 2026-11-25` headings, each followed by `- ` bullets (a bullet may not wrap). */
export function parseChangelog(markdown: string): Release[] {
  const releases: Release[] = [];
  for (const line of markdown.split('\n')) {
    const heading = /^##\s+(.+?)(?:\s+[—-]\s+(\d{4}-\d{2}-\d{2}))?\s*$/.exec(line);
    if (heading) releases.push({ version: heading[1]!.trim(), date: heading[2] ?? null, changes: [] });
    else if (/^[-*]\s+/.test(line) && releases.length) releases.at(-1)!.changes.push(line.replace(/^[-*]\s+/, '').trim());
  }
  return releases;
}

/** Read from disk at most every 5 minutes (an edited file shows within that, without a restart). */
export function changelogReader(file = CHANGELOG_FILE, now: () => number = Date.now) {
  let cached: { until: number; releases: Promise<Release[]> } | null = null;
  return (): Promise<Release[]> => {
    if (cached && cached.until > now()) return cached.releases;
    const releases = readFile(file, 'utf8').then(parseChangelog, () => []);
    cached = { until: now() + CHANGELOG_TTL_MS, releases };
    return releases;
  };
}
