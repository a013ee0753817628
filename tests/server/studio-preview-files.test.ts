// What the studio on the server answers under /_studio/preview/ from its prebuilt bundle
// (scripts/studio/preview-files.ts): the bundle's assets by name, the checkout's site/images, the
// preview's page with the status the site would give; nothing else, however the path is spelled.
import { cp, mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { previewFiles } from '../../scripts/studio/preview-files.ts';
import type { StudioBundle } from '../../scripts/studio/studio-bundle.ts';
import { StudioState } from '../../scripts/studio/studio-state.ts';
import { previewPath } from '../../shared/studio-protocol.ts';
import { fixtureSite } from '../fixtures/studio.ts';

let app: FastifyInstance;
let dir: string;
let root: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'studio-preview-files-'));
  root = path.join(dir, 'checkout');
  await cp(fixtureSite, path.join(root, 'site'), { recursive: true });
  await writeFile(path.join(root, 'secret.txt'), 'not for the preview');
  const bundleDir = path.join(dir, 'bundle');
  await mkdir(path.join(bundleDir, 'assets'), { recursive: true });
  await writeFile(path.join(bundleDir, 'assets', 'app-abc.js'), 'export {};');
  await writeFile(path.join(bundleDir, 'secret.js'), 'outside the assets');
  const bundle: StudioBundle = {
    dir: bundleDir,
    previewHtml: '<!doctype html><title>preview</title>',
    studio: { script: `${previewPath}assets/app-abc.js`, preloads: [], styles: [] },
  };
  app = Fastify();
  await app.register(previewFiles, {
    state: new StudioState(root),
    bundle: async () => bundle,
    previewBase: previewPath,
  });
});
afterAll(async () => {
  await app?.close();
  await rm(dir, { recursive: true, force: true });
});

const get = (url: string, method: 'GET' | 'POST' = 'GET') => app.inject({ method, url: `${previewPath}${url}` });

describe("the studio's preview files", () => {
  it('answers an asset of the bundle, an image of site/images and a page of the site', async () => {
    const asset = await get('assets/app-abc.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['content-type']).toMatch(/javascript/);
    expect(asset.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect((await get('images/favicon.svg')).statusCode).toBe(200);
    const home = await get('');
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain('<title>preview</title>');
    expect((await get('no-such-page')).statusCode).toBe(404);
  });
});

describe("the studio's preview files refuse", () => {
  // A link in site/images that leads out (the compiler refuses the site with it, so it comes last).
  beforeAll(() => symlink(path.join(root, 'secret.txt'), path.join(root, 'site', 'images', 'linked.png')));

  it.each([
    'assets/..%2fsecret.js',
    'assets/%2e%2e%2fsecret.js',
    'assets/.hidden.js',
    'assets/app-abc.exe',
    'images/..%2f..%2fsecret.txt',
    'images/%2e%2e/pages/home.yaml',
    'images/linked.png',
    'images/missing.png',
    '@vite/client',
    'src/main.tsx',
    'node_modules/react/index.js',
    'package.json',
    '_site/errors',
  ])('%s', async (url) => {
    const answer = await get(url);
    expect(answer.statusCode).toBe(404);
    expect(answer.body).not.toMatch(/not for the preview|outside the assets|export \{\}/);
  });

  it('a request with a body', async () => {
    expect((await get('contact', 'POST')).statusCode).toBe(404);
  });
});
