// `npm test`, in order: content validation, generated types up to date, type-check, unit and
// server tests, build, browser tests. Stops at the first failing step and ends with one line
// "N passed, N failed" counting every test that ran.
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { ensureChromium } from './ensure-chromium.ts';

const root = path.join(import.meta.dirname, '..');
const bin = (name: string) => path.join(root, 'node_modules', '.bin', name);
const totals = { passed: 0, failed: 0 };

function run(title: string, command: string, args: string[]): void {
  console.log(`\n▶ ${title}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: process.env });
  if (result.status !== 0) finish(`✗ ${title} failed`);
}

function vitest(project: string): void {
  const report = path.join(root, '.cache', `vitest-${project}.json`);
  rmSync(report, { force: true });
  console.log(`\n▶ ${project} tests`);
  const result = spawnSync(bin('vitest'), ['run', '--project', project, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`], { cwd: root, stdio: 'inherit' });
  try {
    const json = JSON.parse(readFileSync(report, 'utf8')) as { numPassedTests: number; numFailedTests: number };
    totals.passed += json.numPassedTests;
    totals.failed += json.numFailedTests;
  } catch {
    totals.failed += 1;
  }
  if (result.status !== 0) finish(`✗ ${project} tests failed`);
}

function finish(message?: string): never {
  if (message) console.error(`\n${message}`);
  console.log(`\n${totals.passed} passed, ${totals.failed} failed`);
  process.exit(message ? 1 : 0);
}

run('Validate site/', process.execPath, ['scripts/validate.ts']);
run('Generated types are up to date', process.execPath, ['scripts/generate-types.ts', '--check']);
run('Authoring guide is up to date', process.execPath, ['scripts/generate-docs.ts', '--check']);
run('Type-check', bin('tsc'), ['--noEmit']);
vitest('unit');
run('Build', process.execPath, ['scripts/build.ts']);
try {
  ensureChromium();
} catch (error) {
  finish(`✗ ${(error as Error).message}`);
}
vitest('browser');
finish();
