// PUBLISH_NEEDS_APPROVAL as the server and `npm run releases` read it: off unless set to yes, and
// any other value stops them at start with the reason rather than being read as either.
import { expect, it } from 'vitest';
import { configFromEnv } from '../../server/config.ts';

const read = (value: string | undefined) => configFromEnv({ PUBLISH_NEEDS_APPROVAL: value }).approvalRequired;

it('is off when unset or empty, on for true, yes or 1 in any case, off for false, no or 0', () => {
  expect(read(undefined)).toBe(false);
  expect(read('')).toBe(false);
  for (const on of ['true', 'YES', ' 1 ']) expect(read(on)).toBe(true);
  for (const off of ['false', 'No', '0']) expect(read(off)).toBe(false);
});

it.each(['on', 'maybe', 'true false', '2'])('refuses %j at start, naming the setting', (value) => {
  expect(() => read(value)).toThrow(`PUBLISH_NEEDS_APPROVAL must be true or false, got "${value}"`);
});
