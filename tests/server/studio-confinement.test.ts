// The real studio (`npm run studio`, which is the preview plus the studio) on a temporary copy of the
// fixture site, attacked through its files: encoded traversal in /images/, a link in site/images, a
// new page into a folder that is a link, saves and uploads sent together, and what a killed write
// left behind before the start.
import { cp, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { copyProject } from '../fixtures/project-copy.ts';
import { killMidWrite } from '../fixtures/killed-write.ts';
import { fixtureSite, startStudio, studioFetch, type TestStudio } from '../fixtures/studio.ts';

let studio: TestStudio;
let project: string;
let prepared: string;
let outside: string;
let leftovers: string[];
const marker = 'outside-site-marker';

beforeAll(async () => {
  // A copy of the project: the studio restarts when its own sources change, as they may meanwhile.
  project = await copyProject('studio-confinement-');
  outside = await mkdtemp(path.join(tmpdir(), 'studio-outside-'));
  prepared = await mkdtemp(path.join(tmpdir(), 'studio-prepared-'));
  await cp(fixtureSite, path.join(prepared, 'site'), { recursive: true });
  await symlink('/etc/passwd', path.join(prepared, 'site', 'images', 'passwd.png'));
  await symlink(outside, path.join(prepared, 'site', 'pages', 'linked'));
  leftovers = await killMidWrite(prepared, 'images/killed.bin');
  studio = await startStudio({ site: path.join(prepared, 'site'), project });
  // A file beside site/ that no address may reach.
  await writeFile(path.join(studio.root, 'package.json'), JSON.stringify({ name: marker }));
}, 300_000);

afterAll(async () => {
  if (process.env.STUDIO_LOG) console.log(studio?.output());
  await studio?.stop();
  for (const dir of [project, prepared, outside]) if (dir) await rm(dir, { recursive: true, force: true });
});

it('answers 404 to encoded traversal in /images/, never with the file', async () => {
  for (const address of [
    '/images/%2e%2e%2f%2e%2e%2fpackage.json',
    '/images/%2E%2E%2F%2E%2E%2Fpackage.json',
    '/images/blog/%2e%2e%2f%2e%2e%2f%2e%2e%2fpackage.json',
    '/images/..%2f..%2fpackage.json',
  ]) {
    const response = await fetch(`${studio.base}${address}`);
    const body = await response.text();
    expect(body, address).not.toContain(marker);
    expect(response.status, address).toBe(404);
  }
});

it('refuses a symbolic link in site/images', async () => {
  const response = await fetch(`${studio.base}/images/passwd.png`);
  expect(await response.text()).not.toContain('root:');
  expect(response.status).toBe(404);
});

it('reports the link at the file, and the error screen does not show the lines it leads to', async () => {
  const response = await fetch(`${studio.base}/_site/errors`);
  const text = await response.text();
  const { errors } = JSON.parse(text) as { errors: { file: string; message: string }[] };
  expect(errors.map((e) => e.file)).toContain('site/images/passwd.png');
  expect(text).not.toContain('root:');
});

it('refuses a new page into a folder that is a link, and writes nothing outside', async () => {
  const response = await studioFetch(studio, 'new', { body: { kind: 'page', address: '/linked/evil', title: 'Evil' } });
  expect(response.status).toBe(400);
  expect(((await response.json()) as { error: string }).error).toContain('site/pages/linked is a symbolic link');
  expect(await readdir(outside)).toEqual([]);
});

it('of two saves sent together from one version, exactly one lands and the other gets 409', async () => {
  for (let round = 0; round < 3; round++) {
    const entry = (await (await studioFetch(studio, 'entry?file=pages/contact.yaml')).json()) as {
      version: string;
      data: Record<string, unknown>;
    };
    const titles = [`Contact ${round}a`, `Contact ${round}b`];
    const responses = await Promise.all(
      titles.map((title) =>
        studioFetch(studio, 'save?file=pages/contact.yaml', {
          body: { version: entry.version, data: { ...entry.data, title } },
        }),
      ),
    );
    expect(responses.map((r) => r.status).sort(), `round ${round}`).toEqual([200, 409]);
    const landed = titles[responses.findIndex((r) => r.status === 200)];
    expect(await readFile(path.join(studio.root, 'site', 'pages', 'contact.yaml'), 'utf8')).toContain(
      `title: ${landed}\n`,
    );
  }
});

it('of two uploads of one name sent together, one gets 201 and the other 409; nothing is overwritten', async () => {
  const picture = (red: number) =>
    sharp({ create: { width: 4, height: 4, channels: 3, background: { r: red, g: 0, b: 0 } } })
      .png()
      .toBuffer();
  for (let round = 0; round < 3; round++) {
    const bodies = [await picture(10 + round), await picture(200 + round)];
    const responses = await Promise.all(
      bodies.map((body) =>
        studioFetch(studio, `upload?name=same-${round}.png`, {
          body,
          headers: { 'content-type': 'application/octet-stream' },
        }),
      ),
    );
    expect(responses.map((r) => r.status).sort(), `round ${round}`).toEqual([201, 409]);
    const kept = bodies[responses.findIndex((r) => r.status === 201)];
    expect(await readFile(path.join(studio.root, 'site', 'images', `same-${round}.png`))).toEqual(kept);
  }
});

it('removed at start what a write killed with SIGKILL left behind', async () => {
  expect(leftovers.length).toBeGreaterThan(0);
  const left = (await readdir(path.join(studio.root, 'site', 'images'))).filter((name) => name.endsWith('.tmp'));
  expect(left).toEqual([]);
});
