import type { TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';

/**
 * Reading JSON out of a model's answer. Servers without structured output wrap it in prose or
 * code fences; we take the first JSON object or array in the text.
 */
export function extractJson(text: string): unknown {
  const trimmed = text.trim();
  const fenced = /```(?:json)?\s*([\s\S]*?)```/i.exec(trimmed);
  const candidates = [trimmed, fenced?.[1]?.trim(), outermost(trimmed)].filter((c): c is string => !!c);
  for (const candidate of candidates) {
    try {
      return JSON.parse(candidate);
    } catch {
      /* next */
    }
  }
  throw new SyntaxError('no JSON in the answer');
}

function outermost(text: string): string | null {
  const start = text.search(/[[{]/);
  if (start < 0) return null;
  const close = text[start] === '{' ? '}' : ']';
  const end = text.lastIndexOf(close);
  return end > start ? text.slice(start, end + 1) : null;
}

/** The first few validation errors, in a line a model can act on. */
export function schemaErrors(schema: TSchema, value: unknown): string | null {
  const errors = [...Value.Errors(schema, value)].slice(0, 5);
  if (errors.length === 0) return null;
  return errors.map((e) => `${e.path || '/'}: ${e.message}`).join('; ');
}

/** The instruction that stands in for structured output on servers that lack it. */
export function jsonInstruction(name: string, schema: TSchema): string {
  return `Reply with one JSON value only, no prose and no code fences, matching this JSON Schema (named "${name}"):\n${JSON.stringify(schema)}`;
}
