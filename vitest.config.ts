import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['**/*.test.ts', '**/*.test.tsx'],
    exclude: ['node_modules/**', '**/dist/**', '.data/**'],
    // Integration tests start real servers (Redis, s3rver, Chromium); give them room on a 2-core box.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // expect.poll waits on real round trips (an /api/ call, a React re-render in Chromium); vitest's
    // own 1 s default is routinely exceeded when both cores run test files that start servers.
    expect: { poll: { timeout: 10_000, interval: 50 } },
    pool: 'forks',
    maxWorkers: 2,
  },
});
