import type { AnyElysia } from 'elysia';
import { guardOf, type GuardDescription } from '../../../platform/http/auth.ts';
import { ApiError } from '../../../platform/http/api-schemas.ts';
import { cleanSchema } from './schemas.ts';
import { assignOperationIds } from './operation-ids.ts';
import { applySecurity, SECURITY_SCHEMES } from './security.ts';
import { addErrorAnswers, errorResponse, inferredErrorStatuses } from './error-answers.ts';
import { createComponentHoister } from './components.ts';
import { fixResponseContent } from './responses.ts';
import { METHODS, operationsOf, type JsonSchema, type OpenApiDocument, type Operation } from './types.ts';

export interface BuiltDocument {
  document: OpenApiDocument;
  /** Titles given to two different shapes (left inline); the document's test requires none. */
  conflictingTitles: string[];
}

interface RouteFacts {
  guard: GuardDescription | null;
  ownOperationId: boolean;
  /** The body schema: the generator leaves a guarded route's body without media types (the guard parses). */
  body: JsonSchema | null;
}

/**
 * /api/openapi.json: Elysia's generator over the route schemas, then made into the OpenAPI 3.1
 * document client generators need (docs/api.md, "The API description"): numbers as numbers, one
 * readable operationId each, how each operation signs in, the errors it can answer, and the shared
 * shapes as named components.
 */
export async function buildApiDocument(app: AnyElysia, info: OpenApiDocument['info']): Promise<BuiltDocument> {
  const { toOpenAPISchema } = await import('@elysiajs/openapi');
  const generated = toOpenAPISchema(app, { staticFile: true });
  const schemas: Record<string, JsonSchema> = {};
  const hoister = createComponentHoister(schemas);
  hoister.hoist(cleanSchema(JSON.parse(JSON.stringify(ApiError))));
  const document: OpenApiDocument = {
    openapi: '3.1.0',
    info,
    paths: JSON.parse(JSON.stringify(generated.paths)),
    components: { schemas, securitySchemes: SECURITY_SCHEMES },
  };
  const facts = routeFacts(app);
  for (const { path, method, operation } of operationsOf(document)) {
    const fact = facts.get(`${method} ${path}`) ?? { guard: null, ownOperationId: false, body: null };
    if (fact.ownOperationId) operation['x-own-operation-id'] = true;
    if (operation.requestBody && !Object.keys(operation.requestBody.content ?? {}).length && fact.body) operation.requestBody.content = { 'application/json': { schema: fact.body } };
    fixResponseContent(operation);
    if (path.startsWith('/api/')) addErrorAnswers(operation, inferredErrorStatuses(path, method, operation, fact.guard));
    describeErrorAnswers(operation);
    applySecurity(operation, fact.guard);
    forEachSchema(operation, (schema) => hoister.hoist(cleanSchema(schema)) as JsonSchema);
  }
  assignOperationIds(document);
  return { document, conflictingTitles: hoister.conflicts() };
}

function routeFacts(app: AnyElysia): Map<string, RouteFacts> {
  const facts = new Map<string, RouteFacts>();
  for (const route of app.routes) {
    const hooks = (route.hooks ?? {}) as { transform?: unknown; detail?: { operationId?: string }; body?: unknown };
    const body = hooks.body && typeof hooks.body === 'object' ? (JSON.parse(JSON.stringify(hooks.body)) as JsonSchema) : null;
    const fact = { guard: guardOf(hooks), ownOperationId: Boolean(hooks.detail?.operationId), body };
    const path = route.path.replace(/:([^/?]+)\??/g, '{$1}');
    const methods = route.method === 'ALL' ? METHODS : [route.method.toLowerCase()];
    for (const method of methods) if (!facts.has(`${method} ${path}`)) facts.set(`${method} ${path}`, fact);
  }
  return facts;
}

/** A declared error answer gets the shared description of its status rather than "Response for status 404". */
function describeErrorAnswers(operation: Operation): void {
  for (const [status, response] of Object.entries(operation.responses ?? {}))
    if (Number(status) >= 400 && (response.description.startsWith('Response for status') || response.description === ApiError.description)) response.description = errorResponse(Number(status)).description;
}

function forEachSchema(operation: Operation, replace: (schema: JsonSchema) => JsonSchema): void {
  for (const parameter of operation.parameters ?? []) if (parameter.schema) parameter.schema = replace(parameter.schema);
  for (const media of Object.values(operation.requestBody?.content ?? {})) if (media.schema) media.schema = replace(media.schema);
  for (const response of Object.values(operation.responses ?? {}))
    for (const media of Object.values(response.content ?? {})) if (media.schema) media.schema = replace(media.schema);
}

export const API_INFO: OpenApiDocument['info'] = {
  title: 'Chapterhouse API',
  version: '0.1.0',
  description:
    'JSON endpoints for the web layer and the mobile client. Sign in with POST /api/auth/login and send the token as `Authorization: Bearer <token>`. ' +
    'Every error answers `{"error": code, "message": text}` (ApiError). docs/api.md in the repository has the rules behind each answer.',
};
