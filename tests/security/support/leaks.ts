/** Signs that an internal detail reached a response: a stack frame, a source path, SQL. */
const LEAKS: [string, RegExp][] = [
  ['a stack frame', /\bat (?:[\w$.<>]+ )?\(?(?:file:\/\/)?\/[^\s)]+:\d+:\d+\)?/],
  ['a source path', /\/(work|home|src|tmp)\/[\w.-]+\/|node_modules|\.tsx?:\d+/],
  ['an error class name', /\b(TypeError|ReferenceError|SyntaxError|RangeError): /],
  ['SQL', /\b(select|insert|update|delete)\b[^"]{0,80}\b(from|into|set)\b|syntax error at or near|violates .* constraint/i],
];

export function leakIn(text: string): string | null {
  for (const [what, pattern] of LEAKS) if (pattern.test(text)) return what;
  return null;
}
