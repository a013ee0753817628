// `npm test`: content validation, generated files up to date, lint and formatting, type-check, unit
// and server tests, build, browser tests. Stops at the first failing step and ends with one line
// "N passed, N failed" counting every test that ran.
//
// The static checks run two at a time (this machine has two cores, and each is mostly one thread),
// each one's output printed whole when it ends. The system tools the tests need (Chromium, Java for
// the HTML checker, nginx) are installed from Debian's packages in the background from the start,
// while the checks and unit tests run: on a fresh machine that download no longer waits in line.
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

const root = path.join(import.meta.dirname, '..');
const bin = (name: string) => path.join(root, 'node_modules', '.bin', name);
const totals = { passed: 0, failed: 0 };

interface Step {
  title: string;
  command: string;
  args: string[];
}

const node = (title: string, ...args: string[]): Step => ({ title, command: process.execPath, args });

/** Runs a step with its output captured; resolves with its exit status and what it printed. */
function captured(step: Step): Promise<{ status: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(step.command, step.args, { cwd: root, env: process.env });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', (error) => resolve({ status: 1, output: `${output}${error.message}\n` }));
    child.on('close', (status) => resolve({ status, output }));
  });
}

/** Runs the steps `parallel` at a time; stops (after the running ones end) at the first that fails. */
async function runAll(steps: Step[], parallel: number): Promise<void> {
  const queue = [...steps];
  let failed: string | undefined;
  const worker = async () => {
    for (let step = queue.shift(); step && !failed; step = queue.shift()) {
      const started = performance.now();
      const { status, output } = await captured(step);
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      console.log(`\n▶ ${step.title} (${seconds} s)\n${output.trimEnd()}`);
      if (status !== 0) failed ??= step.title;
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
  if (failed) finish(`✗ ${failed} failed`);
}

function run(step: Step): void {
  console.log(`\n▶ ${step.title}`);
  const result = spawnSync(step.command, step.args, { cwd: root, stdio: 'inherit', env: process.env });
  if (result.status !== 0) finish(`✗ ${step.title} failed`);
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

const systemTools = captured(node('System tools', 'scripts/ensure-system-tools.ts'));

await runAll(
  [
    // TypeScript 7, the native compiler, by its own path: the `typescript` package is 6.0, the one
    // typescript-eslint parses with (see package.json: `tsgo` is TypeScript 7 under another name).
    node('Type-check', path.join(root, 'node_modules', 'tsgo', 'bin', 'tsc'), '--noEmit'),
    { title: 'Lint', command: bin('eslint'), args: ['--max-warnings', '0', '.'] },
    node('Validate site/', 'scripts/validate.ts'),
    node('Generated types are up to date', 'scripts/generate-types.ts', '--check'),
    node('Authoring guide is up to date', 'scripts/generate-docs.ts', '--check'),
    { title: 'Formatting', command: bin('prettier'), args: ['--check', '**/*.{ts,tsx,js,css}'] },
  ],
  2,
);
vitest('unit');
run(node('Build', 'scripts/build.ts'));
const tools = await systemTools;
console.log(`\n▶ System tools\n${tools.output.trimEnd() || 'Chromium, Java and nginx are available.'}`);
if (tools.status !== 0) finish('✗ The system tools the browser tests need could not be installed');
vitest('browser');
finish();
