// Before the browser tests: build the fixture site once for all of them.
import { buildContent } from '../fixtures/build-content.ts';
import { fixtureDistDir, fixtureSiteRoot } from '../fixtures/fixture-site.ts';

export default async function setup() {
  await buildContent(fixtureSiteRoot, fixtureDistDir);
}
