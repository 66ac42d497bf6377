import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { PlatformError } from './errors.js';
import { createLogger, serialiseError } from './logger.js';

/** Collects the JSON lines a logger writes. */
function capture(): { stream: Writable; lines: () => unknown[] } {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer | string, _encoding, callback) {
      chunks.push(chunk.toString());
      callback();
    },
  });
  return {
    stream,
    lines: () =>
      chunks
        .join('')
        .split('\n')
        .filter((line) => line !== '')
        .map((line): unknown => JSON.parse(line)),
  };
}

const lineSchema = z.looseObject({
  time: z.iso.datetime(),
  level: z.string(),
  component: z.string(),
  message: z.string(),
  version: z.string(),
});

describe('createLogger', () => {
  it('writes one JSON line with time, level label, component, message and version', () => {
    const out = capture();
    const log = createLogger({ component: 'edge-router', destination: out.stream });
    log.info({ http: { method: 'GET', path: '/politics', status: 200, durationMs: 3 } }, 'request served');
    const lines = out.lines();
    expect(lines).toHaveLength(1);
    const line = lineSchema.parse(lines[0]);
    expect(line).toMatchObject({
      level: 'info',
      component: 'edge-router',
      message: 'request served',
      version: 'v74',
      http: { method: 'GET', path: '/politics', status: 200, durationMs: 3 },
    });
    expect(Math.abs(Date.parse(line.time) - Date.now())).toBeLessThan(60_000);
  });

  it('honours the level', () => {
    const out = capture();
    const log = createLogger({ component: 'worker', level: 'warn', destination: out.stream });
    log.info('hidden');
    log.warn({ api: { name: 'layout', status: 503 } }, 'upstream call failed');
    expect(out.lines().map((l) => lineSchema.parse(l).level)).toEqual(['warn']);
  });

  it('serialises a PlatformError under `error` with its code, status, details and cause', () => {
    const out = capture();
    const log = createLogger({ component: 'worker', destination: out.stream });
    const cause = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    log.error({ error: new PlatformError('STORAGE_FAILED', 'could not write', { cause, details: { key: 'news/pages/index.html' } }) }, 'render failed');
    const line = z.looseObject({ error: z.looseObject({}) }).parse(out.lines()[0]);
    expect(line.error).toMatchObject({
      type: 'PlatformError',
      message: 'could not write',
      code: 'STORAGE_FAILED',
      status: 503,
      details: { key: 'news/pages/index.html' },
      cause: { type: 'Error', message: 'connect ECONNREFUSED', code: 'ECONNREFUSED' },
    });
    expect(typeof line.error.stack).toBe('string');
  });
});

describe('serialiseError', () => {
  it('turns a thrown non-Error into type and message', () => {
    expect(serialiseError('boom')).toEqual({ type: 'string', message: 'boom' });
    expect(serialiseError(undefined)).toEqual({ type: 'undefined', message: 'undefined' });
  });

  it('stops following causes after three levels', () => {
    let error = new Error('level 0');
    for (let i = 1; i <= 6; i += 1) error = new Error(`level ${i}`, { cause: error });
    let depth = 0;
    for (let current = serialiseError(error).cause; current; current = current.cause) depth += 1;
    expect(depth).toBe(3);
  });
});
