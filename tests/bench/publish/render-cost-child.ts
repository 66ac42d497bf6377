/**
 * The render-cost measurement, run in a process of its own by
 * tests/bench/render-cost.ts so that process.cpuUsage() counts the render worker and nothing else
 * (the sample upstream runs in another process) and so `react-dom/server` can be redirected to the
 * capturing stand-in before the renderer loads.
 *
 * Input: JSON in argv[2] (RenderCostInput). Output: one JSON line on stdout (RenderCostOutput).
 *
 * Real: createPageRenderer with the real upstream clients (HTTP to the sample upstream), a real
 * Redis dependency index, fence and last good copies, and the filesystem store, one render at a time; one renderer
 * and store per pass over a kind's pages (a fresh one when a page repeats), so every page is
 * written, as in a first publish. CPU per stored page =
 * the job's CPU / the objects it wrote.
 * Bare: the elements those renders passed to renderToString, rendered again in a loop.
 *
 * Each run is one publish wave (ADR 0029): every job of the run carries the run's start as its
 * requestedAt and the renderer keeps the worker's reuse cache (render-workers/config.ts defaults),
 * so a render reuses answers an earlier render of the same run fetched, never one from an earlier
 * run. Home renders first in a run, so it pays for the shared reads; the section fronts of a run
 * go round the 8 synthetic sections. `readReuse: false` in the input turns it off.
 *
 * Split: the same renders once more with the phase timer on (core/phase-timer.ts), the
 * store and the Redis connection timed; the job CPU above is measured with the timer off.
 *
 * I/O floor (articles, section fronts): the same pages' fence, subject read (the article, the
 * category) and publishPage of the bytes their renders stored, with no build or render, to a
 * fresh store (`ioFloor`): what a job of one page costs before it builds anything.
 */
import { register } from 'node:module';
import type { ObjectStore } from '../../../core/storage/types.js';
import type { RenderedObject } from '../../../render-workers/publish.js';

register('./capture-hooks.ts', import.meta.url);

export interface RenderCostInput {
  upstreamUrl: string;
  redisUrl: string;
  prefix: string;
  runs: number;
  /** Renders of each page kind per run. */
  perKind: number;
  /** Synthetic articles the upstream holds (article paths are picked among them). */
  articles: number;
  /** renderToString calls per captured element in the bare loop. */
  bareLoops: number;
  /** Keep the worker's reuse of upstream answers (default on). */
  readReuse?: boolean;
}

export interface KindResult {
  kind: string;
  /** Per run: CPU ms per render job, and per stored object. */
  jobMs: number[];
  perStoredMs: number[];
  /** Objects a job stored (median of the kind). */
  objectsPerJob: number;
  /** Per run: renderToString CPU inside the real renders, per component, ms per call. */
  inRenderMs: Record<string, number[]>;
  /** Per run: the bare loop's ms per call, per component. */
  bareMs: Record<string, number[]>;
  /** Components rendered only inside another's render (islands, the header's inner HTML): not added to the bare limit again. */
  nestedComponents: string[];
  /** Calls per job of each component, in the last run. */
  callsPerJob: Record<string, number>;
  /**
   * Per run: the bare limit of one job, the bare ms per call of each outer render (not nested)
   * times its calls per job. Nested renders run again inside the outer bare renders, and a render
   * the worker keeps (the header's inner HTML, rendered once per menus and marks) is kept there too.
   */
  bareJobMs: number[];
  /** Per run, with the phase timer on: CPU ms per job charged to each phase (and `other`). */
  phaseMs: Record<string, number[]>;
  /** Per run, with the phase timer on: calls per job of each phase (GETs, commands, store calls). */
  phaseCalls: Record<string, number[]>;
  /** Per run, with the phase timer on: wall ms per job inside each phase. */
  phaseWallMs: Record<string, number[]>;
  /** Per run: CPU ms per job with the phase timer on (the split's total; the timer's own cost shows against jobMs). */
  splitJobMs: number[];
  /**
   * Per run, articles and section fronts: CPU ms per page of the job's I/O without the build: the
   * fence, the subject's read (the article or the category: GET, parse, validation) and
   * publishPage of the bytes the render stored.
   */
  floorMs: number[];
}

export interface RenderCostOutput {
  kinds: KindResult[];
}

interface PageKind {
  kind: string;
  paths: (run: number, i: number) => string;
}

