import { defineConfig } from 'vitest/config';
import { WaitingFilesFirstSequencer } from './tests/support/sequencer.js';

/**
 * React's production build for the run (ADR 0043), as deployed (infra/docker/Dockerfile sets
 * NODE_ENV=production): the global setup's shared site, every suite file and the child processes
 * they start render with it. vitest has set NODE_ENV to 'test' by the time it reads this file, and
 * hands the value on to the worker processes it starts after. The unit project alone sets it back
 * to 'development' for its workers, and fails a test on any warning React prints there.
 */
process.env.NODE_ENV = 'production';

/**
 * Lighthouse's performance score is a measurement of main-thread time: it is only meaningful on a
 * machine that is not also running the rest of the suite. Its file therefore runs in a project of
 * its own, alone, after every other test file has finished (sequence.groupOrder).
 */
const LIGHTHOUSE = 'tests/e2e/lighthouse.test.ts';
const EXCLUDE = ['node_modules/**', '**/dist/**', '.data/**'];
/** The unit tests, beside the code they test. The files under tests/ (integration, browser, security, reliability, load, and their helpers' own tests) are the suite project. */
const UNIT = ['core', 'edge-router', 'infra', 'ingest', 'interactive-bundle', 'render-workers'].flatMap((dir) => [`${dir}/**/*.test.ts`, `${dir}/**/*.test.tsx`]);

/** Settings of every project (spelled out in each, not inherited: see globalSetup below). */
const COMMON = {
  // Integration tests start real servers (Redis, s3rver, Chromium); give them room on a 2-core box.
  testTimeout: 30_000,
  hookTimeout: 60_000,
  // expect.poll waits on real round trips (an /api/ call, a React re-render in Chromium); vitest's
  // own 1 s default is routinely exceeded when both cores run test files that start servers.
  expect: { poll: { timeout: 10_000, interval: 50 } },
};

export default defineConfig({
  test: {
    ...COMMON,
    // One bundle build, one Redis and one published site for the whole run (ADR 0032). Set on the
    // root project only: a project that extends the root would run it again for itself, and the
    // projects see what the root provides.
    globalSetup: ['tests/support/global-setup.ts'],
    // Four worker processes on a 2-core machine, each running its files one after another
    // (forks, not threads: test files start child processes and servers, and one sets
    // process.env). A worker serves one project, and the unit and suite files share its modules
    // (ADR 0038, ADR 0042); Lighthouse's gets a fresh process. More lanes than cores: many suite
    // files spend most of their time waiting on purpose (a 90 s storage outage, a lock left to
    // expire, a grace period), and the other lanes work beside them. On an idle 2-core machine the
    // run took 419 s with two and 362 s with three (ADR 0045); a fourth added nothing while the
    // browser tests ran full Chromium. With its headless shell (ADR 0046), 307 s with three and
    // 295 s with four (2026-11-28).
    pool: 'forks',
    maxWorkers: 4,
    // The files that mostly wait start first, beside the others (tests/support/sequencer.ts).
    sequence: { sequencer: WaitingFilesFirstSequencer },
    projects: [
      {
        test: {
          ...COMMON,
          name: 'unit',
          include: UNIT,
          exclude: EXCLUDE,
          // The unit files share their worker's module graph instead of importing it again for
          // each file (docs/adr/0038-unit-tests-share-modules.md): importing the graph (React, the
          // AWS SDK, zod schemas) cost more than running most of them, about 115 of the
          // unit tests' 176 s. They leave no global state behind: none sets process.env, mocks
          // a module or stubs a global, and the full set passes in one process.
          isolate: false,
          // React's development build, whose checks (keys, DOM property names, hooks) only print: every
          // warning fails the test it happened in (tests/support/react-warnings.ts, ADR 0043).
          env: { NODE_ENV: 'development' },
          setupFiles: ['tests/support/react-warnings.ts'],
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          ...COMMON,
          name: 'suite',
          include: ['tests/**/*.test.ts', 'tests/**/*.test.tsx'],
          exclude: [...EXCLUDE, LIGHTHOUSE],
          // These files share their worker's module graph too (docs/adr/0042-test-files-share-modules.md):
          // each used to import React, the AWS SDK, playwright-core and the services again, about
          // 3 s a file. Every file closes what it starts, restores what it changes, and changes
          // no module's state (the sample's starter data is frozen).
          isolate: false,
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: { ...COMMON, name: 'lighthouse', include: [LIGHTHOUSE], exclude: EXCLUDE, sequence: { groupOrder: 1 } },
      },
    ],
  },
});
