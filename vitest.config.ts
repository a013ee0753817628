import { defineConfig } from 'vitest/config';

// Two projects: fast unit and server tests (no browser), and browser tests against the real
// built site served by the real server, run one file at a time on this 2-core machine.
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['tests/unit/**/*.test.ts', 'tests/server/**/*.test.ts'], environment: 'node', testTimeout: 30_000 } },
      { test: { name: 'browser', include: ['tests/browser/**/*.test.ts'], environment: 'node', testTimeout: 60_000, hookTimeout: 180_000, fileParallelism: false } },
    ],
  },
});
