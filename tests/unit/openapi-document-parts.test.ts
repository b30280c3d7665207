import { describe, expect, test } from 'bun:test';
import { cleanSchema } from '../../src/features/docs/openapi/schemas.ts';
import { assignOperationIds } from '../../src/features/docs/openapi/operation-ids.ts';
import { createComponentHoister } from '../../src/features/docs/openapi/components.ts';
import { inferredErrorStatuses } from '../../src/features/docs/openapi/error-answers.ts';
import { fixResponseContent } from '../../src/features/docs/openapi/responses.ts';
import type { JsonSchema, OpenApiDocument, Operation } from '../../src/features/docs/openapi/types.ts';

describe('schemas as clients read them', () => {
  test('a numeric type keeps its number branch and the outer keywords; a real union stays', () => {
    const numeric = { anyOf: [{ type: 'string', format: 'integer', default: 0 }, { type: 'integer', minimum: 1 }], description: 'page' };
    expect(cleanSchema(numeric)).toEqual({ type: 'integer', minimum: 1, description: 'page' });
    expect(cleanSchema({ anyOf: [{ type: 'string', format: 'numeric' }, { type: 'number' }] })).toEqual({ type: 'number' });
    const timestamp = { anyOf: [{ type: 'string', format: 'date-time' }, { type: 'number' }] };
    expect(cleanSchema(timestamp)).toEqual(timestamp);
  });

  test('a nullable enum lets null through', () => {
    expect(cleanSchema({ type: ['string', 'null'], enum: ['up', 'down'] })).toEqual({ type: ['string', 'null'], enum: ['up', 'down', null] });
  });

  test('the server’s validation messages go, a property named error stays', () => {
    const schema = { type: 'object', properties: { error: { type: 'string', error: 'error is required' }, n: { type: 'integer', error: 'n must be a number' } }, required: ['error'] };
    expect(cleanSchema(schema)).toEqual({ type: 'object', properties: { error: { type: 'string' }, n: { type: 'integer' } }, required: ['error'] });
  });
});

describe('operation ids', () => {
  const documentOf = (paths: Record<string, Record<string, Operation>>): OpenApiDocument => ({ openapi: '3.1.0', info: { title: 't', version: '1' }, paths, components: { schemas: {} } });

  test('come from the method and the path, told apart by their parameters only where two would meet', () => {
    const document = documentOf({
      '/api/book/{slug}': { get: {} },
      '/api/library': { get: {} },
      '/api/library/{slug}': { get: {}, delete: {} },
      '/kosync/syncs/progress/{document}': { get: {} },
      '/api/comment/{id}/vote': { post: {} },
    });
    assignOperationIds(document);
    expect(document.paths['/api/book/{slug}']!.get!.operationId).toBe('getBook');
    expect(document.paths['/api/library']!.get!.operationId).toBe('getLibrary');
    expect(document.paths['/api/library/{slug}']!.get!.operationId).toBe('getLibraryBySlug');
    expect(document.paths['/api/library/{slug}']!.delete!.operationId).toBe('deleteLibrary');
    expect(document.paths['/kosync/syncs/progress/{document}']!.get!.operationId).toBe('getKosyncSyncsProgress');
    expect(document.paths['/api/comment/{id}/vote']!.post!.operationId).toBe('postCommentVote');
  });

  test('a route’s own id is kept, and two equal ids are refused', () => {
    const own = documentOf({ '/api/a': { get: { operationId: 'listThings', 'x-own-operation-id': true } } });
    assignOperationIds(own);
    expect(own.paths['/api/a']!.get).toEqual({ operationId: 'listThings' });
    const clash = documentOf({ '/api/a': { get: { operationId: 'getB', 'x-own-operation-id': true } }, '/api/b': { get: {} } });
    expect(() => assignOperationIds(clash)).toThrow('getB');
  });
});

describe('named components', () => {
  test('a titled schema moves to components once and is referenced everywhere', () => {
    const schemas: Record<string, JsonSchema> = {};
    const hoister = createComponentHoister(schemas);
    const book = { type: 'object', title: 'Book', properties: { slug: { type: 'string' } } };
    expect(hoister.hoist({ type: 'array', items: book })).toEqual({ type: 'array', items: { $ref: '#/components/schemas/Book' } });
    expect(hoister.hoist(book)).toEqual({ $ref: '#/components/schemas/Book' });
    expect(schemas.Book).toEqual(book);
    expect(hoister.conflicts()).toEqual([]);
  });

  test('two shapes under one title stay inline and are reported', () => {
    const hoister = createComponentHoister({});
    hoister.hoist({ type: 'object', title: 'Book', properties: { slug: { type: 'string' } } });
    const other = { type: 'object', title: 'Book', properties: { id: { type: 'integer' } } };
    expect(hoister.hoist(other)).toEqual(other);
    expect(hoister.conflicts()).toEqual(['Book']);
  });
});

describe('error answers every route of its kind can give', () => {
  test('follow the input, the guard, the method and the path', () => {
    const withInput: Operation = { parameters: [{ name: 'slug', in: 'path' }], requestBody: { content: {} } };
    expect(inferredErrorStatuses('/api/library/{slug}', 'post', withInput, { kind: 'user' })).toEqual([400, 401, 403, 404, 413]);
    expect(inferredErrorStatuses('/api/admin/users', 'get', {}, { kind: 'admin' })).toEqual([403]);
    expect(inferredErrorStatuses('/api/home', 'get', {}, null)).toEqual([]);
    expect(inferredErrorStatuses('/api/export/{slug}', 'get', {}, { kind: 'rule' })).toEqual([401, 403, 404]);
  });
});

describe('answers without JSON', () => {
  test('a void answer has no content; a binary body is listed under its media type', () => {
    const operation: Operation = {
      responses: {
        '204': { description: 'gone', content: { type: 'void' } as never },
        '200': { description: 'audio', content: { 'application/json': { schema: { type: 'string', contentMediaType: 'audio/mpeg', 'x-media-type': 'audio/mpeg' } } } },
      },
    };
    fixResponseContent(operation);
    expect(operation.responses!['204']).toEqual({ description: 'gone' });
    expect(operation.responses!['200']!.content).toEqual({ 'audio/mpeg': { schema: { type: 'string', contentMediaType: 'audio/mpeg' } } });
  });
});

describe('a named shape that may be null', () => {
  test('is the component, with the null beside it', () => {
    const schemas: Record<string, JsonSchema> = {};
    const hoister = createComponentHoister(schemas);
    hoister.hoist({ title: 'Progress', type: 'object', properties: { chapter: { type: 'integer' } } });
    expect(hoister.hoist({ title: 'Progress', type: ['object', 'null'], properties: { chapter: { type: 'integer' } } })).toEqual({ anyOf: [{ $ref: '#/components/schemas/Progress' }, { type: 'null' }] });
    expect(hoister.conflicts()).toEqual([]);
  });
});
