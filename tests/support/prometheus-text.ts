/**
 * A strict reader of the Prometheus text exposition format 0.0.4, for tests: every line must be a
 * HELP, TYPE, comment, blank or sample line; samples must belong to a declared family; histograms
 * must be cumulative and end at +Inf = _count. (No maintained parser of the format is on npm.)
 */
export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const NAME = '[a-zA-Z_:][a-zA-Z0-9_:]*';
const LABEL = '[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\\\\\n]|\\\\[\\\\"n])*"';
const VALUE = '[+-]?(?:Inf|NaN|\\d+(?:\\.\\d+)?(?:[eE][+-]?\\d+)?|\\.\\d+(?:[eE][+-]?\\d+)?)';
const SAMPLE = new RegExp(`^(${NAME})(?:\\{((?:${LABEL})(?:,${LABEL})*)?,?\\})? (${VALUE})(?: -?\\d+)?$`);
const HELP = new RegExp(`^# HELP (${NAME}) .*$`);
const TYPE = new RegExp(`^# TYPE (${NAME}) (counter|gauge|histogram|summary|untyped)$`);
const LABEL_PAIR = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\\n]|\\[\\"n])*)"/g;
const SUFFIXES: Record<string, string[]> = { histogram: ['_bucket', '_sum', '_count'], summary: ['', '_sum', '_count'] };

export function parseExposition(text: string): Sample[] {
  if (!text.endsWith('\n')) throw new Error('the exposition must end with a line feed');
  const types = new Map<string, string>();
  const samples: Sample[] = [];
  text.slice(0, -1).split('\n').forEach((line, i) => {
    const fail = (why: string) => {
      throw new Error(`line ${i + 1} ${why}: ${JSON.stringify(line)}`);
    };
    if (line === '' || HELP.test(line)) return;
    const type = TYPE.exec(line);
    if (type) {
      if (types.has(type[1]!)) fail('declares a type twice');
      return void types.set(type[1]!, type[2]!);
    }
    if (line.startsWith('#')) return line.startsWith('# HELP') || line.startsWith('# TYPE') ? fail('is a malformed HELP/TYPE line') : undefined;
    const match = SAMPLE.exec(line);
    if (!match) return fail('is not a sample line');
    const [, name, labelText, value] = match;
    const labels: Record<string, string> = {};
    for (const [, key, raw] of (labelText ?? '').matchAll(LABEL_PAIR)) {
      if (key! in labels) fail(`repeats label ${key}`);
      labels[key!] = raw!.replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c));
    }
    if (!familyOf(name!, types)) fail('has no TYPE declared before it');
    samples.push({ name: name!, labels, value: parseValue(value!) });
  });
  checkHistograms(samples, types);
  return samples;
}

function familyOf(name: string, types: Map<string, string>): string | null {
  if (types.has(name) && !SUFFIXES[types.get(name)!]) return name;
  for (const [family, type] of types) {
    for (const suffix of SUFFIXES[type] ?? []) if (name === family + suffix) return family;
  }
  return null;
}

function parseValue(text: string): number {
  if (/^[+]?Inf$/.test(text)) return Infinity;
  if (text === '-Inf') return -Infinity;
  return text === 'NaN' ? NaN : Number(text);
}

function checkHistograms(samples: Sample[], types: Map<string, string>): void {
  for (const [family, type] of types) {
    if (type !== 'histogram') continue;
    const series = new Map<string, Sample[]>();
    for (const s of samples.filter((x) => x.name === `${family}_bucket`)) {
      const { le, ...rest } = s.labels;
      if (le === undefined) throw new Error(`${family}_bucket without le`);
      const key = JSON.stringify(rest);
      series.set(key, [...(series.get(key) ?? []), s]);
    }
    for (const [key, buckets] of series) {
      const bounds = buckets.map((b) => parseValue(b.labels.le!));
      if (bounds.some((b, i) => i > 0 && b <= bounds[i - 1]!)) throw new Error(`${family} buckets out of order`);
      if (bounds.at(-1) !== Infinity) throw new Error(`${family} lacks the +Inf bucket`);
      if (buckets.some((b, i) => i > 0 && b.value < buckets[i - 1]!.value)) throw new Error(`${family} buckets not cumulative`);
      const count = samples.find((s) => s.name === `${family}_count` && JSON.stringify(s.labels) === key);
      if (count?.value !== buckets.at(-1)!.value) throw new Error(`${family}_count differs from its +Inf bucket`);
    }
  }
}

/** The value of the one sample with exactly these labels; `absent` when there is none (else it throws). */
export function sampleValue(samples: Sample[], name: string, labels: Record<string, string>, absent?: number): number {
  const want = JSON.stringify(Object.entries(labels).sort());
  const found = samples.filter((s) => s.name === name && JSON.stringify(Object.entries(s.labels).sort()) === want);
  if (found.length > 1) throw new Error(`${name} ${want} appears ${found.length} times`);
  if (found.length === 0 && absent === undefined) throw new Error(`no sample ${name} ${want}`);
  return found[0]?.value ?? absent!;
}
