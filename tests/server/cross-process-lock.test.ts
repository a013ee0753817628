// Compare and swap holds across processes: two processes (a studio and a script, say) that replace
// one file from the same version, each with a check slow enough that both would pass it without a
// lock between them, end with exactly one saved and one conflict.
import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { fixtureSite } from '../fixtures/studio.ts';

const swap = path.join(import.meta.dirname, '..', 'fixtures', 'confined-swap.ts');
let root: string;
beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'cross-process-'));
  await cp(fixtureSite, path.join(root, 'site'), { recursive: true });
});
afterAll(() => rm(root, { recursive: true, force: true }));

it('of two processes replacing one file from one version, exactly one saves', async () => {
  const markers = path.join(root, 'markers');
  await mkdir(markers);
  const run = () =>
    promisify(execFile)(process.execPath, [swap, root, 'pages/contact.yaml', markers]).then(({ stdout }) =>
      stdout.trim(),
    );
  const outcomes = await Promise.all([run(), run()]);
  expect(outcomes.sort()).toEqual(['conflict', 'saved']);
  expect((await readFile(path.join(root, 'site', 'pages', 'contact.yaml'), 'utf8')).match(/# saved by/g)).toHaveLength(
    1,
  );
}, 60_000);
