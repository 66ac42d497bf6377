import { Worker } from 'bullmq';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { isPlatformError } from '../core/errors.js';
import { DEFAULT_RENDER_JOB, parseRenderJob, PRIORITY, RENDER_QUEUE, type RenderJob } from '../core/queue.js';
import { createRedis } from '../core/redis.js';
import { QUEUED_AFTER_ACTIVE } from './job-state.js';
import { createRenderProducer } from './producer.js';
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
    const connection = createRedis(kit.server.url, { blocking: true, name: 'ingest-test-worker' });
    let started: () => void = () => undefined;
    const firstStarted = new Promise<void>((resolve) => {
      started = resolve;
    });
    // The first render stays busy until the whole burst is queued (a fixed sleep made the test
    // depend on 49 enqueues fitting in it, which a loaded machine did not always manage).
    let burstDone: () => void = () => undefined;
    const burstQueued = new Promise<void>((resolve) => {
      burstDone = resolve;
    });
    const worker = new Worker(
      RENDER_QUEUE,
      async (bullJob) => {
        rendered.push(parseRenderJob(bullJob.data));
        const first = rendered.length === 1;
        started();
        if (first) await burstQueued;
      },
      { connection, prefix: kit.prefix, concurrency: 4 },
    );
    try {
      await kit.producer.enqueue(job('/busy', { requestedBy: 'req-0' }));
      await firstStarted;
      for (let i = 1; i < 50; i += 1) {
        await kit.producer.enqueue(job('/busy', { requestedBy: `req-${i}` }));
      }
      burstDone();
      const deadline = Date.now() + 10_000;
      for (;;) {
        const counts = await kit.inspect.getJobCounts();
        if (counts.active === 0 && counts.prioritized === 0 && counts.waiting === 0 && rendered.length > 0) break;
        if (Date.now() > deadline) throw new Error(`queue did not drain: ${JSON.stringify(counts)}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    } finally {
      burstDone(); // so a failed enqueue does not leave worker.close() waiting on the first render
      await worker.close();
      await connection.quit();
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

  it('answers the pending job when a worker takes it between the add and the check', async () => {
    const connection = createRedis(kit.server.url, { blocking: true, name: 'ingest-test-worker' });
    // No processor: the test moves the job to active itself, at the worst moment.
    const worker = new Worker(RENDER_QUEUE, null, { connection, prefix: kit.prefix, autorun: false });
    try {
      const first = await kit.producer.enqueue(job('/picked-up'));
      const add = kit.producer.queue.add.bind(kit.producer.queue);
      const spy = vi.spyOn(kit.producer.queue, 'add').mockImplementationOnce(async (...args) => {
        const added = await add(...args);
        // BullMQ dropped this request (the first job was waiting); now a worker picks the first up.
        const taken = await worker.getNextJob('test-token');
        expect(taken?.id).toBe(first.jobId);
        return added;
      });
      const second = await kit.producer.enqueue(job('/picked-up'));
      spy.mockRestore();
      expect(second).toEqual({ jobId: first.jobId, deduplicated: true, queuedAfterActive: false });
      expect((await jobStatus(kit.inspect, second.jobId ?? ''))?.state).toBe('active');
    } finally {
      await worker.close();
      await connection.quit();
    }
  });

  describe('the content-event debounce (core/queue.ts eventDebounceMs)', () => {
    it('holds an event render for the window, absorbing the burst, and lets a republish cut it short', async () => {
      const producer = createRenderProducer({ redisUrl: kit.server.url, prefix: kit.prefix, logger: kit.logger, defaults: { ...DEFAULT_RENDER_JOB, eventDebounceMs: 60_000 } });
      try {
        const first = await producer.enqueue(job('/debounced'));
        const results = await producer.enqueueMany(Array.from({ length: 49 }, () => job('/debounced')));
        expect(results.every((r) => r.jobId === first.jobId && r.deduplicated)).toBe(true);
        const pending = await kit.inspect.getJob(first.jobId ?? '');
        expect(await pending?.getState()).toBe('delayed');
        expect(pending?.opts.delay).toBe(60_000);
        // Other reasons are not delayed...
        const schedule = await producer.enqueue(job('/not-debounced', { reason: 'schedule' }));
        expect(await (await kit.inspect.getJob(schedule.jobId ?? ''))?.getState()).toBe('prioritized');
        // ...and an editor's republish of the debouncing page runs now, at its own priority.
        const republish = await producer.enqueue(job('/debounced', { reason: 'republish', requestedBy: 'Jane' }));
        expect(republish).toEqual({ jobId: first.jobId, deduplicated: true, queuedAfterActive: false });
        const promoted = await kit.inspect.getJob(first.jobId ?? '');
        expect(await promoted?.getState()).toBe('prioritized');
        expect(promoted?.priority).toBe(PRIORITY.republish);
        expect(parseRenderJob(promoted?.data).requestedBy).toBe('Jane');
      } finally {
        await producer.close();
      }
    });
  });
});
