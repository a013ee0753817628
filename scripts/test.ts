// `npm test`, in order: content validation, generated types up to date, lint, formatting and
// commit subjects, type-check, unit and server tests, build, browser tests. Stops at the first
// failing step and ends with one line "N passed, N failed" counting every test that ran.
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { ensureChromium } from './ensure-chromium.ts';
import { ensureJava } from './ensure-java.ts';

const root = path.join(import.meta.dirname, '..');
const bin = (name: string) => path.join(root, 'node_modules', '.bin', name);
const totals = { passed: 0, failed: 0 };

function run(title: string, command: string, args: string[]): void {
  console.log(`\n▶ ${title}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: process.env });
  if (result.status !== 0) finish(`✗ ${title} failed`);
}

interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  testResults: { status: string; assertionResults: { status: string }[] }[];
}

// A file can fail without a failing test (a hook timed out, an import threw): its tests are then
// reported as skipped. They count as failed, so the summary line never says "0 failed" on a red run.
function testsLostToFailedFiles(report: VitestReport): number {
  return report.testResults
    .filter((file) => file.status === 'failed' && !file.assertionResults.some((test) => test.status === 'failed'))
    .reduce((sum, file) => sum + Math.max(1, file.assertionResults.length), 0);
}

function vitest(project: string): void {
  const report = path.join(root, '.cache', `vitest-${project}.json`);
  rmSync(report, { force: true });
  console.log(`\n▶ ${project} tests`);
  const result = spawnSync(
    bin('vitest'),
    ['run', '--project', project, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
    { cwd: root, stdio: 'inherit' },
  );
  try {
    const json = JSON.parse(readFileSync(report, 'utf8')) as VitestReport;
    totals.passed += json.numPassedTests;
    totals.failed += json.numFailedTests + testsLostToFailedFiles(json);
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
run('Lint', bin('eslint'), ['--max-warnings', '0', '.']);
run('Formatting', bin('prettier'), ['--check', '**/*.{ts,tsx,js,css}']);
run('Commit subjects', process.execPath, ['scripts/lint/commit-subjects.ts']);
// TypeScript 7, the native compiler, by its own path: the `typescript` package is 6.0, the one
// typescript-eslint parses with (see package.json: `tsgo` is TypeScript 7 under another name).
run('Type-check', process.execPath, [path.join(root, 'node_modules', 'tsgo', 'bin', 'tsc'), '--noEmit']);
vitest('unit');
run('Build', process.execPath, ['scripts/build.ts']);
try {
  ensureChromium();
  ensureJava();
} catch (error) {
  finish(`✗ ${(error as Error).message}`);
}
vitest('browser');
finish();
