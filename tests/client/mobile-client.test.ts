import { afterAll, beforeAll, expect, test } from 'bun:test';
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';
import type { Middleware } from 'openapi-fetch';
import { BASE_URL } from '../support/app.ts';
import { startAudioApp, type AudioTestApp } from '../support/audio-app.ts';
import { DEBUG_TOKEN } from '../support/auth.ts';
import { responseValidator, type CheckedAnswer, type ResponseValidator } from './validate.ts';

/**
 * The mobile app's contract, end to end: a TypeScript client generated from /api/openapi.json at
 * test time must compile in strict mode against the flows in flows/, and those flows, run over
 * real HTTP against a listening server, must only meet answers the document declares.
 */
const HERE = import.meta.dir;
const GENERATED = join(HERE, 'generated', 'api.ts');
const FLOWS = join(HERE, 'flows');

/** What the test hands the flows (flows/journey.ts, which the project's own type check leaves out). */
interface JourneyModule {
  steps: { name: string; run(journey: { server: { baseUrl: string; validator: Middleware; fetchLink(url: string): Promise<Response> }; username: string; firstToken: string; password: string }): Promise<void> }[];
}
// Its only link to the generated file is a type import, erased at run time, so it loads before the file exists.
const { steps } = (await import(join(FLOWS, 'journey.ts'))) as JourneyModule;

let app: AudioTestApp;
let server: ReturnType<typeof Bun.serve>;
let baseUrl: string;
let validator: ResponseValidator;
let journey: Parameters<JourneyModule['steps'][number]['run']>[0];

beforeAll(async () => {
  app = await startAudioApp();
  server = Bun.serve({ hostname: '127.0.0.1', port: 0, development: false, fetch: (request) => app.handle(request) });
  baseUrl = `http://127.0.0.1:${server.port}`;
  const answer = await fetch(`${baseUrl}/api/openapi.json`);
  expect(answer.status).toBe(200);
  const document = (await answer.json()) as OpenAPI3;
  validator = responseValidator(document);
  mkdirSync(join(HERE, 'generated'), { recursive: true });
  writeFileSync(GENERATED, `// Generated from /api/openapi.json by tests/client/mobile-client.test.ts; do not edit.\n${astToString(await openapiTS(document))}`);

  const login = await fetch(`${baseUrl}/api/auth/debug-login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token: DEBUG_TOKEN, username: 'mobile-reader' }) });
  expect(login.status).toBe(200);
  const { token } = (await login.json()) as { token: string };
  journey = {
    server: {
      baseUrl,
      validator: validator.middleware,
      // The test object store signs its links with the app's configured address; the app listens here.
      fetchLink: (url) => fetch(url.startsWith(BASE_URL) ? baseUrl + url.slice(BASE_URL.length) : url),
    },
    username: 'mobile-reader',
    firstToken: token,
    password: 'correct horse battery staple',
  };
}, 60_000);

afterAll(async () => {
  await server?.stop(true);
  await app?.close();
});

test('the client generated from the document compiles with the flows in strict mode', () => {
  const configFile = ts.readConfigFile(join(HERE, '../../tsconfig.json'), ts.sys.readFile);
  const { options } = ts.parseJsonConfigFileContent(configFile.config, ts.sys, join(HERE, '../..'));
  const rootNames = [GENERATED, ...readdirSync(FLOWS).filter((name) => name.endsWith('.ts')).map((name) => join(FLOWS, name))];
  const program = ts.createProgram({ rootNames, options: { ...options, strict: true, noEmit: true } });
  const diagnostics = ts.getPreEmitDiagnostics(program);
  const report = ts.formatDiagnostics(diagnostics, { getCanonicalFileName: (name) => name, getCurrentDirectory: () => join(HERE, '../..'), getNewLine: () => '\n' });
  if (diagnostics.length) console.error(report);
  expect(diagnostics.length, report).toBe(0);
}, 120_000);

for (const step of steps) test(`mobile flow: ${step.name}`, () => step.run(journey), 120_000);

test('the flows met every answer a mobile app must handle, each checked against the document', () => {
  const expected: CheckedAnswer[] = [
    'POST /api/auth/change-password 204',
    'POST /api/auth/login 200',
    'GET /api/auth/me 200',
    'GET /api/auth/me 401',
    'GET /api/home 200',
    'GET /api/browse 200',
    'GET /api/search 200',
    'GET /api/search 400',
    'GET /api/book/{slug} 200',
    'GET /api/book/{slug} 404',
    'GET /api/chapter/{slug}/{n} 200',
    'GET /api/chapter/{slug}/{n} 404',
    'POST /api/progress 200',
    'GET /api/progress/{slug} 200',
    'PATCH /api/progress/audio-time 200',
    'GET /api/progress/audio-time 200',
    'GET /api/settings 200',
    'PUT /api/settings 200',
    'GET /api/voices 200',
    'POST /api/audio 202',
    'GET /api/audio/status/{slug}/{n} 200',
    'GET /api/presign/audio 200',
    'GET /api/audio-stream/{slug}/{n} 200',
    'POST /api/comments/{slug} 201',
    'GET /api/comments/{slug} 200',
    'POST /api/comment/{id}/vote 200',
    'DELETE /api/comment/{id} 200',
    'POST /api/ratings/{slug} 200',
    'GET /api/ratings/{slug} 200',
    'POST /api/library/{slug} 201',
    'GET /api/library 200',
    'PATCH /api/library/{slug} 200',
    'DELETE /api/library/{slug} 204',
    'GET /api/notifications 200',
    'PATCH /api/notifications 200',
  ];
  expect(expected.filter((answer) => !validator.checked.has(answer))).toEqual([]);
});
