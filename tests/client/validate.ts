import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { Middleware } from 'openapi-fetch';

type Json = Record<string, unknown>;
const DOCUMENT_ID = 'openapi.json';

/** One answer the middleware checked: `GET /api/book/{slug} 404`. */
export type CheckedAnswer = `${string} ${string} ${number}`;

export interface ResponseValidator {
  middleware: Middleware;
  /** Every (operation, status) answered and checked so far. */
  checked: Set<CheckedAnswer>;
}

const mediaTypeOf = (contentType: string | null) => contentType?.split(';')[0]!.trim().toLowerCase() ?? '';
const isJson = (mediaType: string) => mediaType === 'application/json' || mediaType.endsWith('+json');
const pointerSegment = (segment: string) => segment.replaceAll('~', '~0').replaceAll('/', '~1');

/** The body for a failure message: text as it is, anything else by its type and size. */
async function describeBody(response: Response): Promise<string> {
  const mediaType = mediaTypeOf(response.headers.get('content-type'));
  if (isJson(mediaType) || mediaType.startsWith('text/')) return (await response.clone().text()).slice(0, 2000);
  return `${(await response.clone().arrayBuffer()).byteLength} bytes of ${mediaType || 'no content type'}`;
}

/** The declared response for a status: exact, then its range (`4XX`), then `default`. */
function declaredResponse(responses: Json, status: number): [key: string, response: Json] | null {
  for (const key of [String(status), `${String(status)[0]}XX`, 'default']) {
    const response = responses[key];
    if (response && typeof response === 'object') return [key, response as Json];
  }
  return null;
}

/**
 * An openapi-fetch middleware that holds every response to the document: the operation must
 * declare the status, and a JSON body must validate against the declared schema (JSON Schema
 * 2020-12, as OpenAPI 3.1 has it; `#/components/schemas/…` refs resolve inside the document).
 */
export function responseValidator(document: object): ResponseValidator {
  const ajv = new Ajv2020({ strict: false, allErrors: true, logger: false });
  addFormats(ajv);
  ajv.addSchema(document, DOCUMENT_ID);
  const paths = ('paths' in document ? document.paths : {}) as Record<string, Record<string, Json>>;
  const checked = new Set<CheckedAnswer>();

  const middleware: Middleware = {
    async onResponse({ request, response, schemaPath }) {
      const method = request.method.toLowerCase();
      const operationName = `${request.method} ${schemaPath}`;
      const operation = paths[schemaPath]?.[method];
      if (!operation) throw new Error(`${operationName} is not in the document`);
      const found = declaredResponse((operation.responses ?? {}) as Json, response.status);
      if (!found) throw new Error(`${operationName} answered ${response.status}, which the document does not declare: ${await describeBody(response)}`);
      checked.add(`${request.method} ${schemaPath} ${response.status}`);
      const [key, declared] = found;

      const content = (declared.content ?? {}) as Record<string, Json>;
      const mediaType = mediaTypeOf(response.headers.get('content-type'));
      const hasBody = response.status !== 204 && response.status !== 304 && request.method !== 'HEAD';
      if (!hasBody || !Object.keys(content).length) return;
      const declaredType = content[mediaType] ? mediaType : Object.keys(content).find((type) => type === '*/*' || (type.endsWith('/*') && mediaType.startsWith(type.slice(0, -1))));
      if (!declaredType) throw new Error(`${operationName} ${response.status} answered ${mediaType || 'no content type'}, but the document declares ${Object.keys(content).join(', ')}`);
      if (!isJson(mediaType) || !content[declaredType]?.schema) return;

      const body: unknown = await response.clone().json();
      const pointer = ['paths', schemaPath, method, 'responses', key, 'content', declaredType, 'schema'].map(pointerSegment).join('/');
      const validate = ajv.getSchema(`${DOCUMENT_ID}#/${pointer}`);
      if (!validate) throw new Error(`${operationName} ${response.status}: no schema at #/${pointer}`);
      if (!validate(body)) {
        const errors = (validate.errors ?? []).map((e) => `${e.instancePath || '(body)'} ${e.message ?? ''} ${JSON.stringify(e.params)}`).join('\n  ');
        throw new Error(`${operationName} ${response.status}: the body does not match the document:\n  ${errors}\nbody: ${JSON.stringify(body).slice(0, 2000)}`);
      }
    },
  };
  return { middleware, checked };
}
