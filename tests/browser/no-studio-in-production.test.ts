// The studio is for editors only: a production build holds none of its code, and the production
// server has none of its routes. (The build is the fixture site's, made by the global setup with
// the same Vite configuration as `npm run build`.)
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app.ts';
import { studioApiPath, studioPath, tokenHeader, tokenMeta } from '../../shared/studio-protocol.ts';
import { testConfig } from '../fixtures/dist-fixture.ts';
import { fixtureDistDir } from '../fixtures/fixture-site.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildApp({ config: testConfig(fixtureDistDir) });
});
afterAll(() => app?.close());

describe('nothing of the studio in production', () => {
  it('no file of the build mentions the studio’s address, key header or key', async () => {
    const files = (await readdir(fixtureDistDir, { recursive: true, withFileTypes: true })).filter(
      (f) => f.isFile() && !/\.(br|gz|png|jpe?g|webp|avif|woff2?)$/.test(f.name),
    );
    expect(files.some((f) => f.name.endsWith('.js'))).toBe(true);
    const holding: string[] = [];
    for (const file of files) {
      const text = await readFile(path.join(file.parentPath, file.name), 'utf8');
      for (const marker of [studioPath, tokenHeader, tokenMeta])
        if (text.includes(marker))
          holding.push(`${path.relative(fixtureDistDir, path.join(file.parentPath, file.name))}: ${marker}`);
    }
    expect(holding).toEqual([]);
  });

  it.each([
    ['GET', studioPath],
    ['GET', `${studioApiPath}entries`],
    ['GET', `${studioApiPath}entry?file=pages/home.yaml`],
    ['POST', `${studioApiPath}save?file=pages/home.yaml`],
    ['POST', `${studioApiPath}upload?name=x.png`],
  ] as const)('the production server answers %s %s with 404', async (method, url) => {
    const response = await app.inject({
      method,
      url,
      headers: { [tokenHeader]: 'anything', 'content-type': 'application/json' },
      payload: method === 'POST' ? '{}' : undefined,
    });
    expect(response.statusCode).toBe(404);
  });
});
