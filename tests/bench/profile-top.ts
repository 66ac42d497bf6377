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

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({ options: { top: { type: 'string' } }, allowPositionals: true });
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
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
