import { describe, expect, it } from 'vitest';
import { isPlatformError } from '../core/errors.js';
import { decodeRequestPath, splitRequestTarget } from './request-target.js';

describe('splitRequestTarget', () => {
  it('keeps the query exactly and drops a fragment', () => {
    expect(splitRequestTarget('/a/b?x=1&y=%20')).toEqual({ rawPath: '/a/b', search: '?x=1&y=%20' });
    expect(splitRequestTarget('/a')).toEqual({ rawPath: '/a', search: '' });
    expect(splitRequestTarget('/a?')).toEqual({ rawPath: '/a', search: '?' });
    expect(splitRequestTarget('/a#frag?x')).toEqual({ rawPath: '/a', search: '' });
    expect(splitRequestTarget('/a?x=1#frag')).toEqual({ rawPath: '/a', search: '?x=1' });
  });
});

describe('decodeRequestPath', () => {
  it('decodes escapes segment by segment', () => {
    expect(decodeRequestPath('/caf%C3%A9/a%2Db')).toBe('/café/a-b');
    expect(decodeRequestPath('/plain/path')).toBe('/plain/path');
  });

  it('keeps an escaped "/" or "\\" encoded so segments never change', () => {
    expect(decodeRequestPath('/a%2Fb')).toBe('/a%2Fb');
    expect(decodeRequestPath('/a%5cb')).toBe('/a%5cb');
  });

  it.each(['/%ff', '/%', '/%zz', '/a%c0%af', '/a\\b', '/a b', 'relative', 'http://evil.com/', '*', '/é'])(
    'refuses %s with INVALID_PATH',
    (raw) => {
      let caught: unknown;
      try {
        decodeRequestPath(raw);
      } catch (error) {
        caught = error;
      }
      expect(isPlatformError(caught, 'INVALID_PATH')).toBe(true);
    },
  );
});
