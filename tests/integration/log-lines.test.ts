/**
 * What an on-call engineer's log pipeline reads (docs/architecture.md "Logs"): during a normal
 * whole-site publish of both editions, every line every service writes is one JSON object with one
 * `component` key (the service: a second one, such as a layout component's position, made parsers
 * keep the last and lose the service name), and error-level lines are only what someone should act
 * on: the sample's own deliberate faults, none routine.
 */
import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { openSharedSite } from '../support/shared-stack.js';

let h: { logLines: string[] };

beforeAll(async () => {
  // The run's one whole-site publish of both editions (tests/support/global-setup.ts) is a normal
  // publish: its services' log lines, at debug level, from their start until it was done.
  const shared = await openSharedSite();
  await shared.close();
  expect(shared.published.failed).toEqual([]);
  h = { logLines: (await readFile(shared.publishLog, 'utf8')).split('\n').filter(Boolean) };
});

describe('log lines of a normal publish', () => {
  it('are JSON objects with exactly one component key, naming the service', () => {
    expect(h.logLines.length).toBeGreaterThan(500);
    const offending: string[] = [];
    for (const line of h.logLines) {
      const parsed = JSON.parse(line) as Record<string, unknown>;
      const keys = line.match(/"component":/g)?.length ?? 0;
      if (keys !== 1 || typeof parsed.component !== 'string') offending.push(line.slice(0, 300));
    }
    expect(offending).toEqual([]);
  });

  it('have no routine error lines: nothing at error level repeats for page after page', () => {
    const errors = h.logLines.map((line) => JSON.parse(line) as { level: string; message?: string }).filter((line) => line.level === 'error');
    const byMessage = new Map<string, number>();
    for (const line of errors) byMessage.set(line.message ?? '', (byMessage.get(line.message ?? '') ?? 0) + 1);
    // The carousel drops for an empty tag were 36 of 37 error lines of a publish: now warnings.
    expect(errors.filter((line) => (line.message ?? '').includes('dropped: no content for tags'))).toEqual([]);
    const drops = h.logLines.filter((line) => line.includes('dropped: no content for tags'));
    expect(drops.length).toBeGreaterThan(0);
    for (const line of drops) expect((JSON.parse(line) as { level: string }).level).toBe('warn');
    expect([...byMessage.entries()].filter(([, count]) => count > 5)).toEqual([]);
  });
});
