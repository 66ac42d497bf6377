/**
 * The heaviest functions of a V8 CPU profile (`.cpuprofile`, written by `node --cpu-prof` or
 * `npm run bench -- --cpu-prof DIR`), as text, for a machine with no browser to open the flame
 * graph in:
 *
 *   npx tsx tests/bench/profile-top.ts prof/CPU.*.cpuprofile [--top 30]
 *
 * Self time is the samples taken in the function itself; total time adds its callees. Idle,
 * program and garbage-collector samples are shown as V8 names them: (idle), (program), (garbage
 * collector).
 *
 * `--areas` also splits the busy samples by area of the code (PROFILE_AREAS: React, the storage
 * drivers, the upstream client, BullMQ, ioredis, zod, ...): each sample goes to the innermost frame
 * on its stack that belongs to an area, so a zod parse inside the upstream client counts as zod,
 * and the client's own code as upstream. Samples in no area are `other` (the view models, page
 * assembly) or V8's own (garbage collector, program).
 *
 *   npx tsx tests/bench/profile-top.ts prof/CPU.*.cpuprofile --areas
 */
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples?: number[];
}

export interface FunctionTime {
  name: string;
  selfSamples: number;
  totalSamples: number;
}

/** Self and total samples per function (name and location), heaviest self time first. */
export function topFunctions(profile: CpuProfile): FunctionTime[] {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const label = (node: ProfileNode) => {
    const { functionName, url, lineNumber } = node.callFrame;
    const where = url === '' ? '' : ` ${url.replace(/^file:\/\/.*?\/(node_modules|core|render-workers|tests|ingest|edge-router|interactive-bundle)\//, '$1/')}:${lineNumber + 1}`;
    return `${functionName || '(anonymous)'}${where}`;
  };
  const totals = new Map<string, FunctionTime>();
  // Total: a node's own hits plus its subtree's, counted once per function on each path.
  const visit = (node: ProfileNode, onPath: Set<string>): number => {
    let subtree = node.hitCount ?? 0;
    const name = label(node);
    const fresh = !onPath.has(name);
    if (fresh) onPath.add(name);
    for (const child of node.children ?? []) {
      const next = byId.get(child);
      if (next) subtree += visit(next, onPath);
    }
    if (fresh) onPath.delete(name);
    const entry = totals.get(name) ?? { name, selfSamples: 0, totalSamples: 0 };
    entry.selfSamples += node.hitCount ?? 0;
    if (fresh) entry.totalSamples += subtree;
    totals.set(name, entry);
    return subtree;
  };
  const root = profile.nodes[0];
  if (root) visit(root, new Set());
  return [...totals.values()].sort((a, b) => b.selfSamples - a.selfSamples);
}

/** The areas `--areas` splits a profile into, matched on a frame's script URL; the first match names it. */
export const PROFILE_AREAS: ReadonlyArray<readonly [name: string, url: RegExp]> = [
  ['React', /\/node_modules\/react(-dom)?\//],
  ['BullMQ', /\/node_modules\/bullmq\//],
  ['ioredis', /\/node_modules\/ioredis\//],
  ['zod', /\/node_modules\/zod\//],
  ['sanitize-html', /\/node_modules\/(sanitize-html|htmlparser2|domhandler|entities)\//],
  ['date-fns', /\/node_modules\/date-fns(-tz)?\//],
  ['pino', /\/node_modules\/pino/],
  ['AWS SDK', /\/node_modules\/@(aws-sdk|smithy)\//],
  ['storage drivers', /\/core\/storage\/(fs-driver|s3-driver|s3-direct)\./],
  ['conditional writes, publish', /\/(core\/storage\/write|render-workers\/publish|core\/page-versions)\./],
  ['upstream client', /\/core\/upstream\//],
  ['last-good copies', /\/core\/last-good\./],
  ['Node HTTP and sockets', /^node:(_http_|http|https|net|stream|internal\/(streams|http|net))/],
];

export interface AreaTime {
  area: string;
  samples: number;
}

/** Busy samples per area (PROFILE_AREAS), by the innermost frame of each sample's stack that is in one; heaviest first. */
export function timeByArea(profile: CpuProfile, areas: ReadonlyArray<readonly [string, RegExp]> = PROFILE_AREAS): AreaTime[] {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const areaOf = new Map<number, string>();
  const resolve = (id: number): string => {
    const known = areaOf.get(id);
    if (known !== undefined) return known;
    const node = byId.get(id);
    const url = node?.callFrame.url ?? '';
    const own = areas.find(([, pattern]) => pattern.test(url))?.[0];
    const up = parent.get(id);
    const area = own ?? (up === undefined ? 'other' : resolve(up));
    areaOf.set(id, area);
    return area;
  };
  const totals = new Map<string, number>();
  for (const node of profile.nodes) {
    const hits = node.hitCount ?? 0;
    const name = node.callFrame.functionName;
    if (hits === 0 || name === '(idle)') continue;
    // V8's own samples have no stack of script frames above them.
    const area = name === '(garbage collector)' || name === '(program)' ? name : resolve(node.id);
    totals.set(area, (totals.get(area) ?? 0) + hits);
  }
  return [...totals.entries()].map(([area, samples]) => ({ area, samples })).sort((a, b) => b.samples - a.samples);
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({ options: { top: { type: 'string' }, areas: { type: 'boolean' } }, allowPositionals: true });
  const top = Number(values.top ?? 25);
  for (const file of positionals) {
    const profile = JSON.parse(await readFile(file, 'utf8')) as CpuProfile;
    const rows = topFunctions(profile);
    const samples = rows.reduce((sum, row) => sum + row.selfSamples, 0);
    const busy = samples - (rows.find((row) => row.name === '(idle)')?.selfSamples ?? 0);
    console.log(`\n${file}: ${((profile.endTime - profile.startTime) / 1e6).toFixed(1)} s, ${samples} samples, ${busy} not idle`);
    console.log(`${'self %'.padStart(7)} ${'total %'.padStart(7)}  function`);
    for (const row of rows.filter((r) => r.name !== '(idle)').slice(0, top)) {
      console.log(`${((100 * row.selfSamples) / Math.max(1, busy)).toFixed(1).padStart(7)} ${((100 * row.totalSamples) / Math.max(1, busy)).toFixed(1).padStart(7)}  ${row.name}`);
    }
    if (values.areas === true) {
      console.log(`\n${'busy %'.padStart(7)}  area (innermost frame in it)`);
      for (const row of timeByArea(profile)) console.log(`${((100 * row.samples) / Math.max(1, busy)).toFixed(1).padStart(7)}  ${row.area}`);
    }
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
