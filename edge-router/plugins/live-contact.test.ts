/**
 * POST /api/contact end to end: the edge app through `app.inject()`, a real fs store, and the real
 * sample upstream's contact service on a free port (with its fault switch).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parseUpstreamConfig } from '../../core/config/upstream.js';
import { createLogger } from '../../core/logger.js';
import { createFsStore } from '../../core/storage/fs-driver.js';
import type { ObjectStore } from '../../core/storage/types.js';
import { startSampleUpstream, type RunningSampleUpstream } from '../../infra/sample-upstream/server.js';
import { buildEdgeApp } from '../app.js';

let upstream: RunningSampleUpstream;
let dir: string;
let store: ObjectStore;
let app: FastifyInstance;
const calls: unknown[] = [];

beforeAll(async () => {
  upstream = await startSampleUpstream({ port: 0 });
  dir = await mkdtemp(join(tmpdir(), 'edge-live-contact-'));
  store = createFsStore({ root: dir });
  app = await buildEdgeApp({
    store,
    logger: createLogger({ component: 'edge-router-test', level: 'silent' }),
    defaultSite: 'news',
    liveUpstream: {
      config: parseUpstreamConfig({ UPSTREAM_BASE_URL: upstream.url, UPSTREAM_TIMEOUT_MS: '2000' }),
      fetchImpl: (input, init) => {
        const url = new URL(input instanceof Request ? input.url : String(input));
        if (url.pathname === '/api/contact') calls.push(JSON.parse(typeof init?.body === 'string' ? init.body : 'null'));
        return fetch(input, init);
      },
    },
  });
});

afterEach(async () => {
  calls.length = 0;
  await upstream.app.inject({ method: 'DELETE', url: '/__sample/faults' });
});

afterAll(async () => {
  await app.close();
  await upstream.close();
  await store.close();
  await rm(dir, { recursive: true, force: true });
});

const VALID = { name: ' Ann Reader ', email: 'ann@example.com', message: 'Hello there', state: 'PR', town: 'San Juan', email_token: 'tok_123', form_id: 'america-together' };

const post = (payload: unknown) =>
  app.inject({ method: 'POST', url: '/api/contact', headers: { 'content-type': 'application/json' }, payload: JSON.stringify(payload) });

describe('POST /api/contact', () => {
  it('forwards a valid message, trimmed, and answers sent, never cached', async () => {
    const response = await post(VALID);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ sent: true });
    expect(response.headers['cache-control']).toBe('no-store');
    expect(calls).toEqual([{ ...VALID, name: 'Ann Reader' }]);
  });

  it('accepts an empty email token (the token call failed, spec 1 §7) and no location fields', async () => {
    const { state: _state, town: _town, ...rest } = VALID;
    expect((await post({ ...rest, email_token: '' })).statusCode).toBe(200);
    expect((await post({ ...VALID, state: '' })).statusCode).toBe(200);
  });

  it('requires name, email and message, and a state from the 59, naming the bad fields', async () => {
    const response = await post({ ...VALID, name: '   ', email: 'nope', message: '', state: 'XX' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: { code: 'BAD_REQUEST', fields: ['name', 'email', 'message', 'state'] } });
    expect((await post({ ...VALID, message: 'x'.repeat(5001) })).statusCode).toBe(400);
    expect(calls).toEqual([]);
  });

  it('answers 502 when the contact service fails', async () => {
    await upstream.app.inject({ method: 'POST', url: '/__sample/faults', payload: { path: '/api/contact', mode: 'status', status: 500 } });
    const response = await post(VALID);
    expect(response.statusCode).toBe(502);
    expect(response.json()).toMatchObject({ error: { code: 'UPSTREAM_UNAVAILABLE' } });
  });
});
