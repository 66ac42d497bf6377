import { Worker, type Job } from 'bullmq';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { isPlatformError } from '../core/errors.js';
import { DEFAULT_RENDER_JOB, DEPENDANT_PRIORITY, parseRenderJob, PRIORITY, RENDER_QUEUE, type RenderJob } from '../core/queue.js';
import { createRedis } from '../core/redis.js';
import { QUEUED_AFTER_ACTIVE } from './job-state.js';
import { createRenderProducer, findQueuedAfterActive, type RenderProducer } from './producer.js';
import { jobStatus } from './republish.js';
import { pendingJobs, startIngestTestKit, type IngestTestKit } from './test-helpers.js';

let kit: IngestTestKit;

beforeAll(async () => {
  kit = await startIngestTestKit();
});

afterAll(async () => {
  await kit?.close();
});

beforeEach(async () => {
  await kit.reset();
});

function job(path: string, overrides: Partial<RenderJob> = {}): RenderJob {
  return { site: 'news', path, reason: 'event', requestedBy: 'test', requestedAt: new Date().toISOString(), ...overrides };
}

async function until<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: last ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** A promise a test waits on, and the function that settles it. */
function gate(): { opened: Promise<void>; open: () => void } {
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

/** A real BullMQ worker on the kit's queue, on a blocking connection of its own; `stop` closes both. */
function processRenders(processor: (bullJob: Job) => Promise<void>, concurrency: number): { stop: () => Promise<void> } {
  const connection = createRedis(kit.server.url, { blocking: true, name: 'ingest-test-worker' });
  const worker = new Worker(RENDER_QUEUE, processor, { connection, prefix: kit.prefix, concurrency });
  return {
    stop: async () => {
      await worker.close();
      await connection.quit();
    },
  };
}

describe('createRenderProducer', () => {
  it('adds a job with the shared options and reports coalescing', async () => {
    const first = await kit.producer.enqueue(job('/politics'));
    expect(first.deduplicated).toBe(false);
    const added = await kit.inspect.getJob(first.jobId ?? '');
    expect(added?.priority).toBe(PRIORITY.event);
    expect(added?.opts.attempts).toBe(DEFAULT_RENDER_JOB.attempts);
    expect(added?.name).toBe('event news/politics');

    const second = await kit.producer.enqueue(job('/politics'));
    expect(second).toEqual({ jobId: first.jobId, deduplicated: true, queuedAfterActive: false });
    const otherSite = await kit.producer.enqueue(job('/politics', { site: 'es' }));
    expect(otherSite.deduplicated).toBe(false);
    expect((await kit.inspect.getJobCounts()).prioritized).toBe(2);
  });

  it('does not lower the priority of a pending job', async () => {
    const republish = await kit.producer.enqueue(job('/x', { reason: 'republish', requestedBy: 'Jane' }));
    const sweep = await kit.producer.enqueue(job('/x', { reason: 'sweep' }));
    expect(sweep).toEqual({ jobId: republish.jobId, deduplicated: true, queuedAfterActive: false });
    const pending = await kit.inspect.getJob(republish.jobId ?? '');
    expect(pending?.priority).toBe(PRIORITY.republish);
    expect(parseRenderJob(pending?.data).requestedBy).toBe('Jane');
  });

  it("takes an event's own page before the dependant renders queued ahead of it (ADR 0041)", async () => {
    // Home and a front, queued by an earlier event as its dependants; then an editor saves an article.
    await kit.producer.enqueueMany([job('/'), job('/politics')], { priority: DEPENDANT_PRIORITY });
    const saved = await kit.producer.enqueue(job('/politics/saved-story'));
    expect((await kit.inspect.getJob(saved.jobId ?? ''))?.priority).toBe(PRIORITY.event);

    const taken: string[] = [];
    const worker = processRenders((bullJob) => {
      taken.push(parseRenderJob(bullJob.data).path);
      return Promise.resolve();
    }, 1);
    try {
      await until('the three renders', () => Promise.resolve(taken.length), (n) => n === 3);
    } finally {
      await worker.stop();
    }
    expect(taken).toEqual(['/politics/saved-story', '/', '/politics']);
  });

  it('raises a pending dependant render to the own-page priority when an event names its page, and never lowers one', async () => {
    const dependant = await kit.producer.enqueue(job('/politics'), { priority: DEPENDANT_PRIORITY });
    expect((await kit.inspect.getJob(dependant.jobId ?? ''))?.priority).toBe(DEPENDANT_PRIORITY);
    const own = await kit.producer.enqueue(job('/politics', { requestedBy: 'webhook-own' }));
    expect(own).toEqual({ jobId: dependant.jobId, deduplicated: true, queuedAfterActive: false });
    expect((await kit.inspect.getJob(dependant.jobId ?? ''))?.priority).toBe(PRIORITY.event);

    // A dependant request joining a pending own-page render leaves it where it is.
    const again = await kit.producer.enqueue(job('/politics'), { priority: DEPENDANT_PRIORITY });
    expect(again.jobId).toBe(dependant.jobId);
    expect((await kit.inspect.getJob(dependant.jobId ?? ''))?.priority).toBe(PRIORITY.event);
    // And one joining a sweep raises it to the dependant priority, not to the own page's.
    const sweep = await kit.producer.enqueue(job('/sports', { reason: 'sweep' }));
    await kit.producer.enqueue(job('/sports'), { priority: DEPENDANT_PRIORITY });
    expect((await kit.inspect.getJob(sweep.jobId ?? ''))?.priority).toBe(DEPENDANT_PRIORITY);
  });

  it('keeps the most urgent priority of the requests queued behind a running render (ADR 0041)', async () => {
    // The kit's producer has no event window: every request for the busy page is kept behind its running render.
    const producer = kit.producer;
    const taken: Array<{ requestedBy: string | undefined; priority: number }> = [];
    const firstRender = gate();
    const worker = processRenders(async (bullJob) => {
      taken.push({ requestedBy: parseRenderJob(bullJob.data).requestedBy, priority: bullJob.priority });
      if (taken.length === 1) await firstRender.opened;
    }, 1);
    try {
      await producer.enqueue(job('/busy-article', { requestedBy: 'first-save' }));
      await until('the first render to start', () => Promise.resolve(taken.length), (n) => n === 1);
      // The editor saves the article again (its own page), then another event lists it (a dependant).
      expect((await producer.enqueue(job('/busy-article', { requestedBy: 'second-save' }))).queuedAfterActive).toBe(true);
      expect((await producer.enqueue(job('/busy-article', { requestedBy: 'listed-by-another' }), { priority: DEPENDANT_PRIORITY })).queuedAfterActive).toBe(true);
      firstRender.open();
      await until('the render after it', () => Promise.resolve(taken.length), (n) => n === 2);
    } finally {
      firstRender.open();
      await worker.stop();
    }
    // BullMQ keeps the newest request's data (its bound is the latest) and, now, the most urgent priority.
    expect(taken[1]).toEqual({ requestedBy: 'listed-by-another', priority: PRIORITY.event });
  });

  it('refuses an invalid job before adding anything', async () => {
    const bad = [job('/ok'), job('/../etc')];
    await expect(kit.producer.enqueueMany(bad)).rejects.toSatisfy((error) => isPlatformError(error, 'INVALID_JOB'));
    // A caller outside TypeScript's reach (JSON from elsewhere): the producer validates at run time.
    const untyped: unknown = { ...job('/ok'), reason: 'whim' };
    await expect(kit.producer.enqueue(untyped as RenderJob)).rejects.toThrow(/reason/);
    expect((await kit.inspect.getJobCounts()).prioritized).toBe(0);
  });

  it('adds many jobs in chunks, results in input order', async () => {
    const jobs = Array.from({ length: 1_203 }, (_, i) => job(`/p/${i}`, { reason: 'sweep' }));
    jobs.push(job('/p/7', { reason: 'sweep' }));
    const results = await kit.producer.enqueueMany(jobs);
    expect(results).toHaveLength(1_204);
    expect(results.filter((r) => r.deduplicated)).toHaveLength(1);
    expect(results[1_203]?.jobId).toBe(results[7]?.jobId);
    expect((await kit.inspect.getJobCounts()).prioritized).toBe(1_203);
  });

  it('with a worker busy on the page, a burst of 50 requests renders it at most twice, the last time with the latest request', async () => {
    const rendered: RenderJob[] = [];
    const firstStarted = gate();
    // The first render stays busy until the whole burst is queued (a fixed sleep made the test
    // depend on 49 enqueues fitting in it, which a loaded machine did not always manage).
    const burstQueued = gate();
    const worker = processRenders(async (bullJob) => {
      rendered.push(parseRenderJob(bullJob.data));
      const first = rendered.length === 1;
      firstStarted.open();
      if (first) await burstQueued.opened;
    }, 4);
    try {
      await kit.producer.enqueue(job('/busy', { requestedBy: 'req-0' }));
      await firstStarted.opened;
      for (let i = 1; i < 50; i += 1) {
        await kit.producer.enqueue(job('/busy', { requestedBy: `req-${i}` }));
      }
      burstQueued.open();
      const deadline = Date.now() + 10_000;
      for (;;) {
        const counts = await kit.inspect.getJobCounts();
        if (counts.active === 0 && counts.prioritized === 0 && counts.waiting === 0 && rendered.length > 0) break;
        if (Date.now() > deadline) throw new Error(`queue did not drain: ${JSON.stringify(counts)}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    } finally {
      burstQueued.open(); // so a failed enqueue does not leave worker.close() waiting on the first render
      await worker.stop();
    }
    expect(rendered.length).toBeGreaterThanOrEqual(1);
    expect(rendered.length).toBeLessThanOrEqual(2);
    expect(rendered.at(-1)?.requestedBy).toBe('req-49');
    expect(await pendingJobs(kit.inspect)).toHaveLength(0);
  });

  it('reports a request queued behind a running render as queued-after-active, then as the job it becomes', async () => {
    const connection = createRedis(kit.server.url, { blocking: true, name: 'ingest-test-worker' });
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const worker = new Worker(
      RENDER_QUEUE,
      async () => {
        await released;
      },
      { connection, prefix: kit.prefix },
    );
    try {
      const first = await kit.producer.enqueue(job('/rendering', { reason: 'republish', requestedBy: 'first' }));
      await until('the first render to start', async () => (await jobStatus(kit.inspect, first.jobId ?? ''))?.state, (state) => state === 'active');

      const second = await kit.producer.enqueue(job('/rendering', { reason: 'republish', requestedBy: 'second' }));
      expect(second.queuedAfterActive).toBe(true);
      expect(second.deduplicated).toBe(false);
      expect(second.jobId).not.toBe(first.jobId);
      const secondId = second.jobId ?? '';
      expect(await kit.inspect.getJob(secondId)).toBeUndefined();
      expect(await jobStatus(kit.inspect, secondId)).toMatchObject({
        id: secondId,
        state: QUEUED_AFTER_ACTIVE,
        site: 'news',
        path: '/rendering',
        reason: 'republish',
        requestedBy: 'second',
        attempts: 0,
        maxAttempts: DEFAULT_RENDER_JOB.attempts,
      });

      release();
      const done = await until('the queued request to complete', () => jobStatus(kit.inspect, secondId), (status) => status?.state === 'completed');
      expect(done).toMatchObject({ id: secondId, requestedBy: 'second', timestamps: { finished: expect.any(String) as unknown } });
      expect((await jobStatus(kit.inspect, first.jobId ?? ''))?.state).toBe('completed');
    } finally {
      release();
      await worker.close();
      await connection.quit();
    }
  });

  it('keeps a request behind the render it joined when that render starts before its freshness bound moved', async () => {
    const connection = createRedis(kit.server.url, { blocking: true, name: 'ingest-test-worker' });
    // No processor: the test moves the job to active itself, at the worst moment.
    const worker = new Worker(RENDER_QUEUE, null, { connection, prefix: kit.prefix, autorun: false });
    try {
      const early = new Date(Date.now() - 60_000).toISOString();
      const first = await kit.producer.enqueue(job('/picked-up', { requestedAt: early }));
      const add = kit.producer.queue.add.bind(kit.producer.queue);
      const spy = vi.spyOn(kit.producer.queue, 'add').mockImplementationOnce(async (...args) => {
        const added = await add(...args);
        // BullMQ folded this request into the first job (it was waiting); now a worker picks the
        // first up, with the first request's bound: it may reuse reads older than this request.
        const taken = await worker.getNextJob('test-token');
        expect(taken?.id).toBe(first.jobId);
        return added;
      });
      const requestedAt = new Date().toISOString();
      const second = await kit.producer.enqueue(job('/picked-up', { requestedAt, requestedBy: 'second' }));
      expect(spy).toHaveBeenCalledTimes(2);
      spy.mockRestore();
      // Asked again, the request is kept behind the running render, under its own bound.
      expect(second.queuedAfterActive).toBe(true);
      expect(second.deduplicated).toBe(false);
      expect(second.jobId).not.toBe(first.jobId);
      expect(await jobStatus(kit.inspect, second.jobId ?? '')).toMatchObject({ state: QUEUED_AFTER_ACTIVE, requestedBy: 'second' });
      expect(parseRenderJob((await findQueuedAfterActive(kit.inspect, second.jobId ?? ''))?.data).requestedAt).toBe(requestedAt);
      expect(parseRenderJob((await kit.inspect.getJob(first.jobId ?? ''))?.data).requestedAt).toBe(early);
    } finally {
      await worker.close();
      await connection.quit();
    }
  });

  describe("a coalesced request moves the waiting job's freshness bound (requestedAt) to its own time", () => {
    it('a request that joins a waiting job moves its bound forward, never back, and the worker reads it', async () => {
      const early = new Date(Date.now() - 60_000).toISOString();
      const first = await kit.producer.enqueue(job('/bound', { requestedAt: early, requestedBy: 'first' }));
      const later = new Date().toISOString();
      const joined = await kit.producer.enqueue(job('/bound', { requestedAt: later, requestedBy: 'second' }));
      expect(joined).toEqual({ jobId: first.jobId, deduplicated: true, queuedAfterActive: false });
      const stored = async () => parseRenderJob((await kit.inspect.getJob(first.jobId ?? ''))?.data);
      expect(await stored()).toMatchObject({ requestedAt: later, requestedBy: 'first', reason: 'event' });
      // A request made before the bound (delivered late) leaves it where it is.
      await kit.producer.enqueue(job('/bound', { requestedAt: early, requestedBy: 'late' }));
      expect((await stored()).requestedAt).toBe(later);

      const log = recordRenders();
      try {
        await drained(log, 1);
      } finally {
        await log.close();
      }
      expect(log.renders.map((r) => r.data.requestedAt)).toEqual([later]);
    });

    it('compares instants, not text: a whole second and a fraction of one', async () => {
      const first = await kit.producer.enqueue(job('/instants', { requestedAt: '2026-11-26T12:00:00.5Z' }));
      await kit.producer.enqueue(job('/instants', { requestedAt: '2026-11-26T12:00:00Z' }));
      const stored = async () => parseRenderJob((await kit.inspect.getJob(first.jobId ?? ''))?.data).requestedAt;
      expect(await stored()).toBe('2026-11-26T12:00:00.5Z');
      await kit.producer.enqueue(job('/instants', { requestedAt: '2026-11-26T12:00:01Z' }));
      expect(await stored()).toBe('2026-11-26T12:00:01Z');
    });

    it('the request kept behind a running render keeps the latest bound of those it replaced', async () => {
      const log = recordRenders({ holdFirst: true });
      const latest = new Date().toISOString();
      try {
        await kit.producer.enqueue(job('/kept', { reason: 'republish', requestedBy: 'running' }));
        await log.firstStarted;
        await kit.producer.enqueue(job('/kept', { requestedAt: latest, requestedBy: 'latest' }));
        // Delivered after it but made before it: BullMQ keeps its data, the bound stays the latest.
        const late = await kit.producer.enqueue(job('/kept', { requestedAt: new Date(Date.now() - 60_000).toISOString(), requestedBy: 'late' }));
        expect(late.queuedAfterActive).toBe(true);
        expect(await jobStatus(kit.inspect, late.jobId ?? '')).toMatchObject({ state: QUEUED_AFTER_ACTIVE, requestedBy: 'late' });
        expect(parseRenderJob((await findQueuedAfterActive(kit.inspect, late.jobId ?? ''))?.data).requestedAt).toBe(latest);
        log.release();
        await drained(log, 2);
      } finally {
        await log.close();
      }
      expect(log.renders.map((r) => r.data.requestedBy)).toEqual(['running', 'late']);
      expect(log.renders[1]?.data.requestedAt).toBe(latest);
    });
  });

  describe('content events: the first renders at once, the rest of a burst in one trailing render (ingest/coalescing.ts)', () => {
    function windowProducer(eventDebounceMs: number, eventMaxWaitMs: number): RenderProducer {
      return createRenderProducer({ redisUrl: kit.server.url, prefix: kit.prefix, logger: kit.logger, defaults: { ...DEFAULT_RENDER_JOB, eventDebounceMs, eventMaxWaitMs } });
    }

    it('an isolated event is added without delay and rendered, once', async () => {
      // A minute's window: a render put off by it would not happen within this test.
      const producer = windowProducer(60_000, 60_000);
      const log = recordRenders();
      try {
        const result = await producer.enqueue(job('/isolated'));
        expect(result).toMatchObject({ deduplicated: false, queuedAfterActive: false });
        const added = await kit.inspect.getJob(result.jobId ?? '');
        expect(added?.delay).toBe(0);
        expect(added?.opts.delay ?? 0).toBe(0);
        expect(await added?.getState()).not.toBe('delayed');
        await drained(log, 1);
        expect(log.renders.map((r) => r.id)).toEqual([result.jobId]);
      } finally {
        await log.close();
        await producer.close();
      }
    });

    it('an event within the window after a render started is put off; one after a quiet window is not', async () => {
      // Long enough for the test to send the second event within it on a loaded machine.
      const windowMs = 1_500;
      const producer = windowProducer(windowMs, 60_000);
      const log = recordRenders();
      try {
        await producer.enqueue(job('/edges'));
        await drained(log, 1);
        const soon = await producer.enqueue(job('/edges'));
        const trailing = await kit.inspect.getJob(soon.jobId ?? '');
        expect(await trailing?.getState()).toBe('delayed');
        expect(trailing?.delay).toBeGreaterThan(0);
        expect(trailing?.delay).toBeLessThanOrEqual(windowMs);
        await drained(log, 2);
        // A window with no event after the trailing render started: the next event is a leading one.
        await new Promise((resolve) => setTimeout(resolve, windowMs + 50));
        const quiet = await producer.enqueue(job('/edges'));
        expect((await kit.inspect.getJob(quiet.jobId ?? ''))?.delay).toBe(0);
        await drained(log, 3);
      } finally {
        await log.close();
        await producer.close();
      }
    });

    it('events while the first render is queued join it, with no delay and no trailing render', async () => {
      const producer = windowProducer(60_000, 60_000);
      try {
        const first = await producer.enqueue(job('/queued'));
        const results = await producer.enqueueMany(Array.from({ length: 9 }, () => job('/queued')));
        expect(results.every((r) => r.jobId === first.jobId && r.deduplicated)).toBe(true);
        expect(await kit.inspect.getJobCounts('delayed', 'prioritized')).toEqual({ delayed: 0, prioritized: 1 });
        const log = recordRenders();
        try {
          await drained(log, 1);
        } finally {
          await log.close();
        }
        expect(log.renders).toHaveLength(1);
      } finally {
        await producer.close();
      }
    });

    it('events during a running render, and while its trailing render waits, make exactly one trailing render, started after the last event', async () => {
      const producer = windowProducer(1_000, 60_000);
      const log = recordRenders({ holdFirst: true });
      let last: RenderJob | undefined;
      try {
        await producer.enqueue(job('/running', { requestedBy: 'e-0' }));
        await log.firstStarted;
        for (let i = 1; i <= 10; i += 1) {
          const result = await producer.enqueue(job('/running', { requestedBy: `e-${i}` }));
          expect(result.queuedAfterActive).toBe(true);
        }
        log.release();
        await until('the first render to finish', () => kit.inspect.getJobCounts('active', 'delayed'), (c) => c.active === 0 && c.delayed === 1);
        // The trailing render waits out its window: these join it and move it.
        for (let i = 11; i <= 20; i += 1) {
          last = job('/running', { requestedBy: `e-${i}` });
          expect((await producer.enqueue(last)).deduplicated).toBe(true);
        }
        await drained(log, 2);
        // One more window with nothing pending: no third render turns up.
        await new Promise((resolve) => setTimeout(resolve, 1_200));
      } finally {
        await log.close();
        await producer.close();
      }
      expect(log.renders).toHaveLength(2);
      const trailing = log.renders[1];
      // It carries e-10 (the last kept behind the running render) bound to e-20's time.
      expect(trailing?.data).toMatchObject({ requestedBy: 'e-10', requestedAt: last?.requestedAt });
      expect(trailing?.startedAt).toBeGreaterThan(Date.parse(last?.requestedAt ?? ''));
    });

    it('a burst of 50 events renders the page at most twice, the last render bound to the last event', async () => {
      const producer = windowProducer(1_000, 60_000);
      const log = recordRenders();
      const burst = Array.from({ length: 50 }, (_, i) => job('/burst', { requestedBy: `e-${i}` }));
      try {
        for (const event of burst) {
          event.requestedAt = new Date().toISOString();
          await producer.enqueue(event);
        }
        await drained(log, 1);
      } finally {
        await log.close();
        await producer.close();
      }
      expect(log.renders.length).toBeGreaterThanOrEqual(1);
      expect(log.renders.length).toBeLessThanOrEqual(2);
      expect(log.renders.at(-1)?.data.requestedAt).toBe(burst.at(-1)?.requestedAt);
    });

    it('each event moves the trailing render to a window after it', async () => {
      const windowMs = 1_000;
      const producer = windowProducer(windowMs, 60_000);
      const log = recordRenders();
      let last: RenderJob | undefined;
      try {
        await producer.enqueue(job('/sliding'));
        await drained(log, 1);
        for (let i = 0; i < 3; i += 1) {
          if (i > 0) await new Promise((resolve) => setTimeout(resolve, 300));
          last = job('/sliding');
          await producer.enqueue(last);
        }
        await drained(log, 2);
      } finally {
        await log.close();
        await producer.close();
      }
      expect(log.renders).toHaveLength(2);
      // Not a window after the first of the three: a window after the last (a few ms of rounding).
      expect(log.renders[1]?.startedAt).toBeGreaterThanOrEqual(Date.parse(last?.requestedAt ?? '') + windowMs - 5);
    });

    it('a page edited without a pause still renders every max wait', async () => {
      const producer = windowProducer(500, 1_000);
      const log = recordRenders();
      let lastAt = 0;
      try {
        const stopAt = Date.now() + 2_500;
        while (Date.now() < stopAt) {
          lastAt = Date.now();
          await producer.enqueue(job('/non-stop'));
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        await drained(log, 1);
      } finally {
        await log.close();
        await producer.close();
      }
      // The leading render and at least one trailing render capped by the max wait, while the
      // events (never 500 ms apart) were still coming.
      expect(log.renders.filter((r) => r.startedAt < lastAt).length).toBeGreaterThanOrEqual(2);
    });

    it("an editor's republish cuts a waiting trailing render short; other reasons never wait", async () => {
      const producer = windowProducer(60_000, 60_000);
      const connection = createRedis(kit.server.url, { blocking: true, name: 'ingest-test-worker' });
      const worker = new Worker(RENDER_QUEUE, null, { connection, prefix: kit.prefix, autorun: false });
      try {
        // The leading render, run to completion by hand: the next event is within its window.
        const leading = await producer.enqueue(job('/trailing'));
        const taken = await worker.getNextJob('test-token');
        expect(taken?.id).toBe(leading.jobId);
        await taken?.moveToCompleted('done', 'test-token', false);

        const first = await producer.enqueue(job('/trailing'));
        const results = await producer.enqueueMany(Array.from({ length: 49 }, () => job('/trailing')));
        expect(results.every((r) => r.jobId === first.jobId && r.deduplicated)).toBe(true);
        const pending = await kit.inspect.getJob(first.jobId ?? '');
        expect(await pending?.getState()).toBe('delayed');
        expect(pending?.delay).toBeGreaterThan(0);
        // Other reasons are not delayed...
        const schedule = await producer.enqueue(job('/not-delayed', { reason: 'schedule' }));
        expect(await (await kit.inspect.getJob(schedule.jobId ?? ''))?.getState()).toBe('prioritized');
        // ...and an editor's republish of the waiting page runs now, at its own priority.
        const republish = await producer.enqueue(job('/trailing', { reason: 'republish', requestedBy: 'Jane' }));
        expect(republish).toEqual({ jobId: first.jobId, deduplicated: true, queuedAfterActive: false });
        const promoted = await kit.inspect.getJob(first.jobId ?? '');
        expect(await promoted?.getState()).toBe('prioritized');
        expect(promoted?.priority).toBe(PRIORITY.republish);
        expect(parseRenderJob(promoted?.data)).toMatchObject({ requestedBy: 'Jane', reason: 'republish' });
      } finally {
        await worker.close();
        await connection.quit();
        await producer.close();
      }
    });
  });
});

interface RenderRecord {
  id: string;
  data: RenderJob;
  /** Date.now() when the processor started. */
  startedAt: number;
}

interface RenderLog {
  renders: RenderRecord[];
  /** Resolves when the first render starts. */
  firstStarted: Promise<void>;
  /** Lets a held first render finish. */
  release(): void;
  close(): Promise<void>;
}

/** A real BullMQ worker on the kit's queue that records each render; it may hold the first one. */
function recordRenders(options: { holdFirst?: boolean } = {}): RenderLog {
  const connection = createRedis(kit.server.url, { blocking: true, name: 'ingest-test-worker' });
  const renders: RenderRecord[] = [];
  let started: () => void = () => undefined;
  const firstStarted = new Promise<void>((resolve) => {
    started = resolve;
  });
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const worker = new Worker(
    RENDER_QUEUE,
    async (bullJob) => {
      renders.push({ id: bullJob.id ?? '', data: parseRenderJob(bullJob.data), startedAt: Date.now() });
      const first = renders.length === 1;
      started();
      if (first && options.holdFirst) await released;
    },
    { connection, prefix: kit.prefix, concurrency: 4 },
  );
  return {
    renders,
    firstStarted,
    release: () => release(),
    async close() {
      release(); // so a failed test does not leave worker.close() waiting on a held render
      await worker.close();
      await connection.quit();
    },
  };
}

/** Waits until nothing of the queue is waiting, delayed or running and at least `renders` ran. */
async function drained(log: RenderLog, renders: number): Promise<void> {
  await until(
    `the queue to drain after ${renders} render(s)`,
    () => kit.inspect.getJobCounts('active', 'prioritized', 'waiting', 'delayed'),
    (counts) => log.renders.length >= renders && Object.values(counts).every((n) => n === 0),
  );
}
