// shared/confined-files.ts and confined-writes.ts on the real file system: every path that could
// leave the root is refused (encoded or not), links leading out and any link in site/images are
// refused, a pipe or folder is not a file, and writes neither leave the root through a swapped
// folder, nor overwrite on create, nor lose a compare-and-swap race.
import { execFileSync } from 'node:child_process';
import {
  lstat,
  mkdir,
  mkdtemp,
  open,
  readdir,
  readFile,
  readlink,
  rename,
  rm,
  symlink,
  writeFile,
} from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { copyFiles, listFiles } from '../../shared/confined-listing.ts';
import {
  ConfinedFileError,
  pathFromUrl,
  readConfined,
  readConfinedSync,
  relativePath,
  siteFiles,
  type Confinement,
} from '../../shared/confined-files.ts';
import { cleanTemporaryFiles, createFile, replaceFile } from '../../shared/confined-writes.ts';

let root: string;
let outside: string;
let site: Confinement;
const sitePath = (...parts: string[]) => path.join(root, 'site', ...parts);
const refusal = async (work: Promise<unknown>) => {
  const error = await work.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error, 'expected a refusal').toBeInstanceOf(ConfinedFileError);
  return error as ConfinedFileError;
};

beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'confined-'));
  outside = await mkdtemp(path.join(tmpdir(), 'confined-outside-'));
  await writeFile(path.join(outside, 'secret.txt'), 'top secret');
  await mkdir(sitePath('images', 'blog'), { recursive: true });
  await mkdir(sitePath('pages'), { recursive: true });
  await writeFile(sitePath('pages', 'home.yaml'), 'title: Home\n');
  await writeFile(sitePath('images', 'logo.png'), 'png');
  await writeFile(path.join(root, 'package.json'), '{"name":"outside-site"}');
  site = siteFiles(root);
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
  await rm(outside, { recursive: true, force: true });
});

describe('paths from requests are decoded before they are judged', () => {
  const traversals = [
    '/images/%2e%2e%2f%2e%2e%2fpackage.json',
    '/images/%2E%2E%2F%2E%2E%2Fpackage.json',
    '/images/blog/%2e%2e%2f%2e%2e%2f%2e%2e%2fpackage.json',
    '/images/..%2f..%2fpackage.json',
    '/images/%2e%2e/%2e%2e/package.json',
    '/images/..%5c..%5cpackage.json',
    '/images/%5c..%5cpackage.json',
    '/images/logo.png%00.svg',
    '//etc/passwd',
    '/%2fetc%2fpasswd',
    '/images/.%2e/x',
    '/images/%2e/logo.png',
    '/images//logo.png',
    '/images/%E0%A4%A',
  ];
  it.each(traversals)('%s is refused as a path', (url) => {
    expect(() => pathFromUrl(site, url)).toThrow(ConfinedFileError);
    try {
      pathFromUrl(site, url);
    } catch (error) {
      expect((error as ConfinedFileError).code).toBe('bad-path');
    }
  });

  it('an ordinary encoded name is decoded once', () => {
    expect(pathFromUrl(site, '/images/a%20b.png')).toBe('images/a b.png');
    // %252e is the name "%2e", not a dot: decoded once, never twice.
    expect(pathFromUrl(site, '/images/%252e%252e')).toBe('images/%2e%2e');
  });

  it.each([
    '/etc/passwd',
    'pages/\0home.yaml',
    'pages/../../package.json',
    'pages\\home.yaml',
    'pages/.home.yaml.123-abcdef01.tmp',
    '',
    'pages/home.yaml\n',
  ])('relative path %j is refused', (input) => {
    expect(() => relativePath(site, input)).toThrow(ConfinedFileError);
  });
});

