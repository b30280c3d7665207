import { expect, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../support/processes.ts';

// docker-compose.yml is what a self-hoster runs first. Without a Docker daemon here, its shape is
// checked as data; CI's validators stage also has Compose itself read it (tests/validators/compose.check.ts).

interface Service {
  image?: string;
  build?: unknown;
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition?: string; required?: boolean }>;
  healthcheck?: { test: string[] };
  volumes?: string[];
  profiles?: string[];
}
const compose = Bun.YAML.parse(readFileSync(join(ROOT, 'docker-compose.yml'), 'utf8')) as { services: Record<string, Service>; volumes: Record<string, unknown> };
const services = compose.services;
const appEnv = services.web!.environment!;

test('every image is pinned to a release: no latest, no bare name', () => {
  const images = Object.values(services).flatMap((s) => (s.image ? [s.image] : []));
  expect(images.length).toBeGreaterThan(3);
  for (const image of images) expect(image).toMatch(/:(?!latest$)[\w][\w.-]*$/);
});

test('no MinIO: its images are no longer published', () => {
  expect(readFileSync(join(ROOT, 'docker-compose.yml'), 'utf8').toLowerCase()).not.toContain('minio');
});

test('the app reaches the object store service it names, with the key pair that service is given', () => {
  const endpoint = new URL(appEnv.S3_ENDPOINT!);
  const store = services[endpoint.hostname];
  expect(store?.image).toMatch(/^chrislusf\/seaweedfs:\d+\.\d+$/);
  expect(store!.environment).toEqual({ AWS_ACCESS_KEY_ID: appEnv.S3_ACCESS_KEY_ID!, AWS_SECRET_ACCESS_KEY: appEnv.S3_SECRET_ACCESS_KEY! });
  expect(services.worker!.environment!.S3_ENDPOINT).toBe(appEnv.S3_ENDPOINT!);
  // Browsers follow presigned links to the published port of the same gateway.
  expect(new URL(appEnv.S3_PUBLIC_URL!).port).toBe(endpoint.port);
  expect(JSON.stringify(store)).toContain(`"${endpoint.port}:${endpoint.port}"`);
  expect(store!.healthcheck!.test.join(' ')).toContain(`:${endpoint.port}/healthz`);
});

test('what the app waits for exists and says when it is healthy; named volumes are declared', () => {
  for (const name of ['web', 'worker']) {
    for (const [dependency, rule] of Object.entries(services[name]!.depends_on ?? {})) {
      expect(services[dependency]).toBeDefined();
      if (rule.condition === 'service_healthy') expect(services[dependency]!.healthcheck?.test.length).toBeGreaterThan(0);
      // A service behind a profile is optional; depending on it plainly would stop `docker compose up`.
      if (services[dependency]!.profiles) expect(rule.required).toBe(false);
    }
  }
  const named = Object.values(services).flatMap((s) => (s.volumes ?? []).map((v) => v.split(':')[0]!)).filter((v) => !v.startsWith('.') && !v.startsWith('/'));
  for (const volume of named) expect(Object.keys(compose.volumes)).toContain(volume);
});
