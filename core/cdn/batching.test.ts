/**
 * The purgers against a real local HTTP server that records what it receives (no mocked fetch):
 * the batcher's deduplication, batch size and window, its retries, and what an operator reads in
 * the log when a purge fails.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Logger } from '../logger.js';
import { freePort } from '../../tests/support/redis-server.js';
import { createBatchingPurger } from './batching.js';
import { createFastlyPurger } from './fastly.js';
import { createPurger } from './purger.js';
import type { PurgeResult } from './types.js';
import { createVarnishPurger } from './varnish.js';
import { capturingLogger } from '../../tests/support/log-capture.js';

interface Received {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  at: number;
}

interface RecordingServer {
  url: string;
  received: Received[];
  /** Status codes to answer with, in order; 200 once they run out. */
  answers: number[];
  close(): Promise<void>;
}

async function startRecordingServer(): Promise<RecordingServer> {
  const received: Received[] = [];
  const answers: number[] = [];
  const server: Server = createServer((request, response) => {
    received.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers, at: Date.now() });
    const status = answers.shift() ?? 200;
    response.writeHead(status, { 'content-type': 'text/plain' });
    response.end(status === 200 ? 'Purged' : `no: ${status}`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    answers,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

function capturedLog(): { logger: Logger; lines: Array<Record<string, unknown>> } {
  const lines: Array<Record<string, unknown>> = [];
  return { logger: capturingLogger('cdn-test', lines), lines };
}

const keysOf = (request: Received | undefined) => String(request?.headers.xkey ?? '').split(' ');

let cdn: RecordingServer;
let log: ReturnType<typeof capturedLog>;

beforeEach(async () => {
  cdn = await startRecordingServer();
  log = capturedLog();
});

afterEach(async () => {
  await cdn.close();
});

describe('batching purger', () => {
  it('sends keys asked for within one window as one deduplicated request', async () => {
    const purger = createBatchingPurger(createVarnishPurger({ urls: [cdn.url] }), { windowMs: 50, logger: log.logger });
    const results = await Promise.all([
      purger.purge(['page:news:/a', 'page:news:/b']),
      purger.purge(['page:news:/b', 'page:news:/c']),
      purger.purge(['page:news:/a', 'page:news:/a']),
    ]);
    expect(cdn.received).toHaveLength(1);
    expect(cdn.received[0]?.method).toBe('PURGE');
    expect(keysOf(cdn.received[0]).sort()).toEqual(['page:news:/a', 'page:news:/b', 'page:news:/c']);
    expect(results.map((r) => r.ok)).toEqual([true, true, true]);
    expect(results[2]?.keys).toEqual(['page:news:/a']);
    await purger.close();
  });

  it('waits for the window before sending, and starts a new batch after it', async () => {
    // A 2 s window, so the second key lands inside it even when the machine is busy.
    const purger = createBatchingPurger(createVarnishPurger({ urls: [cdn.url] }), { windowMs: 2_000, logger: log.logger });
    const started = Date.now();
    const first = purger.purge(['k1']);
    await new Promise((r) => setTimeout(r, 100));
    expect(cdn.received).toHaveLength(0);
    const second = purger.purge(['k2']);
    await Promise.all([first, second]);
    expect(cdn.received).toHaveLength(1);
    expect(keysOf(cdn.received[0])).toEqual(['k1', 'k2']);
    expect((cdn.received[0]?.at ?? 0) - started).toBeGreaterThanOrEqual(1_950);

    // A key asked for again once its batch has gone out is sent again: the write that asked for it
    // may have come after the CDN dropped the first copy.
    await purger.purge(['k1']);
    expect(cdn.received).toHaveLength(2);
    expect(keysOf(cdn.received[1])).toEqual(['k1']);
    await purger.close();
  });

  it('sends a full batch at once, never more keys than the batch size in one request', async () => {
    const purger = createBatchingPurger(createVarnishPurger({ urls: [cdn.url] }), { windowMs: 60_000, maxBatchSize: 3, logger: log.logger });
    const keys = ['a', 'b', 'c', 'd', 'e', 'f', 'g'];
    const full = purger.purge(keys.slice(0, 6));
    const result = await full;
    // Two full batches went without waiting for the (one-minute) window.
    expect(result).toMatchObject({ ok: true, requests: 2 });
    expect(cdn.received.map(keysOf)).toEqual([
      ['a', 'b', 'c'],
      ['d', 'e', 'f'],
    ]);
    // The last key waits for the window; close() sends it.
    const last = purger.purge(['g']);
    await new Promise((r) => setTimeout(r, 50));
    expect(cdn.received).toHaveLength(2);
    await purger.close();
    expect(await last).toMatchObject({ ok: true, keys: ['g'] });
    expect(cdn.received.map(keysOf)[2]).toEqual(['g']);
  });

  it('retries a 503 with backoff and reports one batch to onBatch', async () => {
    cdn.answers.push(503, 503);
    const batches: PurgeResult[] = [];
    const purger = createBatchingPurger(createVarnishPurger({ urls: [cdn.url] }), {
      windowMs: 10,
      backoffMs: 20,
      retries: 3,
      logger: log.logger,
      onBatch: (result) => batches.push(result),
    });
    const result = await purger.purge(['page:news:/x']);
    expect(result).toMatchObject({ ok: true, requests: 3 });
    expect(cdn.received).toHaveLength(3);
    expect(batches).toEqual([expect.objectContaining({ ok: true, attempts: 3 })]);
    expect(log.lines.filter((line) => line.level === 'warn')).toEqual([]);
    await purger.close();
  });

  it('does not retry a refusal, and logs a readable reason instead of failing', async () => {
    cdn.answers.push(403);
    const batches: PurgeResult[] = [];
    const purger = createBatchingPurger(createVarnishPurger({ urls: [cdn.url] }), { windowMs: 10, logger: log.logger, onBatch: (r) => batches.push(r) });
    const result = await purger.purge(['page:news:/x']);
    expect(result.ok).toBe(false);
    expect(result.requests).toBe(1);
    expect(result.reason).toContain(`Varnish at ${cdn.url} answered 403 Forbidden`);
    expect(result.reason).toContain('purgers ACL');
    const warning = log.lines.find((line) => line.level === 'warn');
    expect(warning?.message).toMatch(/CDN purge failed/);
    expect(warning?.purge).toMatchObject({ driver: 'varnish', keys: 1, sample: ['page:news:/x'], attempts: 1 });
    expect(batches).toEqual([expect.objectContaining({ ok: false, attempts: 1 })]);
    await purger.close();
  });

  it('gives up on an unreachable CDN after its retries, naming the address and the error', async () => {
    const nowhere = `http://127.0.0.1:${await freePort()}`;
    const purger = createBatchingPurger(createVarnishPurger({ urls: [nowhere] }), { windowMs: 5, retries: 2, backoffMs: 10, logger: log.logger });
    const result = await purger.purge(['k']);
    expect(result).toMatchObject({ ok: false, requests: 3, retryable: true });
    expect(result.reason).toContain(`Varnish at ${nowhere} could not be reached: ECONNREFUSED`);
    await purger.close();
  });

  it('sends every purge to each Varnish, and fails when one of them refuses', async () => {
    const second = await startRecordingServer();
    try {
      second.answers.push(400);
      const purger = createBatchingPurger(createVarnishPurger({ urls: [cdn.url, second.url] }), { windowMs: 5, logger: log.logger });
      const result = await purger.purge(['k']);
      expect(cdn.received).toHaveLength(1);
      expect(second.received).toHaveLength(1);
      expect(result.ok).toBe(false);
      expect(result.reason).toContain(`Varnish at ${second.url} answered 400`);
      expect(result.reason).not.toContain(`Varnish at ${cdn.url}`);
      await purger.close();
    } finally {
      await second.close();
    }
  });

  it('refuses purges after close without sending them', async () => {
    const purger = createBatchingPurger(createVarnishPurger({ urls: [cdn.url] }), { windowMs: 5, logger: log.logger });
    await purger.close();
    const result = await purger.purge(['k']);
    expect(result.ok).toBe(false);
    expect(result.reason).toContain('closed');
    expect(cdn.received).toHaveLength(0);
  });
});

describe('fastly purger', () => {
  const TOKEN = 'fastly-token-s3cr3t-0123456789';

  it('POSTs the keys to {base}/service/{id}/purge with the token in Fastly-Key', async () => {
    const purger = createFastlyPurger({ apiUrl: `${cdn.url}/`, serviceId: 'SU1Z0isxPaozGVKXdv0eY', token: TOKEN });
    const result = await purger.purge(['page:news:/a', 'article:1', 'page:news:/a']);
    expect(result).toEqual({ keys: ['page:news:/a', 'article:1'], ok: true, requests: 1 });
    expect(cdn.received).toHaveLength(1);
    expect(cdn.received[0]).toMatchObject({
      method: 'POST',
      url: '/service/SU1Z0isxPaozGVKXdv0eY/purge',
      headers: expect.objectContaining({ 'fastly-key': TOKEN, 'surrogate-key': 'page:news:/a article:1' }) as unknown,
    });
  });

  it('never writes the token into a failure reason or a log line', async () => {
    cdn.answers.push(401);
    const purger = createPurger(
      {
        target: { driver: 'fastly', apiUrl: cdn.url, serviceId: 'svc', token: TOKEN },
        batchWindowMs: 5,
        maxBatchSize: 100,
        retries: 2,
        timeoutMs: 2_000,
      },
      { logger: log.logger },
    );
    const result = await purger.purge(['k']);
    expect(result.ok).toBe(false);
    expect(result.requests).toBe(1); // a refused token is not retried
    expect(result.reason).toContain('Fastly service svc answered 401');
    expect(result.reason).toContain('FASTLY_API_TOKEN');
    expect(JSON.stringify(log.lines)).not.toContain(TOKEN);
    expect(result.reason).not.toContain(TOKEN);
    await purger.close();
  });
});

describe('none purger', () => {
  it('sends nothing', async () => {
    const purger = createPurger({ target: { driver: 'none' }, batchWindowMs: 5, maxBatchSize: 10, retries: 0, timeoutMs: 1_000 }, { logger: log.logger });
    expect(await purger.purge(['k'])).toEqual({ keys: ['k'], ok: true, requests: 0 });
    await purger.close();
    expect(cdn.received).toHaveLength(0);
  });
});
