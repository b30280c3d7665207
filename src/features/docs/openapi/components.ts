import type { JsonSchema } from './types.ts';

const COMPONENT_NAME = /^[A-Z][A-Za-z0-9]*$/;

/**
 * Moves every schema with a PascalCase `title` into components.schemas under that name, leaving
 * a $ref. Two different shapes under one title stay inline (with their title) and are reported:
 * the document's test fails on any.
 */
export function createComponentHoister(schemas: Record<string, JsonSchema>) {
  const shapes = new Map<string, string>(Object.entries(schemas).map(([name, schema]) => [name, JSON.stringify(schema)]));
  const conflicts = new Set<string>();

  function hoist(value: unknown): unknown {
    if (Array.isArray(value)) return value.map(hoist);
    if (!value || typeof value !== 'object') return value;
    const schema: JsonSchema = {};
    for (const [key, child] of Object.entries(value)) schema[key] = key === 'properties' || key === 'patternProperties' || key === '$defs' ? mapValues(child, hoist) : hoist(child);
    const title = schema.title;
    if (typeof title !== 'string' || !COMPONENT_NAME.test(title)) return schema;
    // The generator folds `X | null` into X's own type list: the component is X, the null stays here.
    if (Array.isArray(schema.type) && schema.type.includes('null') && schema.type.length > 1) {
      const types = schema.type.filter((type) => type !== 'null');
      const named = name(title, { ...schema, type: types.length === 1 ? types[0] : types });
      return '$ref' in named ? { anyOf: [named, { type: 'null' }] } : schema;
    }
    return name(title, schema);
  }

  function name(title: string, schema: JsonSchema): JsonSchema {
    const shape = JSON.stringify(schema);
    const known = shapes.get(title);
    if (known !== undefined && known !== shape) {
      conflicts.add(title);
      return schema;
    }
    if (known === undefined) {
      shapes.set(title, shape);
      schemas[title] = schema;
    }
    return { $ref: `#/components/schemas/${title}` };
  }

  return { hoist, conflicts: () => [...conflicts] };
}

function mapValues(value: unknown, fn: (v: unknown) => unknown): unknown {
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fn(v)]));
}
