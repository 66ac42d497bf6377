import { describe, expect, it } from 'vitest';
import { isPlatformError } from '../errors.js';
import { metaFor } from './contract.js';
import { checkPutMeta, objectMetaSchema, parseStoredMeta } from './meta.js';
import type { ObjectMeta } from './types.js';
import { contentHash } from './write.js';

const body = Buffer.from('<!doctype html><title>Meta</title>');

/** A worker's metadata, every optional field set. */
function validMeta(): ObjectMeta {
  return metaFor(body, { renderedAt: '2026-11-28T23:02:27.123Z', jobId: 'news:/us/a-story', status: 200, fence: 42 });
}

/** What the schema alone makes of `meta`: its parse, or null when it refuses it. */
function schemaVerdict(meta: unknown): unknown {
  const result = objectMetaSchema.safeParse(meta);
  return result.success ? result.data : null;
}

function putVerdict(meta: unknown): unknown {
  try {
    return checkPutMeta('news/pages/a/index.html', body, meta as ObjectMeta);
  } catch (error) {
    expect(isPlatformError(error, 'OBJECT_META_INVALID'), String(error)).toBe(true);
    return null;
  }
}

function readVerdict(meta: unknown): unknown {
  try {
    return parseStoredMeta(meta, 'news/pages/a/index.html');
  } catch (error) {
    expect(isPlatformError(error, 'STORED_OBJECT_CORRUPT'), String(error)).toBe(true);
    return null;
  }
}

/** One field of a valid meta set to each value: valid, borderline and malformed. */
const VARIANTS: Record<string, unknown[]> = {
  contentType: ['', 'a', 'x'.repeat(200), 'x'.repeat(201), 'text/html\n', 'tëxt', 7, undefined, null],
  cacheControl: ['', 'no-store', 'x'.repeat(500), 'x'.repeat(501), 'max-age=1\r', ['max-age=1']],
  reason: ['', 'sweep', 'x'.repeat(100), 'x'.repeat(101), 'two words', 'é', 0],
  contentHash: ['', contentHash(body).toUpperCase(), contentHash(body).slice(1), `${contentHash(body)}0`, 'g'.repeat(64), 12],
  renderedAt: [
    '2026-11-28T23:02:27Z',
    '2026-11-28T23:02:27.1Z',
    '2026-11-28T23:02:27.123456Z',
    '2026-11-28T23:02:27.123+01:00',
    '2026-11-28T23:02:27.123',
    '2026-02-30T00:00:00.000Z',
    '2026-13-01T00:00:00.000Z',
    '2026-11-28T24:00:00.000Z',
    '+012026-11-28T23:02:27.123Z',
    '2026-11-28',
    'yesterday',
    '',
    1_700_000_000_000,
  ],
  surrogateKeys: [
    [],
    ['k'],
    ['x'.repeat(256)],
    ['x'.repeat(257)],
    [''],
    ['two words'],
    ['tab\there'],
    ['ключ'],
    [7],
    [null],
    Array.from({ length: 2000 }, (_, i) => `article:${i}`),
    Array.from({ length: 2001 }, (_, i) => `article:${i}`),
    'article:1',
    null,
  ],
  jobId: [undefined, '', 'j', 'x'.repeat(200), 'x'.repeat(201), 'job\u0000', 5],
  status: [undefined, 99, 100, 404, 599, 600, 200.5, Number.NaN, Number.POSITIVE_INFINITY, '200'],
  fence: [undefined, -1, 0, 1, Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER + 1, 1.5, '3'],
};

describe('object metadata checks', () => {
  it('give what the schema gives for every variant of every field, on write and on read', () => {
    let accepted = 0;
    let refused = 0;
    for (const [field, values] of Object.entries(VARIANTS)) {
      for (const value of values) {
        const meta: Record<string, unknown> = { ...validMeta(), [field]: value };
        const expected = schemaVerdict(meta);
        const label = `${field} = ${JSON.stringify(value)?.slice(0, 80)}`;
        expect(putVerdict(meta), label).toEqual(expected);
        expect(readVerdict(meta), label).toEqual(expected);
        if (expected === null) refused += 1;
        else accepted += 1;
      }
    }
    // The variants exercise both sides of every rule.
    expect(accepted).toBeGreaterThan(25);
    expect(refused).toBeGreaterThan(40);
  });

  it('keep only the known fields, as the schema does, without the optional ones a writer left out', () => {
    const { jobId: _jobId, status: _status, fence: _fence, ...required } = validMeta();
    const stored = { ...required, etag: 'stray', surrogateKeys: [...required.surrogateKeys] };
    expect(readVerdict(stored)).toEqual(required);
    expect(Object.keys(putVerdict(stored) as object).sort()).toEqual(Object.keys(required).sort());
  });

  it('refuse a meta that is not an object, naming the key', () => {
    for (const value of [null, undefined, 'meta', 3, []]) {
      expect(putVerdict(value)).toBeNull();
      expect(readVerdict(value)).toBeNull();
    }
  });

  it('refuse a write whose contentHash is not the hash of its body', () => {
    const meta = { ...validMeta(), contentHash: contentHash(Buffer.from('other bytes')) };
    expect(() => checkPutMeta('news/pages/a/index.html', body, meta)).toThrow('contentHash is not the sha256 of the body');
  });
});
