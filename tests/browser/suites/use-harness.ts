// The suites here are shared by the engine tests (on the fixture site) and the spec check (on the
// real site): each file starts one server and browser for all its tests, the shared and its own.
import { afterAll, beforeAll } from 'vitest';
import type { ServerConfig } from '../../../server/config.ts';
import { startHarness, type Harness } from '../harness.ts';

/** Starts the harness before the file's tests and closes it after; the getter returns it inside a test. */
export function useHarness(overrides: Partial<ServerConfig> = {}): () => Harness {
  let h: Harness | undefined;
  beforeAll(async () => {
    h = await startHarness(overrides);
  });
  afterAll(async () => {
    await h?.close();
  });
  return () => {
    if (!h) throw new Error('The harness is not started: call the getter inside a test, not while registering tests.');
    return h;
  };
}
