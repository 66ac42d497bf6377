import { describe, expect, it } from 'vitest';
import { jsonForScript } from './json-script.js';

describe('jsonForScript', () => {
  it('cannot close its script element and parses back to the same value', () => {
    const value = { headline: '</script><script>alert(1)</script>', note: '<!-- & \u2028 \u2029 -->' };
    const json = jsonForScript(value);
    expect(json).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(json)).toEqual(value);
  });

  it('serialises undefined as null', () => {
    expect(jsonForScript(undefined)).toBe('null');
  });
});
