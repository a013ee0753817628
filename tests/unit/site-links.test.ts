// A symbolic link in site/images (to /etc/passwd, say) is reported by validation at the file, stops
// the build naming it (rather than being copied into dist/ and published), and a link in a build
// stops the production server from starting rather than being served.
import { cp, mkdtemp, readFile, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { formatError } from '../../scripts/content/errors.ts';
import { loadSite } from '../../scripts/content/load-site.ts';
import { buildSite } from '../../scripts/build.ts';
import { openBuild } from '../../server/plugins/build-files.ts';
import { fixtureSite } from '../fixtures/studio.ts';
import { writeDist } from '../fixtures/dist-fixture.ts';
import { projectRoot } from '../fixtures/fixture-site.ts';

let root: string;
beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'site-links-'));
  await cp(fixtureSite, path.join(root, 'site'), { recursive: true });
});
afterEach(() => rm(root, { recursive: true, force: true }));

it('validation reports a link in site/images at the file, and one leading out of site/ anywhere', async () => {
  await symlink('/etc/passwd', path.join(root, 'site', 'images', 'passwd.png'));
  await symlink('/etc', path.join(root, 'site', 'pages', 'etc'));
  const { errors } = await loadSite({ root, includeDrafts: true });
  const messages = errors.map(formatError);
  expect(messages).toContainEqual(
    expect.stringMatching(/^site\/images\/passwd\.png:1:1 +is a symbolic link; site\/images holds only real files/),
  );
  expect(messages).toContainEqual(
    expect.stringMatching(/^site\/pages\/etc:1:1 +is a symbolic link leading outside site\//),
  );
});

it('the build refuses a link in site/images, naming the file, and publishes nothing from it', async () => {
  await symlink('/etc/passwd', path.join(root, 'site', 'images', 'passwd.png'));
  const outDir = path.join(root, 'dist');
  const error = await buildSite({ root: projectRoot, contentRoot: root, outDir, quiet: true }).then(
    () => undefined,
    (e: unknown) => e as Error,
  );
  expect(error?.message).toContain('site/images/passwd.png');
  expect(error?.message).toContain('symbolic link');
  expect(await readFile(path.join(outDir, 'images', 'passwd.png'), 'utf8').catch(() => 'not there')).toBe('not there');
}, 300_000);

it('the production server refuses to start on a build holding a link, naming it', async () => {
  const dist = await writeDist();
  try {
    await symlink('/etc/passwd', path.join(dist, 'images', 'passwd.svg'));
    await expect(openBuild(dist)).rejects.toThrow(/^dist\/images\/passwd\.svg is a symbolic link/);
  } finally {
    await rm(path.dirname(dist), { recursive: true, force: true });
  }
});
