import type { JsonSchema } from './types.ts';

/**
 * Elysia's numeric types accept a number or its text (a query string, a form field), and the
 * generator writes both: `anyOf: [{type: string, format: integer}, {type: integer, …}]`. A client
 * sends and receives the number, so the document keeps that branch (with the outer keywords).
 */
function numericBranch(schema: JsonSchema): JsonSchema | null {
  const anyOf = schema.anyOf;
  if (!Array.isArray(anyOf) || anyOf.length !== 2) return null;
  const [text, number] = anyOf as JsonSchema[];
  const textual = text?.type === 'string' && (text.format === 'integer' || text.format === 'numeric');
  if (!textual || (number?.type !== 'integer' && number?.type !== 'number')) return null;
  const { anyOf: _, ...outer } = schema;
  return { ...number, ...outer };
}

/**
 * The generator folds `'up' | 'down' | null` into `{type: [string, null], enum: [up, down]}`, which
 * no value null satisfies (an enum is checked beside the type): the null goes into the enum too.
 */
function withNullInEnum(schema: JsonSchema): JsonSchema {
  if (!Array.isArray(schema.type) || !schema.type.includes('null') || !Array.isArray(schema.enum) || schema.enum.includes(null)) return schema;
  return { ...schema, enum: [...schema.enum, null] };
}

/** TypeBox options that are not JSON Schema: the server's own validation messages. */
const SERVER_ONLY_KEYWORDS = new Set(['error']);

/** A JSON Schema as clients should read it: the number branch of numeric types, no server-only keywords. */
export function cleanSchema(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(cleanSchema);
  if (!value || typeof value !== 'object') return value;
  const schema = withNullInEnum(numericBranch(value as JsonSchema) ?? (value as JsonSchema));
  const cleaned: JsonSchema = {};
  for (const [key, child] of Object.entries(schema)) {
    if (SERVER_ONLY_KEYWORDS.has(key) && typeof child === 'string') continue;
    cleaned[key] = key === 'properties' || key === 'patternProperties' || key === '$defs' ? mapValues(child, cleanSchema) : cleanSchema(child);
  }
  return cleaned;
}

function mapValues(value: unknown, fn: (v: unknown) => unknown): unknown {
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value as JsonSchema).map(([k, v]) => [k, fn(v)]));
}
