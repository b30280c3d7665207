/**
 * A jsonb column's value. Both drivers hand jsonb back parsed; a text value (a column read through
 * a cast, or a driver set up otherwise) is parsed here, and a null becomes `fallback`.
 */
export function jsonColumn<T>(value: unknown, fallback: T): T {
  if (typeof value === 'string') return JSON.parse(value) as T;
  return (value ?? fallback) as T;
}
