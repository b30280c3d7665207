import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import SwaggerParser from '@apidevtools/swagger-parser';
import { startTestApp, type TestApp } from '../support/app.ts';
import { createApp } from '../../src/app.ts';
import { loadAssets } from '../../src/platform/http/assets.ts';
import { API_INFO, buildApiDocument } from '../../src/features/docs/openapi/build.ts';
import { operationsOf, type JsonSchema, type OpenApiDocument } from '../../src/features/docs/openapi/types.ts';

let app: TestApp;
let document: OpenApiDocument;

beforeAll(async () => {
  app = await startTestApp({ seed: false });
  const res = await app.fetch('/api/openapi.json');
  expect(res.status).toBe(200);
  document = (await res.json()) as OpenApiDocument;
});
afterAll(() => app.close());

const apiOperations = () => [...operationsOf(document)].filter(({ path }) => path.startsWith('/api/'));
const name = (method: string, path: string) => `${method.toUpperCase()} ${path}`;

function walk(value: unknown, visit: (schema: JsonSchema, where: string) => void, where = ''): void {
  if (Array.isArray(value)) value.forEach((v, i) => walk(v, visit, `${where}/${i}`));
  else if (value && typeof value === 'object') {
    visit(value as JsonSchema, where);
    for (const [key, child] of Object.entries(value)) walk(child, visit, `${where}/${key}`);
  }
}

/** ApiError itself, or a named error with more fields (the unknown slugs of a bulk change). */
function isErrorBody(schema: JsonSchema | undefined): boolean {
  const ref = typeof schema?.$ref === 'string' ? schema.$ref : '';
  if (ref === '#/components/schemas/ApiError') return true;
  const named = document.components.schemas[ref.replace('#/components/schemas/', '')] as { required?: string[] } | undefined;
  return Boolean(named?.required?.includes('error') && named.required.includes('message'));
}

describe('the OpenAPI document', () => {
  test('is OpenAPI 3.1 and valid under an independent validator (swagger-parser)', async () => {
    expect(document.openapi).toBe('3.1.0');
    await SwaggerParser.validate(structuredClone(document) as never);
  });

  test('gives every operation one unique, readable operationId', () => {
    const ids = [...operationsOf(document)].map(({ operation }) => operation.operationId);
    expect(ids.every((id) => typeof id === 'string' && /^[a-z][A-Za-z0-9]+$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(document.paths['/api/book/{slug}']?.get?.operationId).toBe('getBook');
    expect(document.paths['/api/comment/{id}/vote']?.post?.operationId).toBe('postCommentVote');
    expect(Object.keys(document.paths['/api/auth/register'] ?? {})).toEqual(['post']);
  });

  test('writes integers as integers and keeps no server-only keyword', () => {
    const found: string[] = [];
    walk(document.paths, (schema, where) => {
      if (schema.type === 'string' && (schema.format === 'integer' || schema.format === 'numeric')) found.push(`text number at ${where}`);
      if (typeof schema.error === 'string') found.push(`error keyword at ${where}`);
    });
    expect(found).toEqual([]);
    const book = document.components.schemas.Book as { properties: Record<string, JsonSchema> };
    expect(book.properties.chapter_count).toMatchObject({ type: 'integer' });
  });

  test('declares how to sign in: bearer token, session cookie, HTTP Basic app passwords, KOReader keys', () => {
    expect(document.components.securitySchemes).toMatchObject({
      bearerAuth: { type: 'http', scheme: 'bearer' },
      sessionCookie: { type: 'apiKey', in: 'cookie', name: 'auth_token' },
      appPassword: { type: 'http', scheme: 'basic' },
      kosyncUser: { type: 'apiKey', in: 'header', name: 'x-auth-user' },
    });
    const signedIn: Record<string, string[]>[] = [{ bearerAuth: [] }, { sessionCookie: [] }];
    expect(document.paths['/api/library']?.get?.security).toEqual(signedIn);
    expect(document.paths['/api/admin/users']?.get?.security).toEqual(signedIn);
    expect(document.paths['/api/book/{slug}']?.get?.security).toEqual([{}, ...signedIn]);
    expect(document.paths['/opds']?.get?.security).toEqual([{ appPassword: [] }]);
    expect(document.paths['/kosync/syncs/progress']?.put?.security).toEqual([{ kosyncUser: [], kosyncKey: [] }]);
    expect(document.paths['/api/export/{slug}']?.get?.security).toContainEqual({ appPassword: [] });
    for (const { method, path, operation } of operationsOf(document)) expect({ op: name(method, path), security: Array.isArray(operation.security) }).toEqual({ op: name(method, path), security: true });
  });

  test('gives every /api operation its success answer and its error answers with the shared ApiError body', () => {
    const problems: string[] = [];
    for (const { method, path, operation } of apiOperations()) {
      const responses = operation.responses ?? {};
      const success = Object.entries(responses).filter(([status]) => /^[23]/.test(status));
      if (!success.length) problems.push(`${name(method, path)}: no success answer`);
      for (const [status, response] of success)
        if (status !== '204' && !/^3/.test(status) && !Object.values(response.content ?? {}).some((media) => media.schema)) problems.push(`${name(method, path)} ${status}: no body schema`);
      for (const [status, response] of Object.entries(responses).filter(([s]) => Number(s) >= 400))
        if (!isErrorBody(response.content?.['application/json']?.schema)) problems.push(`${name(method, path)} ${status}: not an {error, message} body`);
    }
    expect(problems).toEqual([]);
    const statuses = (path: string, method: 'get' | 'post') => Object.keys(document.paths[path]?.[method]?.responses ?? {});
    expect(statuses('/api/book/{slug}', 'get')).toContain('404');
    expect(statuses('/api/chapter/{slug}/{n}', 'get')).toContain('404');
    expect(statuses('/api/search', 'get')).toContain('400');
    expect(statuses('/api/auth/me', 'get')).toContain('401');
    expect(statuses('/api/admin/users', 'get')).toContain('403');
    // Anyone may record progress (an anonymous reader by session): no 401 there.
    expect(statuses('/api/progress', 'post').sort()).toEqual(['200', '400', '403', '404', '413', '429']);
  });

  test('names the shared shapes as components, each referenced, none left inline under a title', async () => {
    const built = await buildApiDocument(createApp(app.platform, loadAssets()), API_INFO);
    expect(built.conflictingTitles).toEqual([]);
    const inline: string[] = [];
    walk(document.paths, (schema, where) => {
      if (typeof schema.title === 'string' && /^[A-Z]/.test(schema.title)) inline.push(`${schema.title} at ${where}`);
    });
    expect(inline).toEqual([]);
    const text = JSON.stringify(document);
    for (const component of ['ApiError', 'Book', 'Chapter', 'Progress']) expect(document.components.schemas[component]).toBeDefined();
    const unused = Object.keys(document.components.schemas).filter((component) => !text.includes(`"#/components/schemas/${component}"`));
    expect(unused).toEqual([]);
  });
});
