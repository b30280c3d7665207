/** The parts of an OpenAPI 3.1 document the post-processing reads and writes. */
export type JsonSchema = { [key: string]: unknown };

export interface MediaType {
  schema?: JsonSchema;
}

export interface ResponseObject {
  description: string;
  headers?: Record<string, unknown>;
  content?: Record<string, MediaType>;
}

export interface Operation {
  operationId?: string;
  summary?: string;
  tags?: string[];
  parameters?: { name: string; in: string; required?: boolean; schema?: JsonSchema }[];
  requestBody?: { description?: string; required?: boolean; content: Record<string, MediaType> };
  responses?: Record<string, ResponseObject>;
  security?: Record<string, string[]>[];
  [extension: string]: unknown;
}

export type PathItem = Record<string, Operation>;

export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; description?: string };
  paths: Record<string, PathItem>;
  components: { schemas: Record<string, JsonSchema>; securitySchemes?: Record<string, unknown> };
  tags?: { name: string; description?: string }[];
}

export const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'] as const;

/** Every operation of the document with its path and method. */
export function* operationsOf(document: Pick<OpenApiDocument, 'paths'>): Generator<{ path: string; method: string; operation: Operation }> {
  for (const [path, item] of Object.entries(document.paths))
    for (const method of METHODS) {
      const operation = item[method];
      if (operation) yield { path, method, operation };
    }
}
