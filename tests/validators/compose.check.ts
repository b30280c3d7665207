import { expect, test } from 'bun:test';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from '../support/processes.ts';

// Docker Compose reads the file as `docker compose up` would, without a daemon (`config` only
// resolves and validates). Debian 12 ships Compose 1.29, which predates `required: false` on a
// dependency (Compose 2.20); that key is taken out of the copy it reads and nothing else is.

type Dependencies = Record<string, Record<string, unknown>>;

function withoutRequired(text: string): string {
  const compose = Bun.YAML.parse(text) as { services: Record<string, { depends_on?: Dependencies }> } & Record<string, unknown>;
  for (const service of Object.values(compose.services)) {
    for (const rule of Object.values(service.depends_on ?? {})) delete rule.required;
  }
  return JSON.stringify(compose, null, 2);
}

test('docker compose reads docker-compose.yml: valid, every service and volume resolved', () => {
  const dir = mkdtempSync(join(tmpdir(), 'compose-'));
  try {
    const file = join(dir, 'docker-compose.json');
    writeFileSync(file, withoutRequired(readFileSync(join(ROOT, 'docker-compose.yml'), 'utf8')));
    const run = (...args: string[]) => Bun.spawnSync(['docker-compose', '-f', file, '--project-directory', ROOT, ...args], { env: { PATH: process.env.PATH ?? '' } });
    const check = run('config', '-q');
    expect(check.stderr.toString()).toBe('');
    expect(check.exitCode).toBe(0);
    const services = run('config', '--services').stdout.toString().trim().split('\n').sort();
    expect(services).toEqual(['kokoro', 'objects', 'postgres', 'valkey', 'web', 'worker']);
    const resolved = Bun.YAML.parse(run('config').stdout.toString()) as { services: Record<string, { image?: string; environment?: Record<string, string> }> };
    expect(resolved.services.objects!.image).toBe('chrislusf/seaweedfs:4.40');
    expect(resolved.services.web!.environment!.S3_ENDPOINT).toBe('http://objects:8333');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
