/**
 * JSON-lines logs on stderr: {time, level, msg, ...fields}. Never log secrets, cookies or tokens:
 * callers pass explicit fields, and `redact` masks the usual suspects if they slip in.
 */
export type Level = 'debug' | 'info' | 'warn' | 'error';
const ORDER: Record<Level, number> = { debug: 10, info: 20, warn: 30, error: 40 };
const SECRET = /(authorization|cookie|token|secret|password|api[_-]?key)/i;

export type Fields = Record<string, unknown>;

export interface Logger {
  debug(msg: string, fields?: Fields): void;
  info(msg: string, fields?: Fields): void;
  warn(msg: string, fields?: Fields): void;
  error(msg: string, fields?: Fields): void;
  child(fields: Fields): Logger;
}

function redact(fields: Fields): Fields {
  const out: Fields = {};
  for (const [key, value] of Object.entries(fields)) {
    if (value instanceof Error) out[key] = { name: value.name, message: value.message, stack: value.stack };
    else out[key] = SECRET.test(key) ? '[redacted]' : value;
  }
  return out;
}

export function createLogger(
  minLevel: Level = 'info',
  base: Fields = {},
  write: (line: string) => void = (line) => process.stderr.write(line + '\n'),
): Logger {
  const emit = (level: Level, msg: string, fields?: Fields) => {
    if (ORDER[level] < ORDER[minLevel]) return;
    write(JSON.stringify({ time: new Date().toISOString(), level, msg, ...redact({ ...base, ...fields }) }));
  };
  return {
    debug: (msg, fields) => emit('debug', msg, fields),
    info: (msg, fields) => emit('info', msg, fields),
    warn: (msg, fields) => emit('warn', msg, fields),
    error: (msg, fields) => emit('error', msg, fields),
    child: (fields) => createLogger(minLevel, { ...base, ...fields }, write),
  };
}

/** For tests and tools that must stay quiet. */
export const silentLogger: Logger = createLogger('error', {}, () => {});
