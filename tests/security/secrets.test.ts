/**
 * Nothing secret in logs, stored pages or the bundle (RELIABILITY.md, access). The whole
 * pipeline runs with distinctive ADMIN_TOKEN, WEBHOOK_SECRET, S3 secret key and FASTLY_API_TOKEN
 * values (also set in the environment while the bundle is built), on a real S3-protocol server
 * (s3rver) and with a Fastly purger pointed at a local stand-in that refuses the token. It is
 * exercised: a whole-site publish, an editor republish with the token (Bearer, and ?token= on the
 * browser pages), a signed webhook, failed authentications (wrong token, wrong signature) and a
 * failed purge. Then every log line, every stored object (body and metadata, through the S3 API and
 * on s3rver's disk) and every built bundle file is searched for each secret: none is found.
 */
import { createServer, type Server } from 'node:http';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeCdnTarget, type CdnConfig } from '../../core/cdn/config.js';
import { createPurger } from '../../core/cdn/purger.js';
import { createLogger } from '../../core/logger.js';
import { webhookHeaders } from '../../ingest/webhook.js';
import { startCapturedStack, type CapturedStack } from './captured-stack.js';

const SECRETS = {
  ADMIN_TOKEN: 'admTok-canary-4f1e9b27c6d83a50',
  WEBHOOK_SECRET: 'whSec-canary-8a2d5c71e0f94b36',
  S3_SECRET_ACCESS_KEY: 's3Sec-canary-1c7b3e95d2a86f04',
  FASTLY_API_TOKEN: 'fastlyTok-canary-6e0a4d18b9c25f73',
} as const;
const BUCKET = 'secrets-test';

let h: CapturedStack;
let s3: S3rver;
let s3Dir: string;
let fastly: Server;
let fastlyUrl: string;
const fastlyKeysSeen: string[] = [];
const savedEnv: Record<string, string | undefined> = {};

beforeAll(async () => {
  // In the environment while the bundle is built and the services start: a build that inlined
  // process.env would carry them into the bundle.
  for (const [name, value] of Object.entries({ ...SECRETS, AWS_SECRET_ACCESS_KEY: SECRETS.S3_SECRET_ACCESS_KEY })) {
    savedEnv[name] = process.env[name];
    process.env[name] = value;
  }
  s3Dir = await mkdtemp(join(tmpdir(), 'secrets-s3rver-'));
  // s3rver knows one account (S3RVER/S3RVER); it takes the distinctive secret without checking
  // the signature, so the real S3 driver signs every request with it.
  s3 = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: s3Dir, allowMismatchedSignatures: true, configureBuckets: [{ name: BUCKET, configs: [] }] });
  const address = await s3.run();
  fastly = createServer((request, response) => {
    fastlyKeysSeen.push(String(request.headers['fastly-key']));
    request.resume();
    response.writeHead(401, { 'content-type': 'application/json' }).end('{"msg":"Provided credentials are missing or invalid"}');
  });
  await new Promise<void>((resolve) => fastly.listen(0, '127.0.0.1', resolve));
  const fastlyAddress = fastly.address();
  fastlyUrl = `http://127.0.0.1:${typeof fastlyAddress === 'object' && fastlyAddress ? fastlyAddress.port : 0}`;
  h = await startCapturedStack({
    adminToken: SECRETS.ADMIN_TOKEN,
    webhookSecret: SECRETS.WEBHOOK_SECRET,
    // Built here, with the secrets in the environment: the run's one build was made without them.
    ownBundle: true,
    storage: () => ({
      driver: 's3',
      endpoint: `http://127.0.0.1:${address.port}`,
      region: 'us-east-1',
      bucket: BUCKET,
      accessKeyId: 'S3RVER',
      secretAccessKey: SECRETS.S3_SECRET_ACCESS_KEY,
      forcePathStyle: true,
    }),
  });
}, 180_000);

afterAll(async () => {
  await h?.stop();
  await s3?.close();
  await new Promise((resolve) => fastly?.close(resolve));
  if (s3Dir) await rm(s3Dir, { recursive: true, force: true });
  for (const [name, value] of Object.entries(savedEnv)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

async function walk(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await walk(full)));
    else out.push(full);
  }
  return out;
}

/** Each secret as written, URL-encoded and base64-encoded: a leak in any of these forms counts. */
function forms(secret: string): string[] {
  return [secret, encodeURIComponent(secret), Buffer.from(secret).toString('base64').replace(/=+$/, '')];
}

function leaks(where: string, text: string): string[] {
  return Object.entries(SECRETS).flatMap(([name, secret]) => (forms(secret).some((form) => text.includes(form)) ? [`${name} in ${where}`] : []));
}

