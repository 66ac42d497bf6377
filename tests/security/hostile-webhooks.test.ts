/**
 * Hostile webhook bodies (bad signature, replayed, oversized, wrong
 * types: each gets a 4xx and nothing is enqueued). Every case of
 * hostile-webhooks.json is sent over real HTTP (node:http, so the exact bytes and framing are ours)
 * to the ingest admin server listening on loopback, backed by a real Redis and the real producer;
 * each must get its 4xx and leave the render queue's job counts as they were.
 */
import { request as httpRequest } from 'node:http';
import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildAdminApp } from '../../ingest/app.js';
import { startIngestTestKit, type IngestTestKit } from '../../ingest/test-helpers.js';
import { signWebhook, WEBHOOK_PATH } from '../../ingest/webhook.js';

const SECRET = 'hostile-webhook-secret-0123456789';

const generator = z.discriminatedUnion('type', [
  z.object({ type: z.literal('padding'), bytes: z.number().int().positive() }),
  z.object({ type: z.literal('nested-arrays'), depth: z.number().int().positive() }),
  z.object({ type: z.literal('nested-layout'), depth: z.number().int().positive() }),
  z.object({ type: z.literal('huge-sections'), items: z.number().int().positive() }),
  z.object({ type: z.literal('huge-tags'), items: z.number().int().positive() }),
  z.object({ type: z.literal('utf16') }),
]);
const SIGNING = ['valid', 'none', 'no-timestamp', 'garbage', 'no-prefix', 'wrong-secret', 'tampered', 'stale', 'future', 'timestamp-not-a-number', 'replay-id', 'replay-delivery'] as const;
const corpus = z
  .object({
    cases: z.array(
      z.strictObject({
        name: z.string(),
        sign: z.enum(SIGNING),
        status: z.number().int().min(400).max(499),
        code: z.string().optional(),
        event: z.record(z.string(), z.unknown()).optional(),
        body: z.unknown().optional(),
        bodyText: z.string().optional(),
        bodyBase64: z.string().optional(),
        generate: generator.optional(),
        chunked: z.boolean().optional(),
      }),
    ),
  })
  .parse(JSON.parse(readFileSync(new URL('./hostile-webhooks.json', import.meta.url), 'utf8')));

type Case = (typeof corpus.cases)[number];

let kit: IngestTestKit;
let app: FastifyInstance;
let base: URL;
let counter = 0;

beforeAll(async () => {
  kit = await startIngestTestKit();
  app = await buildAdminApp({
    config: { adminToken: 'hostile-webhook-admin-token-0123', webhookSecret: SECRET, queuePrefix: kit.prefix },
    producer: kit.producer,
    index: kit.index,
    redis: kit.redis,
    queue: kit.producer.queue,
    logger: kit.logger,
  });
  base = new URL(await app.listen({ port: 0, host: '127.0.0.1' }));
});

afterAll(async () => {
  await app?.close();
  await kit?.close();
});

function validEvent(id: string): Record<string, unknown> {
  return { id, kind: 'article', action: 'updated', contentId: '7', path: '/politics/a-story', sections: ['politics'], occurredAt: new Date().toISOString() };
}

function generate(spec: z.infer<typeof generator>, id: string): Buffer {
  switch (spec.type) {
    case 'padding':
      return Buffer.from(JSON.stringify({ ...validEvent(id), padding: 'x'.repeat(spec.bytes) }));
    case 'nested-arrays':
      return Buffer.from(`${'['.repeat(spec.depth)}${']'.repeat(spec.depth)}`);
    case 'nested-layout':
      return Buffer.from(JSON.stringify({ ...validEvent(id), kind: 'layout' }).replace(/}$/, `,"layout":${'{"a":'.repeat(spec.depth)}1${'}'.repeat(spec.depth)}}`));
    case 'huge-sections':
      return Buffer.from(JSON.stringify({ ...validEvent(id), sections: Array.from({ length: spec.items }, (_, i) => `s${i}`) }));
    case 'huge-tags':
      return Buffer.from(JSON.stringify({ ...validEvent(id), kind: 'video', tags: Array.from({ length: spec.items }, (_, i) => `tag-${i}`) }));
    case 'utf16':
      return Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(JSON.stringify(validEvent(id)), 'utf16le')]);
  }
}

function bodyOf(entry: Case, id: string): Buffer {
  if (entry.generate) return generate(entry.generate, id);
  if (entry.bodyBase64 !== undefined) return Buffer.from(entry.bodyBase64, 'base64');
  if (entry.bodyText !== undefined) return Buffer.from(entry.bodyText.replaceAll('@ID@', id));
  if ('body' in entry) return Buffer.from(JSON.stringify(entry.body));
  return Buffer.from(JSON.stringify({ ...validEvent(id), ...entry.event }));
}

