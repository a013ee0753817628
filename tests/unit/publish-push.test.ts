// PUBLISH_PUSH and RELEASES_DIR as the server reads them: a remote and a branch, or nothing; each
// malformed value stops the server at start with the reason, never becomes a git argument.
import path from 'node:path';
import { expect, it } from 'vitest';
import { configFromEnv, parsePublishPush } from '../../server/config.ts';

it('reads "REMOTE BRANCH", a branch with slashes included, and nothing when unset', () => {
  expect(parsePublishPush('origin main')).toEqual({ remote: 'origin', branch: 'main' });
  expect(parsePublishPush('  upstream   release/site  ')).toEqual({ remote: 'upstream', branch: 'release/site' });
  expect(parsePublishPush(undefined)).toBeUndefined();
  expect(parsePublishPush(' ')).toBeUndefined();
});

it.each([
  ['origin', 'no branch'],
  ['origin main extra', 'a third word'],
  ['--upload-pack=evil main', 'an option for a remote'],
  ['origin -f', 'an option for a branch'],
  ['origin ../main', 'a ".." in the branch'],
  ['origin a//b', 'an empty step in the branch'],
  ['origin main.lock', 'a branch git refuses'],
  ['origin ma;in', 'a character no ref has'],
])('refuses %j (%s)', (value) => {
  expect(() => parsePublishPush(value)).toThrow(/PUBLISH_PUSH must be a git remote and a branch, like "origin main"/);
});

it('puts the releases under DATA_DIR unless RELEASES_DIR names a folder shared by the instances', () => {
  expect(configFromEnv({ DATA_DIR: '/var/lib/site/1' }, '/srv').releasesDir).toBe('/var/lib/site/1/releases');
  expect(configFromEnv({}, '/srv').releasesDir).toBe(path.join('/srv', 'var', 'releases'));
  expect(configFromEnv({ DATA_DIR: 'data', RELEASES_DIR: '/var/lib/site/releases' }, '/srv').releasesDir).toBe(
    '/var/lib/site/releases',
  );
});
