import { defineConfig } from 'vitest/config';

// Three projects. `unit`: fast unit and server tests (no browser). `browser`: the engine on the
// fixture site (tests/fixture-site, built once by the global setup) and the content-generic checks
// of site/, in a real browser against the real server, one file at a time on this 2-core machine.
// `spec`: the shipped copy against the product spec, outside `npm test` (`npm run spec-check`).
// Timeouts are sized for CI's 2-core machine while something else keeps both cores busy: a browser
// test there takes two to five times as long as on a quiet one. They bound a hang; the tests wait
// on conditions, never for a fixed time, so a generous bound costs nothing when all is well.
// expect.poll waits 15 s unless told otherwise (vitest's own 1 s ran out while one evaluate in a
// browser took longer than that on a machine with a load of 10).
const poll = { poll: { timeout: 15_000 } };
const browser = {
  environment: 'node',
  testTimeout: 120_000,
  hookTimeout: 300_000,
  fileParallelism: false,
  expect: poll,
} as const;

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts', 'tests/server/**/*.test.ts'],
          environment: 'node',
          // Vitest's default on two cores is one worker; these files spend most of their time
          // waiting on child processes, git and sockets, so three at once keep both cores busy.
          maxWorkers: 3,
          testTimeout: 60_000,
          expect: poll,
        },
      },
      {
        test: {
          name: 'browser',
          include: ['tests/browser/**/*.test.ts'],
          globalSetup: ['tests/browser/global-setup.ts'],
          ...browser,
        },
      },
      { test: { name: 'spec', include: ['tests/spec/**/*.test.ts'], ...browser } },
    ],
  },
});