interface Delivery {
  body: Buffer;
  headers: Record<string, string>;
}

function send(delivery: Delivery, chunked = false): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { 'content-type': 'application/json', ...delivery.headers };
    if (!chunked) headers['content-length'] = String(delivery.body.length);
    const req = httpRequest(new URL(WEBHOOK_PATH, base), { method: 'POST', headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    // The server may answer 413 and close before the whole body is written.
    req.on('error', (error: NodeJS.ErrnoException) => (error.code === 'EPIPE' || error.code === 'ECONNRESET' ? undefined : reject(error)));
    if (chunked) {
      for (let offset = 0; offset < delivery.body.length; offset += 16 * 1024) req.write(delivery.body.subarray(offset, offset + 16 * 1024));
      req.end();
    } else {
      req.end(delivery.body);
    }
  });
}

async function totalJobs(): Promise<number> {
  const counts = await kit.inspect.getJobCounts();
  return Object.values(counts).reduce((sum, n) => sum + n, 0);
}

function signed(body: Buffer, timestamp = Math.floor(Date.now() / 1000), secret = SECRET): Record<string, string> {
  return { 'x-timestamp': String(timestamp), 'x-signature': signWebhook(secret, body, timestamp) };
}

describe('hostile webhook deliveries', () => {
  it('has a corpus of every class the issue names', () => {
    const names = corpus.cases.map((c) => c.name).join('\n');
    for (const word of ['signature', 'replay', 'oversized', 'not JSON', 'wrong type', '__proto__', 'constructor', 'nested', 'huge', 'UTF-8']) {
      expect(names, word).toMatch(new RegExp(word.replace(/[_]/g, '_'), 'i'));
    }
  });

  it('answers every case with its 4xx and enqueues nothing', { timeout: 60_000 }, async () => {
    // The prime delivery: a valid event that is accepted, so the replay cases have something to replay.
    const primeId = `prime-${Date.now()}`;
    const primeBody = Buffer.from(JSON.stringify(validEvent(primeId)));
    const prime: Delivery = { body: primeBody, headers: signed(primeBody) };
    const accepted = await send(prime);
    expect(accepted.status, accepted.body).toBe(202);
    const afterPrime = await totalJobs();
    expect(afterPrime).toBeGreaterThan(0);

    const problems: string[] = [];
    for (const entry of corpus.cases) {
      counter += 1;
      const id = `hostile-${counter}-${Date.now()}`;
      let delivery: Delivery;
      const body = bodyOf(entry, id);
      const now = Math.floor(Date.now() / 1000);
      switch (entry.sign) {
        case 'valid':
          delivery = { body, headers: signed(body) };
          break;
        case 'none':
          delivery = { body, headers: {} };
          break;
        case 'no-timestamp':
          delivery = { body, headers: { 'x-signature': signWebhook(SECRET, body, now) } };
          break;
        case 'garbage':
          delivery = { body, headers: { 'x-timestamp': String(now), 'x-signature': 'sha256=zz<script>' } };
          break;
        case 'no-prefix':
          delivery = { body, headers: { 'x-timestamp': String(now), 'x-signature': signWebhook(SECRET, body, now).slice('sha256='.length) } };
          break;
        case 'wrong-secret':
          delivery = { body, headers: signed(body, now, 'not-the-webhook-secret-0123456') };
          break;
        case 'tampered':
          delivery = { body: Buffer.from(JSON.stringify({ ...validEvent(id), path: '/politics/tampered' })), headers: signed(body) };
          break;
        case 'stale':
          delivery = { body, headers: signed(body, now - 600) };
          break;
        case 'future':
          delivery = { body, headers: signed(body, now + 600) };
          break;
        case 'timestamp-not-a-number':
          delivery = { body, headers: { 'x-timestamp': '1e10', 'x-signature': signWebhook(SECRET, body, now) } };
          break;
        case 'replay-id': {
          const again = Buffer.from(JSON.stringify(validEvent(primeId)));
          delivery = { body: again, headers: signed(again, now + 1) };
          break;
        }
        case 'replay-delivery':
          delivery = prime;
          break;
      }
      const answer = await send(delivery, entry.chunked ?? false);
      if (answer.status !== entry.status) problems.push(`${entry.name}: ${answer.status} (wanted ${entry.status}) ${answer.body.slice(0, 200)}`);
      else if (entry.code !== undefined && !answer.body.includes(`"code":"${entry.code}"`)) problems.push(`${entry.name}: body ${answer.body.slice(0, 200)}`);
      const jobs = await totalJobs();
      if (jobs !== afterPrime) problems.push(`${entry.name}: the queue went from ${afterPrime} to ${jobs} jobs`);
    }
    expect(problems).toEqual([]);
    // Nothing polluted this process's prototypes either.
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(await totalJobs()).toBe(afterPrime);
  });
});
