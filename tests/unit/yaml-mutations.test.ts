// Seeded random slips over the fixture site's files, as an editor makes them: every slip must give
// an answer (valid, or errors; never a crash), every error must point into the file that was broken,
// say nothing in the parser's vocabulary, and one slip gives at most two errors. The seed is fixed so
// CI never fails by chance; SLIP_SEED=<seed> explores other slips, and prints how to replay them.
import { expect, it } from 'vitest';
import { formatError } from '../../scripts/content/errors.ts';
import { compileSiteFiles, readSiteFiles } from '../../scripts/content/load-site.ts';
import { fixtureSiteRoot } from '../fixtures/fixture-site.ts';
import { jargonIn, mutate, random } from '../fixtures/yaml-slips.ts';

const root = fixtureSiteRoot;
const seed = Number(process.env.SLIP_SEED ?? 1);
const SLIPS = 300;

it(`${SLIPS} seeded YAML slips in the fixture site each give one plain error in the slipped file (seed ${seed})`, async () => {
  console.log(
    `YAML slip test: seed ${seed}. Replay with SLIP_SEED=${seed} npx vitest run tests/unit/yaml-mutations.test.ts`,
  );
  const files = await readSiteFiles(root);
  expect((await compileSiteFiles(files, { root })).errors).toEqual([]);
  const editable = files.filter((f) =>
    /^(pages\/.+\.ya?ml|forms\/.+\.ya?ml|blog\/.+\.md|site\.yaml|redirects\.yaml)$/.test(f.relative),
  );
  const next = random(seed);
  const failures: string[] = [];
  let made = 0;
  while (made < SLIPS) {
    const target = editable[Math.floor(next() * editable.length)];
    const mutation = mutate(new TextDecoder().decode(target.bytes), target.relative.endsWith('.md'), next);
    if (!mutation) continue;
    made++;
    const label = `slip ${made} (${mutation.kind}) at site/${target.relative}:${mutation.line}`;
    let errors;
    try {
      ({ errors } = await compileSiteFiles(
        files.map((f) => (f === target ? { ...f, bytes: mutation.bytes } : f)),
        { root },
      ));
    } catch (error) {
      failures.push(`${label}: crashed: ${(error as Error).stack}`);
      continue;
    }
    const shown = errors.map(formatError).join('\n    ');
    if (errors.length > 2) failures.push(`${label}: ${errors.length} errors:\n    ${shown}`);
    for (const error of errors) {
      if (error.file !== `site/${target.relative}`)
        failures.push(`${label}: an error in another file:\n    ${formatError(error)}`);
      const jargon = jargonIn(error.message);
      if (jargon) failures.push(`${label}: parser jargon "${jargon}":\n    ${formatError(error)}`);
    }
  }
  expect(failures, `seed ${seed}: replay with SLIP_SEED=${seed}\n${failures.join('\n')}`).toEqual([]);
}, 120_000);
