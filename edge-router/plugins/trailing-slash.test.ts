import { describe, expect, it } from 'vitest';
import { canonicalTarget, trailingSlashTarget } from './trailing-slash.js';

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

describe('canonicalTarget (spec 1 §2.2: trailing slash, dropping a hash)', () => {
  it.each([
    ['/politics/?a=1', '/politics?a=1'],
    ['/politics%23comments', '/politics'],
    ['/politics%23comments?ref=share', '/politics?ref=share'],
    ['/politics/%23top', '/politics'],
    ['/a/b%23x/y', '/a/b'],
    ['/%23', '/'],
    ['/politics#top', '/politics'],
    ['/politics?x=1#top', '/politics?x=1'],
    ['/politics#top?x=1', '/politics'],
    ['/politics/#top', '/politics'],
  ])('%s -> %s', (url, target) => {
    expect(canonicalTarget(url)).toBe(target);
  });

  it.each(['/', '/politics', '/politics?q=%23news', '/politics?x=1', '//evil.com%23x', '//evil.com#x', '/%2F%2Fevil.com%23', '/%5cevil.com/%23'])(
    'leaves %s alone (canonical, or no safe same-origin target)',
    (url) => {
      expect(canonicalTarget(url)).toBeNull();
    },
  );
});
