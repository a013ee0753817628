// Before the browser tests: build the fixture site once for all of them, and the studio's bundle
// (kept in the build cache; `npm test` has built it already) rather than in the first studio test.
import path from 'node:path';
import { studioBundle } from '../../scripts/studio/studio-bundle.ts';
import { buildContent } from '../fixtures/build-content.ts';
import { fixtureDistDir, fixtureSiteRoot } from '../fixtures/fixture-site.ts';

export default async function setup() {
  await buildContent(fixtureSiteRoot, fixtureDistDir);
  await studioBundle(path.join(import.meta.dirname, '..', '..'), { quiet: true });
}
