// The build cache's rules (scripts/site-build/build-cache.ts): what the bundles' key covers, how a
// stored bundle is verified, and what pruning keeps. Whole builds: incremental-build.test.ts.
import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  BundleCache,
  buildCacheLimit,
  bundleInputsKey,
  bundleSources,
  type BundleInputs,
} from '../../scripts/site-build/build-cache.ts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'build-cache-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('the bundles key', () => {
  const inputs = (): BundleInputs => ({
    projectRoot: dir,
    shell: '{"settings":{}}',
    mode: 'production',
    includeDrafts: false,
  });

  /** A project with one file in each source (a file in each folder source, the file itself otherwise). */
  async function project() {
    for (const source of bundleSources) {
      const file = path.extname(source) ? source : path.join(source, 'nested', 'module.ts');
      await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
      await writeFile(path.join(dir, file), `// ${source}\n`);
    }
  }

  it('changes with any file of any source, a new file, the shell, the mode, the drafts flag and a .env file', async () => {
    await project();
    const seen = new Set([await bundleInputsKey(inputs())]);
    const changes: (() => Promise<unknown>)[] = [
      ...bundleSources.map((source) => () => {
        const file = path.extname(source) ? source : path.join(source, 'nested', 'module.ts');
        return writeFile(path.join(dir, file), `// ${source}, changed\n`);
      }),
      () => writeFile(path.join(dir, 'src', 'added.ts'), 'export {};\n'),
      () => writeFile(path.join(dir, '.env.production'), 'VITE_GREETING=hello\n'),
    ];
    for (const change of changes) {
      await change();
      const key = await bundleInputsKey(inputs());
      expect(seen.has(key)).toBe(false);
      seen.add(key);
    }
    const last = await bundleInputsKey(inputs());
    expect(await bundleInputsKey({ ...inputs(), shell: '{"settings":{"name":"x"}}' })).not.toBe(last);
    expect(await bundleInputsKey({ ...inputs(), mode: 'development' })).not.toBe(last);
    expect(await bundleInputsKey({ ...inputs(), includeDrafts: true })).not.toBe(last);
  });

  it('stays the same for files that reach no bundle (docs, tests, the content)', async () => {
    await project();
    const before = await bundleInputsKey(inputs());
    for (const file of ['docs/guide.md', 'tests/unit/a.test.ts', 'site/blog/a.md', 'scripts/studio/plugin.ts']) {
      await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
      await writeFile(path.join(dir, file), 'anything\n');
    }
    expect(await bundleInputsKey(inputs())).toBe(before);
  });
});

describe('stored bundles', () => {
  const store = (cache: BundleCache, key: string) =>
    cache.put(key, async (folder) => {
      await mkdir(path.join(folder, 'client', 'assets'), { recursive: true });
      await mkdir(path.join(folder, 'ssr'), { recursive: true });
      await writeFile(path.join(folder, 'client', 'assets', 'app.js'), `console.log(${JSON.stringify(key)});`);
      await writeFile(path.join(folder, 'ssr', 'entry-server.js'), 'export {};');
    });

  it('are read back verified, and one damaged is removed', async () => {
    const cache = new BundleCache(dir);
    const stored = await store(cache, 'a'.repeat(32));
    expect(await cache.get('a'.repeat(32))).toEqual(stored);
    expect(await cache.get('b'.repeat(32))).toBeUndefined();
    await writeFile(path.join(stored.clientDir, 'assets', 'app.js'), 'damaged');
    expect(await cache.get('a'.repeat(32))).toBeUndefined();
    expect(cache.stats.damaged).toBe(1);
    expect(await readdir(cache.dir)).toEqual([]);
  });

  it('are pruned to the most recently used, with the temporary folders of builds no longer running', async () => {
    const cache = new BundleCache(dir);
    const keys = ['1', '2', '3', '4', '5', '6'].map((digit) => digit.repeat(32));
    for (const [index, key] of keys.entries()) {
      await store(cache, key);
      const time = new Date(Date.now() - (keys.length - index) * 60_000);
      await utimes(path.join(cache.dir, key, 'files.json'), time, time);
    }
    // The oldest, used again now, is kept.
    await cache.get(keys[0]);
    const dead = path.join(cache.dir, `.${'7'.repeat(32)}.999999999-abcdef.tmp`);
    const alive = path.join(cache.dir, `.${'8'.repeat(32)}.${process.pid}-abcdef.tmp`);
    await mkdir(dead);
    await mkdir(alive);
    expect(await cache.prune(4)).toBe(2);
    expect((await readdir(cache.dir)).sort()).toEqual(
      [path.basename(alive), keys[0], keys[3], keys[4], keys[5]].sort(),
    );
  });
});

describe('BUILD_CACHE_MAX_MB', () => {
  afterEach(() => {
    delete process.env.BUILD_CACHE_MAX_MB;
  });

  it('is 1 GB unless set, and a size in megabytes when set', () => {
    expect(buildCacheLimit()).toBe(1024 * 1024 * 1024);
    process.env.BUILD_CACHE_MAX_MB = '10';
    expect(buildCacheLimit()).toBe(10 * 1024 * 1024);
  });

  it.each(['0', '-5', 'lots'])('refuses %j with a message naming the setting', (value) => {
    process.env.BUILD_CACHE_MAX_MB = value;
    expect(() => buildCacheLimit()).toThrow(
      `BUILD_CACHE_MAX_MB must be a number of megabytes above 0, not "${value}".`,
    );
  });
});
