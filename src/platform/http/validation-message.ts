import type { ValidationError } from 'elysia';

/**
 * One sentence naming the offending field, e.g. "font_size: must be between 0.5 and 3".
 * A schema's own `error` text wins; otherwise TypeBox's message for the first failure.
 */
export function validationMessage(error: ValidationError): string {
  const first = error.valueError ?? error.all[0];
  const custom = error.customError;
  const field = first && 'path' in first ? String(first.path).replace(/^\//, '').replace(/\//g, '.') : '';
  const where = error.type === 'body' || error.type === 'query' || error.type === 'params' ? error.type : 'request';
  const text = typeof custom === 'string' ? custom : first?.message ?? 'is invalid';
  if (typeof custom === 'string' && (!field || custom.includes(field))) return custom;
  return field ? `${field}: ${lowerFirst(text)}` : `Invalid ${where}: ${lowerFirst(text)}`;
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}
