// kill -9 in the middle of a write through shared/confined-writes.ts (a real child process): the file
// is either the old or a new whole version, and the temporary file left behind is removed by the
// cleanup that the studio runs at start, as do npm run validate and the build (which do not trip
// on it meanwhile).
import { spawnSync } from 'node:child_process';
import { cp, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { siteFiles } from '../../shared/confined-files.ts';
import { cleanTemporaryFiles } from '../../shared/confined-writes.ts';
import { loadSite } from '../../scripts/content/load-site.ts';
import { fixtureSite } from '../fixtures/studio.ts';
import { killMidWrite } from '../fixtures/killed-write.ts';

let root: string;
beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'killed-write-'));
  await cp(fixtureSite, path.join(root, 'site'), { recursive: true });
});
afterAll(() => rm(root, { recursive: true, force: true }));

it('a write killed with SIGKILL leaves the old or a whole new file, and its temporary file is cleaned', async () => {
  const left = await killMidWrite(root, 'images/killed.bin');
  expect(left.length).toBeGreaterThan(0);
  const text = await readFile(path.join(root, 'site', 'images', 'killed.bin'), 'utf8').catch(() => undefined);
  if (text !== undefined) expect(text).toMatch(/^# round \d+\nx{16777216}\n$/);
  // Validation does not trip on the leftover: it is not content, and it is not reported.
  const result = await loadSite({ root, includeDrafts: true });
  expect(result.errors.filter((e) => e.file.includes('.tmp'))).toEqual([]);
  expect((await cleanTemporaryFiles(siteFiles(root))).map((f) => path.basename(f))).toEqual(left.sort());
  expect((await readdir(path.join(root, 'site', 'images'))).filter((name) => name.endsWith('.tmp'))).toEqual([]);
}, 120_000);

it('npm run validate removes such leftovers, and reports none of them', async () => {
  const left = await killMidWrite(root, 'images/killed-again.bin');
  expect(left.length).toBeGreaterThan(0);
  const run = spawnSync(process.execPath, [path.join(import.meta.dirname, '..', '..', 'scripts', 'validate.ts')], {
    env: { ...process.env, SITE_ROOT: root, CI: '' },
    encoding: 'utf8',
  });
  expect(`${run.stdout}${run.stderr}`).not.toContain('.tmp');
  expect((await readdir(path.join(root, 'site', 'images'))).filter((name) => name.endsWith('.tmp'))).toEqual([]);
}, 120_000);
