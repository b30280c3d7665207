import type { CheerioAPI } from 'cheerio';

/**
 * Selectors are data (each source's profile.ts): each field lists selectors in order of
 * preference, and the first that yields a value wins. What matched, and what was tried, is kept
 * for the health check (`bun run sources:check`), so a site redesign shows up as a field that
 * matched nothing.
 */
export interface FieldRule {
  selectors: readonly string[];
  /** Attributes to read, in order (e.g. data-src before src); the element's text when absent. */
  attrs?: readonly string[];
  /** Refuse a value (e.g. a `data:` placeholder image) and keep looking. */
  reject?: RegExp;
}

export interface Extracted<T> {
  value: T;
  matched: string | null;
  tried: readonly string[];
}

export type Trace = { field: string; matched: string | null; tried: readonly string[]; value?: string }[];

function valueOf($: CheerioAPI, element: Parameters<CheerioAPI>[0], rule: FieldRule): string | null {
  const node = $(element);
  if (rule.attrs) {
    for (const attr of rule.attrs) {
      const value = node.attr(attr)?.trim();
      if (value && !rule.reject?.test(value)) return value;
    }
    return null;
  }
  const text = node.text().replace(/\s+/g, ' ').trim();
  return text && !rule.reject?.test(text) ? text : null;
}

export function first($: CheerioAPI, rule: FieldRule): Extracted<string | null> {
  for (const selector of rule.selectors) {
    for (const element of $(selector).toArray()) {
      const value = valueOf($, element, rule);
      if (value) return { value, matched: selector, tried: rule.selectors };
    }
  }
  return { value: null, matched: null, tried: rule.selectors };
}

export function all($: CheerioAPI, rule: FieldRule): Extracted<string[]> {
  for (const selector of rule.selectors) {
    const values = $(selector)
      .toArray()
      .map((element) => valueOf($, element, rule))
      .filter((v): v is string => v !== null);
    if (values.length) return { value: [...new Set(values)], matched: selector, tried: rule.selectors };
  }
  return { value: [], matched: null, tried: rule.selectors };
}

export function record<T>(trace: Trace, field: string, result: Extracted<T>): T {
  const shown = Array.isArray(result.value) ? result.value.slice(0, 5).join(', ') || undefined : result.value === null ? undefined : String(result.value).slice(0, 80);
  trace.push({ field, matched: result.matched, tried: result.tried, ...(shown !== undefined ? { value: shown } : {}) });
  return result.value;
}
