import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { isPlatformError } from '../core/errors.js';
import { signWebhook, verifyWebhookSignature } from './webhook.js';

const secret = 'webhook-secret-0123456789';
const body = Buffer.from('{"id":"1"}');
const ts = 1_774_699_200;

function verify(overrides: Partial<Parameters<typeof verifyWebhookSignature>[0]>): string | null {
  try {
    verifyWebhookSignature({ secret, body, timestamp: String(ts), signature: signWebhook(secret, body, ts), nowMs: ts * 1000, ...overrides });
    return null;
  } catch (error) {
    expect(isPlatformError(error, 'BAD_SIGNATURE')).toBe(true);
    return error instanceof Error ? error.message : String(error);
  }
}

describe('signWebhook', () => {
  it('is HMAC-SHA256 over "<timestamp>.<body>", hex, with the sha256= scheme', () => {
    const expected = createHmac('sha256', secret).update(`${ts}.{"id":"1"}`).digest('hex');
    expect(signWebhook(secret, body, ts)).toBe(`sha256=${expected}`);
    expect(signWebhook(secret, '{"id":"1"}', ts)).toBe(`sha256=${expected}`);
  });
});

describe('verifyWebhookSignature', () => {
  it('accepts a good signature within the window, upper-case hex included', () => {
    expect(verify({})).toBeNull();
    expect(verify({ signature: signWebhook(secret, body, ts).toUpperCase().replace('SHA256=', 'sha256=') })).toBeNull();
    expect(verify({ nowMs: (ts + 300) * 1000 })).toBeNull();
  });

  it('refuses, with a reason', () => {
    expect(verify({ signature: undefined })).toMatch(/Missing/);
    expect(verify({ timestamp: undefined })).toMatch(/Missing/);
    expect(verify({ timestamp: '12ab' })).toMatch(/unix seconds/);
    expect(verify({ signature: 'sha256=abc' })).toMatch(/64 hex/);
    expect(verify({ signature: `sha1=${'0'.repeat(64)}` })).toMatch(/64 hex/);
    expect(verify({ signature: `sha256=${'0'.repeat(64)}` })).toMatch(/does not match/);
    expect(verify({ body: Buffer.from('{"id":"2"}') })).toMatch(/does not match/);
    // The timestamp is signed: moving it breaks the signature.
    expect(verify({ timestamp: String(ts + 1) })).toMatch(/does not match/);
    expect(verify({ nowMs: (ts + 301) * 1000 })).toMatch(/5 minutes/);
    expect(verify({ nowMs: (ts - 301) * 1000 })).toMatch(/5 minutes/);
  });
});
