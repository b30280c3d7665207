/**
 * The hottest functions of a CPU profile kept by bench/profile.ts --keep: self time and total
 * (inclusive) time per function from the first request on, in microseconds per request when
 * --requests is given.
 *
 *   node_modules/.bin/bun bench/profile-top.ts DIR/spread-browse-json.cpuprofile [--requests 60000] [--top 40] [--under handle]
 *     [--callers NAME] [--from-start]
 *
 * --under NAME counts only samples with a frame of that function name on their stack (--from-start:
 * every sample, for a profile of a script that serves no requests); --callers
 * NAME lists, for the samples whose own frame is NAME, the nearest named JavaScript frame above.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

const { values: flags, positionals } = parseArgs({
  options: { requests: { type: 'string' }, 'from-start': { type: 'boolean', default: false }, top: { type: 'string', default: '40' }, under: { type: 'string' }, callers: { type: 'string' } },
  allowPositionals: true,
  strict: true,
});
if (positionals.length !== 1) throw new Error('usage: bench/profile-top.ts FILE.cpuprofile [--requests N] [--top 40] [--under NAME]');

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
const profile = JSON.parse(readFileSync(positionals[0]!, 'utf8')) as { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);

const label = (n: ProfileNode) => {
  const file = n.callFrame.url.replace(/^.*\/(node_modules\/|src\/|views\/)/, '$1');
  return `${n.callFrame.functionName || '(anonymous)'} ${file}:${n.callFrame.lineNumber + 1}`;
};
const stackOf = (id: number): ProfileNode[] => {
  const stack: ProfileNode[] = [];
  for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) stack.push(byId.get(at)!);
  return stack;
};

const self = new Map<string, number>();
const callers = new Map<string, number>();
const total = new Map<string, number>();
let counted = 0;
// From the first request on (the outer request handler on the stack), as reading/profile-split.ts counts: start-up is left out.
let serving = flags['from-start']!;
profile.samples.forEach((id, i) => {
  const us = profile.timeDeltas[i + 1] ?? 0;
  const stack = stackOf(id);
  serving ||= stack.some((n) => n.callFrame.url.endsWith('/platform/http/server.ts'));
  if (!serving) return;
  const name = stack[0]!.callFrame.functionName;
  if (name === '(idle)' || name === '(program)' || name === '(root)') return;
  if (flags.under && !stack.some((n) => n.callFrame.functionName === flags.under)) return;
  counted += us;
  self.set(label(stack[0]!), (self.get(label(stack[0]!)) ?? 0) + us);
  for (const key of new Set(stack.map(label))) total.set(key, (total.get(key) ?? 0) + us);
  if (flags.callers !== undefined && name === flags.callers) {
    const caller = stack.slice(1).find((n) => n.callFrame.url !== '');
    const key = caller ? label(caller) : '(none)';
    callers.set(key, (callers.get(key) ?? 0) + us);
  }
});

const per = flags.requests ? Number(flags.requests) : 1;
const unit = flags.requests ? 'µs/request' : 'µs';
const show = (title: string, map: Map<string, number>) => {
  console.log(`\n${title} (${unit})`);
  for (const [key, us] of [...map].sort((a, b) => b[1] - a[1]).slice(0, Number(flags.top))) {
    console.log(`${(us / per).toFixed(1).padStart(10)}  ${((100 * us) / counted).toFixed(1).padStart(5)} %  ${key}`);
  }
};
console.log(`busy samples: ${(counted / 1000).toFixed(0)} ms`);
show('self', self);
show('total', total);
if (flags.callers !== undefined) show(`callers of ${flags.callers}`, callers);