describe('secrets stay out of logs, storage and the bundle', () => {
  it('finds no secret anywhere after a publish, a republish, a webhook, failed logins and a failed purge', { timeout: 240_000 }, async () => {
    const { stack } = h;
    const auth = { authorization: `Bearer ${SECRETS.ADMIN_TOKEN}` };
    const published = await stack.publishSite({ sites: ['news'] });
    expect(published.failed).toEqual([]);

    // An editor: republish with the token, the browser pages' ?token= exchange.
    const republish = await fetch(`${stack.adminUrl}/admin/republish`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify({ path: '/', requestedBy: 'Jane Editor' }) });
    expect(republish.status).toBe(202);
    const { jobId } = (await republish.json()) as { jobId: string };
    for (const page of ['/admin', '/admin/queues']) {
      const exchange = await fetch(`${stack.adminUrl}${page}?token=${SECRETS.ADMIN_TOKEN}`, { redirect: 'manual' });
      expect(exchange.status).toBe(302);
      const cookie = String(exchange.headers.get('set-cookie')).split(';')[0] ?? '';
      expect((await fetch(`${stack.adminUrl}${page}`, { headers: { cookie } })).status).toBe(200);
    }
    // The right token in the query of a route that has no exchange, and of an unknown one.
    await fetch(`${stack.adminUrl}/admin/jobs/${jobId}?token=${SECRETS.ADMIN_TOKEN}`, { headers: auth });
    await fetch(`${stack.adminUrl}/admin/no-such-route?token=${SECRETS.ADMIN_TOKEN}`);
    const deadline = Date.now() + 60_000;
    let state = '';
    while (state !== 'completed' && state !== 'failed' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      state = ((await (await fetch(`${stack.adminUrl}/admin/jobs/${jobId}`, { headers: auth })).json()) as { state: string }).state;
    }
    expect(state).toBe('completed');

    // A signed webhook, and one signed with the wrong secret.
    const event = JSON.stringify({ id: `secrets-${Date.now()}`, kind: 'menu', action: 'updated', occurredAt: new Date().toISOString() });
    expect((await fetch(`${stack.adminUrl}/webhooks/content`, { method: 'POST', headers: webhookHeaders(SECRETS.WEBHOOK_SECRET, event), body: event })).status).toBe(202);
    expect((await fetch(`${stack.adminUrl}/webhooks/content`, { method: 'POST', headers: webhookHeaders('not-the-secret-0123456789', event), body: event })).status).toBe(401);
    // Failed logins: a wrong token, a near miss, the webhook secret as admin token, a wrong ?token=.
    for (const headers of [{ authorization: 'Bearer wrong-token-0123456789' }, { authorization: `Bearer ${SECRETS.ADMIN_TOKEN}x` }, { authorization: `Bearer ${SECRETS.WEBHOOK_SECRET}` }]) {
      expect((await fetch(`${stack.adminUrl}/admin/republish`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: '{"path":"/"}' })).status).toBe(401);
    }
    expect((await fetch(`${stack.adminUrl}/admin/queues?token=${SECRETS.ADMIN_TOKEN}0`, { redirect: 'manual' })).status).toBe(401);

    // A CDN purge through the Fastly driver, refused by the stand-in: its failure is logged.
    const logger = createLogger({
      component: 'cdn-test',
      level: 'debug',
      destination: { write: (line: string) => void h.logLines.push(...line.split('\n').filter(Boolean)) },
    });
    const cdn: CdnConfig = { target: { driver: 'fastly', apiUrl: fastlyUrl, serviceId: 'svc-secrets-test', token: SECRETS.FASTLY_API_TOKEN }, batchWindowMs: 5, maxBatchSize: 100, retries: 1, timeoutMs: 2_000 };
    logger.info({ cdn: describeCdnTarget(cdn.target) }, 'cdn purge target');
    const purger = createPurger(cdn, { logger });
    const purge = await purger.purge(['page:news:/']);
    await purger.close();
    expect(purge.ok).toBe(false);
    // The token did go where it belongs: the purge request's Fastly-Key header.
    expect(fastlyKeysSeen).toContain(SECRETS.FASTLY_API_TOKEN);

    // The search itself finds a secret in each form it looks for.
    for (const form of forms(SECRETS.ADMIN_TOKEN)) expect(leaks('probe', `x${form}x`)).toEqual(['ADMIN_TOKEN in probe']);
    const found: string[] = [];
    // Every log line of every service.
    expect(h.logLines.length).toBeGreaterThan(100);
    expect(h.logLines.some((line) => line.includes('"status":401'))).toBe(true);
    for (const [i, line] of h.logLines.entries()) found.push(...leaks(`log line ${i}: ${line.slice(0, 200)}`, line));
    found.push(...leaks('the purge result', JSON.stringify(purge)));

    // Every stored object, body and metadata, through the S3 API.
    let objects = 0;
    for await (const key of stack.store.list('')) {
      const object = await stack.store.get(key);
      if (!object) continue;
      objects += 1;
      found.push(...leaks(`stored ${key}`, object.body.toString('utf8')), ...leaks(`metadata of ${key}`, JSON.stringify(object.meta)));
    }
    expect(objects).toBeGreaterThan(50);
    // And s3rver's files on disk (its own metadata sidecars included).
    for (const file of await walk(s3Dir)) found.push(...leaks(`s3rver file ${file}`, (await readFile(file)).toString('latin1')));

    // Every file of the built bundle.
    const bundleFiles = await walk(h.bundleDir);
    expect(bundleFiles.length).toBeGreaterThan(0);
    for (const file of bundleFiles) found.push(...leaks(`bundle file ${file}`, await readFile(file, 'utf8')));

    expect(found).toEqual([]);
  });
});
