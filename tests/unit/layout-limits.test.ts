// The limits the header's layout needs are stated by validation, at the line, with the reason in
// the field's description (for editors' hover text and the guide).
import { expect, it } from 'vitest';
import { formatError } from '../../scripts/content/errors.ts';
import { loadSite } from '../../scripts/content/load-site.ts';
import { files, writeFixture } from '../fixtures/site-fixture.ts';

it('a site name over 32 characters and a header button label over 24 are refused at their lines', async () => {
  const settings = files['site/site.yaml']
    .replace('name: Test Co', `name: ${'N'.repeat(33)}`)
    .replace('  cta:\n    label: Contact', `  cta:\n    label: ${'C'.repeat(25)}`);
  const errors = (await loadSite({ root: await writeFixture({ 'site/site.yaml': settings }) })).errors.map(formatError);
  expect(errors).toEqual([
    expect.stringMatching(/^site\/site\.yaml:2:7 .*at most 32 characters/),
    expect.stringMatching(/^site\/site\.yaml:14:12 .*at most 24 characters/),
  ]);
});
