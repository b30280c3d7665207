import type { MediaType, Operation, ResponseObject } from './types.ts';

/**
 * The generator writes a void answer's schema in place of its content, and binary bodies as JSON:
 * a 204 gets no content; a body marked `x-media-type` (platform/http/api-schemas.ts binaryBody)
 * is listed under its own media type.
 */
export function fixResponseContent(operation: Operation): void {
  for (const response of Object.values(operation.responses ?? {})) fixContent(response);
}

function fixContent(response: ResponseObject): void {
  const content = response.content;
  if (!content) return;
  const mediaTypes = Object.keys(content);
  if (!mediaTypes.some((type) => type.includes('/'))) {
    delete response.content;
    return;
  }
  const fixed: Record<string, MediaType> = {};
  for (const [type, media] of Object.entries(content)) {
    const marked = media.schema?.['x-media-type'];
    if (typeof marked !== 'string') {
      fixed[type] = media;
      continue;
    }
    const { ['x-media-type']: _, ...schema } = media.schema!;
    fixed[marked] = { schema };
  }
  response.content = fixed;
}
