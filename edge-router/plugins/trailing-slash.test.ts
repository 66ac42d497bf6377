import { describe, expect, it } from 'vitest';
import { trailingSlashTarget } from './trailing-slash.js';

describe('trailingSlashTarget', () => {
  it.each([
    ['/politics/', '?a=1&b=2', '/politics?a=1&b=2'],
    ['/politics///', '', '/politics'],
    ['/a/b/', '?', '/a/b?'],
    ['///', '', '/'],
  ])('%s%s -> %s', (path, search, target) => {
    expect(trailingSlashTarget(path, search)).toBe(target);
  });

  it.each(['/', '/politics', '//evil.com/', '///evil.com//', '/%2F%2Fevil.com/', '/%5cevil.com/', '/\\evil.com/'])(
    'does not redirect %s',
    (path) => {
      expect(trailingSlashTarget(path, '')).toBeNull();
    },
  );
});
