/**
 * Where a request's time goes, from a CPU profile of the app (Bun's `--cpu-prof`, the Chrome
 * DevTools format): every sample is given to the first frame from the top of its stack that
 * belongs to a known kind of work, and the totals are divided by the requests answered.
 *
 * Kinds: the database (pg, kysely, the batched reads, their sockets), rendering (JSX views,
 * messages, page templates and kept drawings, highlighting), serialising (JSON, strings to
 * bytes), compressing (zlib, the gzip joiner), the in-memory catalogue index, HTTP and the
 * framework (Bun's server, Elysia, the request wrapper), garbage collection, and the rest.
 */
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
  children?: number[];
}

interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

export const KINDS = ['database', 'rendering', 'serialising', 'compressing', 'catalogue index', 'http and framework', 'garbage collection', 'other'] as const;
export type Kind = (typeof KINDS)[number];

/** The kind of work a frame is, or null when it says nothing by itself (an anonymous native frame). */
function kindOf(frame: ProfileNode['callFrame']): Kind | null {
  const { functionName: fn, url } = frame;
  if (fn === 'gc' || fn === '(garbage collector)') return 'garbage collection';
  if (/node:zlib|gzip-parts\.ts|\/compress\.ts/.test(url) || /^(writeSync|processChunkSync|zlibBufferSync|gzipSync|deflateRawSync|brotliCompressSync|crc32)$/.test(fn)) return 'compressing';
  if (/\/node_modules\/(pg|pg-protocol|pg-pool|pg-types|postgres-bytea|kysely)\/|\/platform\/db\/|\/features\/[^/]+\/queries\.ts|node:net|\/reader\/chapter-reading\.ts/.test(url)) return 'database';
  if (/\/node_modules\/@kitajs\/html\/|\/views\/|\/platform\/i18n\/|page-template\.ts|kept-drawings\.ts|highlight\.ts/.test(url)) return 'rendering';
  if (fn === 'stringify' || fn === 'encode' || fn === 'encodeInto' || fn === 'Buffer' || fn === 'toString') return 'serialising';
  if (/\/catalogue\/index\//.test(url)) return 'catalogue index';
  if (/\/node_modules\/(elysia|memoirist|@sinclair|exact-mirror|prom-client)\/|\/platform\/http\/|\/platform\/cache\/|ioredis/.test(url) || /^(Response|Request|handle|requestIP)$/.test(fn)) return 'http and framework';
  return null;
}

/**
 * Milliseconds of CPU per request for each kind of work, from one profile file. Samples count from
 * the first request on (the request wrapper on the stack), so the start-up's work is left out.
 */
export function splitProfile(file: string, requests: number): Record<Kind, number> {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const kindOfNode = new Map<number, Kind | 'idle'>();
  const resolve = (id: number): Kind | 'idle' => {
    const known = kindOfNode.get(id);
    if (known) return known;
    const node = byId.get(id)!;
    const name = node.callFrame.functionName;
    let kind: Kind | 'idle' | null = name === '(idle)' || name === '(program)' ? 'idle' : kindOf(node.callFrame);
    if (kind === null) {
      const up = parent.get(id);
      kind = up === undefined ? 'other' : resolve(up);
    }
    kindOfNode.set(id, kind);
    return kind;
  };
  const inRequest = new Map<number, boolean>();
  const servesRequest = (id: number): boolean => {
    let known = inRequest.get(id);
    if (known === undefined) {
      const up = parent.get(id);
      known = /\/platform\/http\/server\.ts/.test(byId.get(id)!.callFrame.url) || (up !== undefined && servesRequest(up));
      inRequest.set(id, known);
    }
    return known;
  };
  const first = profile.samples.findIndex(servesRequest);
  const totals = Object.fromEntries(KINDS.map((k) => [k, 0])) as Record<Kind, number>;
  for (let i = Math.max(0, first); i < profile.samples.length; i++) {
    const kind = resolve(profile.samples[i]!);
    if (kind !== 'idle') totals[kind] += (profile.timeDeltas[i] ?? 0) / 1000; // µs → ms
  }
  for (const kind of KINDS) totals[kind] /= Math.max(1, requests);
  return totals;
}
