/**
 * Render cost: render-worker CPU per stored page, per page kind, beside the bare limit
 * measured in the same run: the same page elements rendered with React's renderToString in a
 * loop, with no queue, fetch, sanitising or storage. The measuring happens in a child process
 * (publish/render-cost-child.ts) against the sample upstream serving the synthetic site in a
 * second process, so the CPU counted is the render worker's alone.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { BenchContext } from './context.js';
import type { RenderCostInput, RenderCostOutput } from './publish/render-cost-child.js';
import { startBenchRedis } from './publish/bench-redis.js';
import { startSyntheticUpstream } from './publish/upstream-process.js';
import { figure, summarise, type BenchFigure, type BenchSection } from './report.js';
import { ratioTarget, splitFigures } from './render-split.js';
import { WORKER_NODE_FLAGS } from '../../render-workers/node-flags.js';

const CHILD = fileURLToPath(new URL('./publish/render-cost-child.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Renders of each kind per run, and bare renderToString calls per captured element. */
const PER_KIND = 30;
const BARE_LOOPS = 20;

/** Friendly names for the components the renders passed to renderToString. */
const VARIANT_OF: Record<string, string> = {
  ArticlePage: 'standard',
  PrintArticlePage: 'print',
  AmpArticleBody: 'amp',
  SectionFrontPage: 'front',
};

async function runChild(input: RenderCostInput, cpuProfDir?: string): Promise<RenderCostOutput> {
  // React in production mode, as deployed (infra/docker/Dockerfile sets NODE_ENV=production):
  // its development build is several times slower and would measure the wrong thing. Node runs
  // the child itself (--import tsx, not the tsx CLI, which would start a second process) with the
  // render worker's node flags, as a worker is deployed (render-workers/node-flags.ts): its heap
  // bounds and compiler settings change the CPU a job costs. With a profile asked for, the
  // profile is the child's.
  const profile = cpuProfDir === undefined ? [] : ['--cpu-prof', '--cpu-prof-dir', cpuProfDir];
  const args = [...WORKER_NODE_FLAGS, ...profile, '--import', 'tsx', CHILD, JSON.stringify(input)];
  const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, NODE_ENV: 'production' } });
  let out = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`render-cost child exited with code ${code}`);
  const line = out.trim().split('\n').pop() ?? '';
  return JSON.parse(line) as RenderCostOutput;
}

export async function measureRenderCost(ctx: BenchContext): Promise<BenchSection> {
  const { options } = ctx;
  const redis = await startBenchRedis(options.redisUrl);
  let upstream;
  try {
    ctx.log(`render-cost: starting the sample upstream with ${options.articles} synthetic articles`);
    upstream = await startSyntheticUpstream({ articles: options.articles, ...(options.upstreamUrl ? { external: options.upstreamUrl } : {}) });
    ctx.log(`render-cost: ${options.runs} runs of ${PER_KIND} renders per kind`);
    const output = await runChild({
      upstreamUrl: upstream.url,
      redisUrl: redis.url,
      prefix: redis.prefix,
      runs: options.runs,
      perKind: PER_KIND,
      articles: options.articles,
      bareLoops: BARE_LOOPS,
    }, options.cpuProfDir);
    const figures: BenchFigure[] = [];
    for (const kind of output.kinds) {
      // Bare cost of one job: each outer render's bare ms per call times its calls per job (the
      // child's bareJobMs). Nested renders (islands, the header's inner HTML) run inside those.
      const bareJob = kind.bareJobMs;
      figures.push(figure(`${kind.kind}: CPU per stored page`, 'ms', kind.perStoredMs, `${kind.objectsPerJob.toFixed(1)} objects per job`));
      figures.push(figure(`${kind.kind}: CPU per render job`, 'ms', kind.jobMs));
      for (const [component, samples] of Object.entries(kind.bareMs)) {
        const variant = VARIANT_OF[component] ?? component;
        const calls = kind.callsPerJob[component] ?? 0;
        const nested = kind.nestedComponents.includes(component) ? `; nested in the renders above, ${calls.toFixed(2)} per job, not added to the limit again` : `; ${calls.toFixed(1)} per job`;
        figures.push(figure(`${kind.kind}: bare renderToString ${variant}`, 'ms', samples, `${component}, view model built once${nested}`));
        const inRender = kind.inRenderMs[component];
        if (inRender) figures.push(figure(`${kind.kind}: renderToString ${variant} inside the render`, 'ms', inRender));
      }
      const ratios = kind.jobMs.map((job, run) => job / (bareJob[run] ?? Number.NaN));
      figures.push(figure(`${kind.kind}: ratio render job / bare limit`, 'ratio', ratios, `bare limit ${summarise(bareJob).median.toFixed(2)} ms per job; target ≤ ${ratioTarget(kind.kind)}×`));
      if (kind.floorMs.length > 0) {
        figures.push(figure(`${kind.kind}: I/O floor per page`, 'ms', kind.floorMs, `fence, the ${kind.kind.startsWith('article') ? 'article' : 'category'} read (GET, parse, validation), publishPage of the bytes the render stored; no build, no render`));
        const floorRatios = kind.floorMs.map((floor, run) => floor / (bareJob[run] ?? Number.NaN));
        figures.push(figure(`${kind.kind}: ratio I/O floor / bare limit`, 'ratio', floorRatios, `what a one-page job costs before it builds anything, against the job's target of ${ratioTarget(kind.kind)}×`));
      }
      figures.push(...splitFigures(kind));
    }
    return {
      name: 'render cost',
      figures,
      notes: [
        `${options.articles} synthetic articles; each run renders ${PER_KIND} pages of each kind one at a time through createPageRenderer (HTTP upstream in another process, Redis index, fence and last good copies, filesystem store; one renderer and store per pass over a kind, a fresh store when a page repeats, so every page is written); a warm-up run is not counted.`,
        'React runs in production mode (NODE_ENV=production, as the Dockerfile deploys it). CPU = process.cpuUsage() user+system of the render process. "Per stored page" divides the job by the objects it wrote (an article job writes standard + print, and AMP when flagged).',
        `Bare limit: the elements those renders handed to renderToString, rendered again ${BARE_LOOPS} times each with no queue, fetch, sanitising or storage; the AMP figure is the AMP body (its head is a string template). A job's limit adds up its outer renders (times their calls per job); renders nested inside them (island roots, the header's inner HTML) run again inside those and are not added twice. The header's inner HTML is kept per menus and marks, in the job as in the bare loop: the job pays its first render per key (the HeaderContent row's calls per job), the limit none.`,
        'CPU split: the same pages rendered again with the phase timer on (core/phase-timer.ts): the process CPU is charged to the innermost phase running (sync phases exactly; an async phase also gets whatever unmeasured code ran while it was in flight), the rest to "other", so the phases add up to the job. Flame graph: see README, "Benchmarks".',
      ],
    };
  } finally {
    await upstream?.stop();
    await redis.stop();
  }
}