async function main(): Promise<void> {
  const input = JSON.parse(process.argv[2] ?? '{}') as RenderCostInput;
  const { mkdtemp, rm } = await import('node:fs/promises');
  const { tmpdir } = await import('node:os');
  const path = await import('node:path');
  const join = (...parts: string[]) => path.join(...parts);
  const { Redis } = await import('ioredis');
  const { parseUpstreamConfig } = await import('../../../core/config/upstream.js');
  const { DependencyIndex } = await import('../../../core/dependency-index.js');
  const { createLogger } = await import('../../../core/logger.js');
  const { fenceMarkKey, takePageFence } = await import('../../../core/page-fence.js');
  const { publishPage, pageSurrogateKey } = await import('../../../render-workers/publish.js');
  const { createFsStore } = await import('../../../core/storage/fs-driver.js');
  const { createUpstreamClients } = await import('../../../core/upstream/clients.js');
  const { createPageRenderer } = await import('../../../render-workers/render-page.js');
  const { DEFAULT_READ_REUSE } = await import('../../../render-workers/config.js');
  const { ReadReuseCache } = await import('../../../core/upstream/read-reuse.js');
  const { RedisLastGoodStore } = await import('../../../core/last-good.js');
  const readReuse = input.readReuse === false ? undefined : new ReadReuseCache(DEFAULT_READ_REUSE);
  const { SYNTHETIC_SECTIONS, syntheticArticlePath } = await import('../../../infra/sample-upstream/synthetic/index.js');
  const capture = await import('./react-server-capture.js');
  const phaseTimer = await import('../../../core/phase-timer.js');
  const { renderToString } = await import('react-dom/server');

  // Timed as `redis` and `storage` while the phase timer is on; untouched while it is off.
  const redis = phaseTimer.timeRedis(new Redis(input.redisUrl, { maxRetriesPerRequest: null }));
  const index = new DependencyIndex(redis, input.prefix);
  // Side data's last good copies, kept as the worker keeps them (render-workers/start.ts).
  const lastGood = new RedisLastGoodStore(redis, input.prefix);
  const logger = createLogger({ component: 'bench-render', level: 'silent' });
  const clients = createUpstreamClients({ config: parseUpstreamConfig({ UPSTREAM_STAGE: 'local', UPSTREAM_BASE_URL: input.upstreamUrl }), logger });
  const scripts = ['/assets/client-BENCH.js'];
  const pick = (i: number) => Math.max(0, Math.min(input.articles - 1, i));
  const kinds: PageKind[] = [
    { kind: 'home', paths: () => '/' },
    { kind: 'section front', paths: (run, i) => `/${SYNTHETIC_SECTIONS[(run * input.perKind + i) % SYNTHETIC_SECTIONS.length] ?? 'us'}` },
    // Even synthetic articles are AMP (standard + print + AMP stored), odd ones are not.
    { kind: 'article (AMP flagged)', paths: (run, i) => syntheticArticlePath(pick(2 * (run * input.perKind + i))) },
    { kind: 'article (no AMP)', paths: (run, i) => syntheticArticlePath(pick(2 * (run * input.perKind + i) + 1)) },
  ];
  const results = kinds.map((k): KindResult => ({ kind: k.kind, jobMs: [], perStoredMs: [], objectsPerJob: 0, inRenderMs: {}, bareMs: {}, nestedComponents: [], callsPerJob: {}, bareJobMs: [], phaseMs: {}, phaseCalls: {}, phaseWallMs: {}, splitJobMs: [], floorMs: [] }));

  // One renderer and one store for a pass over a kind's pages, as a worker keeps them for its life;
  // a page the pass already rendered starts a fresh store, so every render writes what it stores,
  // as in a first publish (a repeated render of the same page would find its objects unchanged).
  // Each page's fence mark is forgotten first, as no render of a page was admitted before a first
  // publish (publishPage then writes create-only, ADR 0037). Until 2026-11-27 every render had a
  // store and a renderer of its own, which charged each render for creating the store's
  // directories.
  // The stores' directories are removed when the measuring is over, not after each pass: removing
  // a tree frees its inodes, and on ext4 without a journal (this machine's disk) every file created
  // in the next minute or more steps over each freed inode (ADR 0047), which would charge the next
  // pass's renders for the bench's own clean-up. A worker never removes its store.
  const storeDirs: string[] = [];
  const openStore = async () => {
    const dir = await mkdtemp(join(tmpdir(), 'bench-render-'));
    const store = phaseTimer.timeStore(capturePuts(createFsStore({ root: dir })));
    const renderer = createPageRenderer({
      store,
      index,
      ...clients,
      logger,
      publicOrigins: { news: 'https://www.example.test', es: 'https://es.example.test' },
      scripts,
      takeFence: (page) => takePageFence(redis, page, input.prefix),
      lastGood,
      ...(readReuse === undefined ? {} : { readReuse }),
    });
    storeDirs.push(dir);
    return { renderer, paths: new Set<string>(), done: async () => await store.close() };
  };
  type StoreSession = Awaited<ReturnType<typeof openStore>>;
  /** The pass's renderer for `pagePath`, on a fresh store when the page is already in the current one. */
  const rendererFor = async (session: StoreSession | undefined, pagePath: string): Promise<StoreSession> => {
    await redis.del(fenceMarkKey({ site: 'news', path: pagePath }, input.prefix));
    let current = session;
    if (current === undefined || current.paths.has(pagePath)) {
      await current?.done();
      current = await openStore();
    }
    current.paths.add(pagePath);
    return current;
  };

  /** What the renders stored, by page path (the last write of each key): the I/O floor publishes the same bytes again. */
  const stored = new Map<string, { objects: Map<string, RenderedObject>; dataKeys: string[] }>();
  // Inside the measured job: a match and a Map entry per stored object, microseconds against a
  // job's milliseconds.
  function capturePuts(store: ObjectStore): ObjectStore {
    const put: ObjectStore['put'] = async (key, body, meta, condition) => {
      const path = /^news\/pages(\/.+)\/[^/]+$/.exec(key)?.[1];
      if (path !== undefined) {
        const page = stored.get(path) ?? { objects: new Map<string, RenderedObject>(), dataKeys: [] };
        page.objects.set(key, { key, body, contentType: meta.contentType, cacheControl: meta.cacheControl, ...(meta.status === undefined ? {} : { status: meta.status }) });
        // Surrogate keys = the page's own key, then the data keys its render read.
        page.dataKeys = meta.surrogateKeys.filter((k) => k !== pageSurrogateKey({ site: 'news', path }));
        stored.set(path, page);
      }
      return await store.put(key, body, meta, condition);
    };
    return { ...store, put };
  }
  /**
   * The job's I/O without building or rendering: take the fence, read the page's subject as the
   * client does (`read`: the article, or a front's category), and publish the bytes its render
   * stored, as a first publish (a fresh store whenever a page repeats). CPU ms per page.
   */
  const ioFloor = async (paths: readonly string[], read: (path: string) => Promise<unknown>): Promise<number> => {
    let store: ObjectStore | undefined;
    let inStore = new Set<string>();
    let cpu = 0;
    for (const path of paths) {
      const page = { site: 'news' as const, path };
      const rendered = stored.get(path);
      if (rendered === undefined) throw new Error(`render-cost: nothing was stored for ${path}`);
      if (store === undefined || inStore.has(path)) {
        await store?.close();
        const dir = await mkdtemp(join(tmpdir(), 'bench-render-'));
        storeDirs.push(dir);
        store = createFsStore({ root: dir });
        inStore = new Set();
      }
      inStore.add(path);
      await redis.del(fenceMarkKey(page, input.prefix));
      const start = process.cpuUsage();
      const fence = await takePageFence(redis, page, input.prefix);
      await read(path);
      await publishPage(store, index, { page, objects: [...rendered.objects.values()], dataKeys: rendered.dataKeys, reason: 'bulk-republish', fence, clearDeletion: true });
      cpu += capture.cpuMs(start);
    }
    await store?.close();
    return cpu / paths.length;
  };
  /** The read a kind's I/O floor makes for its subject; none for home (its reads are all shared lists). */
  const floorRead = (kind: string): ((path: string) => Promise<unknown>) | undefined =>
    kind.startsWith('article') ? (path) => clients.upstream.getArticleByPath(path) : kind === 'section front' ? (path) => clients.upstream.getCategoryByPath(path) : undefined;

  try {
    // Run 0 warms the JIT and the upstream's caches and is not counted.
    for (let run = 0; run <= input.runs; run += 1) {
      const wave = new Date().toISOString();
      for (const [k, kind] of kinds.entries()) {
        const result = results[k];
        if (result === undefined) continue;
        let cpu = 0;
        let objects = 0;
        const captured: ReturnType<typeof capture.stopCapture> = [];
        let session: StoreSession | undefined;
        for (let i = 0; i < input.perKind; i += 1) {
          const path = kind.paths(run, i);
          session = await rendererFor(session, path);
          capture.startCapture();
          const start = process.cpuUsage();
          const outcome = await session.renderer.render({ site: 'news', path, reason: 'bulk-republish', requestedAt: wave });
          cpu += capture.cpuMs(start);
          captured.push(...capture.stopCapture());
          objects += outcome.written.length;
        }
        await session?.done();
        // The same pages' I/O floor (articles, fronts), right after their renders; run 0 warms it too.
        const read = floorRead(kind.kind);
        const floor = read === undefined ? undefined : await ioFloor(Array.from({ length: input.perKind }, (_, i) => kind.paths(run, i)), read);
        if (run === 0) continue;
        if (floor !== undefined) result.floorMs.push(floor);
        result.jobMs.push(cpu / input.perKind);
        result.perStoredMs.push(objects > 0 ? cpu / objects : Number.NaN);
        result.objectsPerJob = objects / input.perKind;
        const byComponent = new Map<string, typeof captured>();
        for (const c of captured) byComponent.set(c.component, [...(byComponent.get(c.component) ?? []), c]);
        let bareJob = 0;
        // A component is nested when every call of it was: one rendered both ways (none is today)
        // counts toward the limit through its outer calls only, at their own cost.
        for (const [component, all] of byComponent) {
          const outer = all.filter((c) => !c.nested);
          const calls = outer.length > 0 ? outer : all;
          (result.inRenderMs[component] ??= []).push(calls.reduce((sum, c) => sum + c.cpuMs, 0) / calls.length);
          // Bare limit: the same elements (view models built once), renderToString in a loop.
          const elements = calls.map((c) => c.element);
          const start = process.cpuUsage();
          for (let loop = 0; loop < input.bareLoops; loop += 1) for (const element of elements) renderToString(element);
          const perCall = capture.cpuMs(start) / (input.bareLoops * elements.length);
          (result.bareMs[component] ??= []).push(perCall);
          result.callsPerJob[component] = calls.length / input.perKind;
          const nested = outer.length === 0;
          if (nested && !result.nestedComponents.includes(component)) result.nestedComponents.push(component);
          if (!nested) bareJob += perCall * (calls.length / input.perKind);
        }
        result.bareJobMs.push(bareJob);

        // The split: the same pages again with the phase timer on, each render's totals summed, as
        // a publish wave of their own (the first render pays for the shared reads, as home does above).
        const splitWave = new Date().toISOString();
        const sums = { cpu: {} as Record<string, number>, calls: {} as Record<string, number>, wall: {} as Record<string, number> };
        let splitCpu = 0;
        let splitSession: StoreSession | undefined;
        for (let i = 0; i < input.perKind; i += 1) {
          splitSession = await rendererFor(splitSession, kind.paths(run, i));
          phaseTimer.startPhaseTimer();
          const start = process.cpuUsage();
          await splitSession.renderer.render({ site: 'news', path: kind.paths(run, i), reason: 'bulk-republish', requestedAt: splitWave });
          splitCpu += capture.cpuMs(start);
          const totals = phaseTimer.takePhaseTotals();
          phaseTimer.stopPhaseTimer();
          for (const [phase, ms] of Object.entries(totals.cpuMs)) sums.cpu[phase] = (sums.cpu[phase] ?? 0) + ms;
          for (const [phase, n] of Object.entries(totals.calls)) sums.calls[phase] = (sums.calls[phase] ?? 0) + n;
          for (const [phase, ms] of Object.entries(totals.wallMs)) sums.wall[phase] = (sums.wall[phase] ?? 0) + ms;
        }
        await splitSession?.done();
        result.splitJobMs.push(splitCpu / input.perKind);
        for (const [phase, ms] of Object.entries(sums.cpu)) (result.phaseMs[phase] ??= []).push(ms / input.perKind);
        for (const [phase, n] of Object.entries(sums.calls)) (result.phaseCalls[phase] ??= []).push(n / input.perKind);
        for (const [phase, ms] of Object.entries(sums.wall)) (result.phaseWallMs[phase] ??= []).push(ms / input.perKind);
      }
    }
  } finally {
    redis.disconnect();
    // Also when a render failed: the stores are temp directories of this run.
    for (const dir of storeDirs) await rm(dir, { recursive: true, force: true });
  }
  const output: RenderCostOutput = { kinds: results };
  process.stdout.write(`${JSON.stringify(output)}\n`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`render-cost child failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