describe('reading', () => {
  it('reads a real file inside the root', async () => {
    expect((await readConfined(site, 'pages/home.yaml')).toString()).toBe('title: Home\n');
  });

  it('refuses a symbolic link leading out, naming the file', async () => {
    await symlink(path.join(outside, 'secret.txt'), sitePath('pages', 'secret.yaml'));
    const error = await refusal(readConfined(site, 'pages/secret.yaml'));
    expect(error.code).toBe('outside');
    expect(error.message).toMatch(/^site\/pages\/secret\.yaml is a symbolic link leading outside site\//);
    expect((await listFiles(site)).refused.map((e) => e.file)).toEqual(['site/pages/secret.yaml']);
  });

  it('follows a link that stays inside site/ outside site/images', async () => {
    await symlink(sitePath('pages', 'home.yaml'), sitePath('pages', 'alias.yaml'));
    expect((await readConfined(site, 'pages/alias.yaml')).toString()).toBe('title: Home\n');
    expect((await listFiles(site)).files).toContain('pages/alias.yaml');
  });

  it('refuses any link in site/images, even one to another image there', async () => {
    await symlink(sitePath('images', 'logo.png'), sitePath('images', 'copy.png'));
    await symlink('/etc/passwd', sitePath('images', 'passwd.png'));
    for (const file of ['images/copy.png', 'images/passwd.png']) {
      const error = await refusal(readConfined(site, file));
      expect(error.code).toBe('link');
      expect(error.message).toContain(`site/${file} is a symbolic link`);
    }
    const listing = await listFiles(site, 'images');
    expect(listing.files).toEqual(['images/logo.png']);
    expect(listing.refused.map((e) => e.relative)).toEqual(['images/copy.png', 'images/passwd.png']);
  });

  it('refuses a file reached through a folder that is a link', async () => {
    await symlink(outside, sitePath('pages', 'linked'));
    expect((await refusal(readConfined(site, 'pages/linked/secret.txt'))).code).toBe('outside');
    await rm(sitePath('images', 'blog'), { recursive: true });
    await symlink(sitePath('pages'), sitePath('images', 'blog'));
    expect((await refusal(readConfined(site, 'images/blog/home.yaml'))).code).toBe('link');
    expect((await listFiles(site)).refused.map((e) => e.relative).sort()).toEqual(['images/blog', 'pages/linked']);
  });

  it('refuses a FIFO (without waiting for a writer) and a folder where a file is expected', async () => {
    execFileSync('mkfifo', [sitePath('pages', 'pipe.yaml')]);
    const pipe = await refusal(readConfined(site, 'pages/pipe.yaml'));
    expect(pipe.code).toBe('not-a-file');
    expect(pipe.message).toContain('site/pages/pipe.yaml is a named pipe (FIFO)');
    expect((await refusal(readConfined(site, 'images/blog'))).code).toBe('not-a-file');
    expect((await listFiles(site)).refused.map((e) => e.relative)).toEqual(['pages/pipe.yaml']);
  });

  it('the synchronous reader refuses the same, and leaves a file over its limit unread', async () => {
    await symlink('/etc/passwd', sitePath('images', 'passwd.png'));
    await symlink(path.join(outside, 'secret.txt'), sitePath('pages', 'secret.yaml'));
    expect(() => readConfinedSync(site, 'images/passwd.png')).toThrow(/site\/images\/passwd\.png .*symbolic link/);
    expect(() => readConfinedSync(site, 'pages/secret.yaml')).toThrow(/leading outside site\//);
    expect(() => readConfinedSync(site, 'images/blog')).toThrow(/is a folder, not a regular file/);
    expect(() => readConfinedSync(site, 'images/none.png')).toThrow(/does not exist/);
    expect(readConfinedSync(site, 'images/logo.png')?.toString()).toBe('png');
    expect(readConfinedSync(site, 'images/logo.png', 2)).toBeUndefined();
  });

  it('a missing file is "missing", and hidden names are not listed', async () => {
    expect((await refusal(readConfined(site, 'pages/none.yaml'))).code).toBe('missing');
    await writeFile(sitePath('pages', '.home.yaml.1-abcdef012345.tmp'), '');
    expect((await listFiles(site)).files).toEqual(['images/logo.png', 'pages/home.yaml']);
  });

  it('the build copy refuses a link in site/images, naming it, and copies no hidden file', async () => {
    const out = path.join(root, 'dist-images');
    await writeFile(sitePath('images', '.logo.png.1-abcdef012345.tmp'), '');
    expect(await copyFiles(site, 'images', out)).toEqual(['images/logo.png']);
    expect(await readdir(out)).toEqual(['logo.png']);
    await symlink('/etc/passwd', sitePath('images', 'blog', 'passwd.png'));
    const error = await refusal(copyFiles(site, 'images', path.join(root, 'dist-2')));
    expect(error.file).toBe('site/images/blog/passwd.png');
  });
});

describe('writing', () => {
  it('creates a file exclusively: of two creates of one name, one lands and the other is refused', async () => {
    const results = await Promise.allSettled([
      createFile(site, 'images/up.png', 'first'),
      createFile(site, 'images/up.png', 'second'),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    const rejected = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect((rejected.reason as ConfinedFileError).code).toBe('exists');
    const winner = results[0].status === 'fulfilled' ? 'first' : 'second';
    expect(await readFile(sitePath('images', 'up.png'), 'utf8')).toBe(winner);
    expect((await refusal(createFile(site, 'pages/home.yaml', 'x'))).code).toBe('exists');
    expect(await readFile(sitePath('pages', 'home.yaml'), 'utf8')).toBe('title: Home\n');
  });

  it('compare and swap: of many replacements based on one version, exactly one lands', async () => {
    const based = (await readConfined(site, 'pages/home.yaml')).toString();
    const attempts = Array.from({ length: 8 }, (_, i) =>
      replaceFile(site, 'pages/home.yaml', `title: Edit ${i}\n`, {
        expect: (current) => {
          if (current?.toString() !== based) throw new Error('conflict');
        },
      }),
    );
    const results = await Promise.allSettled(attempts);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(
      results.filter((r) => r.status === 'rejected').map((r) => ((r as PromiseRejectedResult).reason as Error).message),
    ).toEqual(Array(7).fill('conflict'));
  });

  it('writes into a new folder, refuses a folder that is a link, and writes nothing outside', async () => {
    await createFile(site, 'pages/a/b/new.yaml', 'title: New\n');
    expect(await readFile(sitePath('pages', 'a', 'b', 'new.yaml'), 'utf8')).toBe('title: New\n');
    await symlink(outside, sitePath('pages', 'linked'));
    const error = await refusal(createFile(site, 'pages/linked/evil.yaml', 'x'));
    expect(error.code).toBe('link');
    expect(error.file).toBe('site/pages/linked');
    expect((await refusal(replaceFile(site, 'pages/linked/secret.txt', 'x'))).code).toBe('link');
    expect(await readdir(outside)).toEqual(['secret.txt']);
    expect(await readFile(path.join(outside, 'secret.txt'), 'utf8')).toBe('top secret');
  });

  it('refuses to replace a file that is a link, rather than overwrite its target', async () => {
    await symlink(path.join(outside, 'secret.txt'), sitePath('pages', 'secret.yaml'));
    expect((await refusal(replaceFile(site, 'pages/secret.yaml', 'x'))).code).toBe('link');
    expect(await readFile(path.join(outside, 'secret.txt'), 'utf8')).toBe('top secret');
  });

  it('a parent folder swapped for a link between check and write is refused, and nothing lands outside', async () => {
    await mkdir(sitePath('pages', 'sub'));
    const swap = async () => {
      await rename(sitePath('pages', 'sub'), sitePath('pages', 'sub-moved'));
      await symlink(outside, sitePath('pages', 'sub'));
    };
    const error = await refusal(createFile(site, 'pages/sub/evil.yaml', 'x', { beforeOpen: swap }));
    expect(error.code).toBe('link');
    expect(await readdir(outside)).toEqual(['secret.txt']);
    // A folder higher up swapped the same way.
    await rm(sitePath('pages', 'sub'));
    await rename(sitePath('pages', 'sub-moved'), sitePath('pages', 'sub'));
    await mkdir(sitePath('pages', 'sub', 'deeper'));
    await mkdir(path.join(outside, 'deeper'));
    const swapHigher = async () => {
      await rename(sitePath('pages', 'sub'), sitePath('pages', 'sub-moved'));
      await symlink(outside, sitePath('pages', 'sub'));
    };
    expect((await refusal(replaceFile(site, 'pages/sub/deeper/evil.yaml', 'x', { beforeOpen: swapHigher }))).code).toBe(
      'link',
    );
    expect(await readdir(path.join(outside, 'deeper'))).toEqual([]);
  });

  it('racing a folder swapped back and forth never writes outside (bounded race)', async () => {
    await mkdir(sitePath('pages', 'race'));
    await mkdir(path.join(root, 'parked'));
    let running = true;
    const swapper = (async () => {
      for (let i = 0; running && i < 2000; i++) {
        await rename(sitePath('pages', 'race'), path.join(root, 'parked', 'race')).catch(() => undefined);
        await symlink(outside, sitePath('pages', 'race')).catch(() => undefined);
        await new Promise((resolve) => setImmediate(resolve));
        await rm(sitePath('pages', 'race'), { force: true }).catch(() => undefined);
        await rename(path.join(root, 'parked', 'race'), sitePath('pages', 'race')).catch(() => undefined);
      }
    })();
    let written = 0;
    try {
      for (let i = 0; i < 150; i++) {
        await replaceFile(site, `pages/race/file-${i}.yaml`, 'x').then(
          () => written++,
          (error: unknown) => expect(error).toBeInstanceOf(ConfinedFileError),
        );
      }
    } finally {
      running = false;
      await swapper;
    }
    expect(await readdir(outside)).toEqual(['secret.txt']);
    // Whatever was written is in the real folder (wherever the swapper left it), never outside.
    const landed = [
      ...(await readdir(sitePath('pages', 'race')).catch(() => [])),
      ...(await readdir(path.join(root, 'parked', 'race')).catch(() => [])),
    ];
    expect(landed.filter((name) => name.endsWith('.yaml')).length).toBe(written);
  });

  it('fsyncs the temporary file before it replaces the target, then the folder, and leaves no temporary file', async () => {
    const probe = await open(sitePath('pages', 'home.yaml'), 'r');
    const prototype = Object.getPrototypeOf(probe) as { sync: () => Promise<void> };
    await probe.close();
    const synced: string[] = [];
    const original = prototype.sync;
    const spy = vi.spyOn(prototype, 'sync').mockImplementation(async function (this: { fd: number }) {
      const target = await readlink(`/proc/self/fd/${this.fd}`);
      synced.push(target.startsWith(sitePath('pages')) ? path.relative(sitePath(), target) : target);
      return original.call(this);
    });
    try {
      await replaceFile(site, 'pages/home.yaml', 'title: Synced\n');
    } finally {
      spy.mockRestore();
    }
    expect(synced).toHaveLength(2);
    expect(synced[0]).toMatch(/^pages\/\.home\.yaml\.\d+-[0-9a-f]+\.tmp$/);
    expect(synced[1]).toBe('pages');
    expect(await readFile(sitePath('pages', 'home.yaml'), 'utf8')).toBe('title: Synced\n');
    expect(await readdir(sitePath('pages'))).toEqual(['home.yaml']);
    // The replaced file keeps being a regular file (not a link, not the temporary one's name).
    expect((await lstat(sitePath('pages', 'home.yaml'))).isFile()).toBe(true);
  });

  it('cleans the temporary files of writers no longer running, and keeps those of running ones', async () => {
    await writeFile(sitePath('pages', '.home.yaml.999999999-abcdef012345.tmp'), '');
    await writeFile(sitePath('images', '.logo.png.0123456789ab.tmp'), '');
    const live = `.home.yaml.${process.pid}-abcdef012345.tmp`;
    await writeFile(sitePath('pages', live), '');
    expect(await cleanTemporaryFiles(site)).toEqual([
      'images/.logo.png.0123456789ab.tmp',
      'pages/.home.yaml.999999999-abcdef012345.tmp',
    ]);
    expect((await readdir(sitePath('pages'))).sort()).toEqual([live, 'home.yaml']);
  });
});
