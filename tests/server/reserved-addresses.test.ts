// The addresses the server and the build answer themselves are all on the one list
// (shared/reserved-addresses.ts) that validation, the studio's rename and new page, `npm run new`,
// the prefetch and the Speculation Rules use: every route the real app registers (asked of Fastify
// itself), every public file of a build, every form endpoint of the fixture site. A route added
// without listing its address fails here.
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { publicPaths } from '../../server/public-files.ts';
import { OIDC_CALLBACK_PATH, OIDC_START_PATH } from '../../server/studio-access/oidc.ts';
import { reservedAt } from '../../shared/reserved-addresses.ts';
import { testConfig, writeDist } from '../fixtures/dist-fixture.ts';
import { fixtureForms } from '../fixtures/leads.ts';

let app: FastifyInstance;
let forms: Awaited<ReturnType<typeof fixtureForms>>;

beforeAll(async () => {
  forms = await fixtureForms();
  const distDir = await writeDist(forms);
  app = await buildApp({
    config: testConfig(distDir, { dataDir: path.join(distDir, '..', 'data') }),
    studio: { routes: async (studio) => void studio.all('/_studio/*', async () => 'the studio') },
  });
  await app.ready();
});
afterAll(() => app?.close());

/**
 * Every path Fastify has a route for, from the tree it prints: each line is a node, indented four
 * characters per level, its text the part of the path after its parent's; a node with methods is a route.
 */
function registeredPaths(): string[] {
  const stack: string[] = [];
  const paths: string[] = [];
  for (const line of app.printRoutes().split('\n')) {
    const node = /^(.*?)[└├]── (.*?)(?: \((.+)\))?$/.exec(line);
    if (!node) continue;
    const depth = node[1].length / 4;
    stack.length = depth;
    stack.push(node[2]);
    if (node[3]) paths.push(stack.join(''));
  }
  return paths;
}

describe('the reserved addresses', () => {
  it('hold every route of the server but the pages’ own catch-all', () => {
    const paths = registeredPaths();
    expect(paths).toEqual(expect.arrayContaining(['/healthz', '/_studio', '/_studio/*']));
    const catchAll = ['/', '/*'];
    const unlisted = paths.filter((route) => !catchAll.includes(route) && !reservedAt(route.replace(/\*$/, 'x')));
    expect(unlisted).toEqual([]);
    for (const route of [OIDC_START_PATH, OIDC_CALLBACK_PATH]) expect(reservedAt(route), route).toBeDefined();
  });

  it('hold every public file of a build and every form endpoint', () => {
    for (const { path: file } of publicPaths)
      expect(reservedAt(file.endsWith('/') ? `${file}x` : file), file).toBeDefined();
    for (const file of ['/_site.json', '/404.html', '/_data/index.json']) expect(reservedAt(file), file).toBeDefined();
    expect(forms.length).toBeGreaterThan(0);
    for (const form of forms) expect(reservedAt(form.endpoint), form.endpoint).toBeDefined();
  });

  it('leave every page of the fixture build free', () => {
    for (const route of ['/', '/services', '/resources/blogs/hello-world', '/studio', '/imagesque'])
      expect(reservedAt(route), route).toBeUndefined();
  });
});
