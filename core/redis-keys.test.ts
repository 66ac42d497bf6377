import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { queueKeys, redisKeys } from './redis-keys.js';

const ROOT = new URL('..', import.meta.url).pathname;

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name === 'node_modules' || name === 'dist') return [];
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('Redis key names', () => {
  const keys = redisKeys('{q}');
  const page = { site: 'es', path: '/politics/a' } as const;

  it('spells every name as the table in its header says', () => {
    expect([
      keys.dataKeyPagesPrefix(),
      keys.dataKeyPages('article:1'),
      keys.pageDataKeys(page),
      keys.deletion(page),
      keys.fence(page),
      keys.fenceMark(page),
      keys.pageFailure(page),
      keys.recoverySet(),
      keys.pageRender(page),
      keys.missNone(page),
      keys.lastGood('news', 'menu'),
      keys.pageWritesChannel(),
      keys.scheduleTick('schedule:fronts:2025-01-01T10:00Z'),
      keys.webhookEvent('e1'),
      keys.adminAuthFailures('127.0.0.1'),
      keys.recoverySweepLock(),
    ]).toEqual([
      '{q}:deps:',
      '{q}:deps:article:1',
      '{q}:pagedeps:es:/politics/a',
      '{q}:deleted:es:/politics/a',
      '{q}:fence:es:/politics/a',
      '{q}:fence-mark:es:/politics/a',
      '{q}:page-failure:es:/politics/a',
      '{q}:page-failures:recovery',
      '{q}:page-render:es:/politics/a',
      '{q}:miss-none:es:/politics/a',
      '{q}:last-good:news:menu',
      '{q}:page-writes',
      '{q}:schedule:fronts:2025-01-01T10:00Z',
      '{q}:webhook:event:e1',
      '{q}:admin-auth-failures:127.0.0.1',
      '{q}:recovery-sweep:lock',
    ]);
  });

  it('names ingest keys inside the queue namespace as BullMQ would', () => {
    const queue = { toKey: (type: string) => `{q}:render:${type}` };
    const names = queueKeys(queue);
    expect([names.eventWindow('news:/a'), names.requestBound('news:/a'), names.afterActive('7'), names.republishScope('s-1', 'jobs')]).toEqual([
      '{q}:render:ingest-event-window:news:/a',
      '{q}:render:ingest-request-bound:news:/a',
      '{q}:render:ingest-after-active:7',
      '{q}:render:republish-scope:s-1:jobs',
    ]);
  });

  it('no service module builds a name from the prefix itself', () => {
    const builders = ['core', 'ingest', 'render-workers', 'edge-router', 'infra']
      .flatMap((dir) => sources(join(ROOT, dir)))
      .filter((path) => !path.endsWith('core/redis-keys.ts'))
      .filter((path) => /\$\{[^}]*[pP]refix[^}]*\}:/.test(readFileSync(path, 'utf8')))
      .map((path) => relative(ROOT, path));
    expect(builders).toEqual([]);
  });
});
