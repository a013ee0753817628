// Seeded random slips over the real site/ files, as an editor makes them. Whatever site/ holds,
// every slip must give an answer (valid, or errors; never a crash), every error must point into
// the file that was broken, say nothing in the parser's vocabulary, and one slip gives at most two
// errors. The seed is printed; SLIP_SEED=<seed> replays the same slips.
import path from 'node:path';
import { expect, it } from 'vitest';
import { formatError } from '../../scripts/content/errors.ts';
import { compileSiteFiles, readSiteFiles } from '../../scripts/content/load-site.ts';
import { jargonIn, mutate, random } from '../fixtures/yaml-slips.ts';

const root = path.join(import.meta.dirname, '..', '..');
const seed = Number(process.env.SLIP_SEED ?? Math.floor(Math.random() * 2 ** 31));
const SLIPS = 300;

it(`${SLIPS} seeded YAML slips in site/ each give one plain error in the slipped file (seed ${seed})`, async () => {
  console.log(
    `YAML slip test: seed ${seed}. Replay with SLIP_SEED=${seed} npx vitest run tests/unit/yaml-mutations.test.ts`,
  );
  const files = await readSiteFiles(root);
  const before = await compileSiteFiles(files, { root });
  // site/ belongs to its editors: when it is itself invalid, validation (its own step) says so.
  if (!before.model) return;
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
