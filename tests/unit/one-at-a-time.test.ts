// The costly-answer cache of the studio's list of unpublished changes (scripts/studio/one-at-a-time.ts):
// requests for the same state share one computation, requests for different states run one after
// another, never together, and a failure is computed again on the next request.
import { expect, it } from 'vitest';
import { oneAtATime } from '../../scripts/studio/one-at-a-time.ts';

it('shares one computation per key and runs one at a time, whatever comes in together', async () => {
  const cached = oneAtATime<string>();
  let running = 0;
  let most = 0;
  const runs: string[] = [];
  const compute = (key: string) => async () => {
    running++;
    most = Math.max(most, running);
    runs.push(key);
    await new Promise((resolve) => setImmediate(resolve));
    running--;
    return `answer ${key}`;
  };
  const asked = ['a', 'a', 'b', 'b', 'a', 'c', 'c'].map((key) => cached(key, compute(key)));
  expect(await Promise.all(asked)).toEqual(['a', 'a', 'b', 'b', 'a', 'c', 'c'].map((key) => `answer ${key}`));
  expect(most).toBe(1);
  // "a" again after "b": only the last state is kept, so it is computed again, in turn.
  expect(runs).toEqual(['a', 'b', 'a', 'c']);
  expect(await cached('c', compute('c'))).toBe('answer c');
  expect(runs).toHaveLength(4);
});

it('computes a failed answer again', async () => {
  const cached = oneAtATime<number>();
  await expect(cached('k', () => Promise.reject(new Error('git failed')))).rejects.toThrow('git failed');
  expect(await cached('k', async () => 7)).toBe(7);
});
