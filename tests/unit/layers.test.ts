// The import rules of eslint.config.js, tried on a small tree in a temporary folder: every arrow
// the layers forbid is reported, every other arrow is not, an import circle is reported, and the
// lint exits non-zero. `npm run lint` applies the same config to the project itself.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = path.join(import.meta.dirname, '..', '..');
const layers = ['shared', 'src', 'server', 'scripts', 'tests'] as const;
type Layer = (typeof layers)[number];

// The layers point one way: shared/ imports none of the others, the server never imports the
// build's tools or the browser's code, the browser never imports scripts/ or server/.
const forbidden: Record<Layer, readonly Layer[]> = {
  shared: ['src', 'server', 'scripts'],
  src: ['scripts', 'server'],
  server: ['scripts', 'src'],
  scripts: [],
  tests: [],
};

interface LintResult {
  filePath: string;
  messages: { ruleId: string | null; message: string }[];
}

let folder: string;
let lint: { status: number | null; reported: string[]; stderr: string };

function write(relative: string, text: string): void {
  mkdirSync(path.dirname(path.join(folder, relative)), { recursive: true });
  writeFileSync(path.join(folder, relative), text);
}

beforeAll(() => {
  folder = mkdtempSync(path.join(tmpdir(), 'layers-'));
  for (const layer of layers)
    write(`${layer}/module.ts`, `export const value = '${layer}';\nexport type Kind = string;\n`);
  for (const from of layers) {
    for (const to of layers.filter((layer) => layer !== from)) {
      write(
        `${from}/value-from-${to}.ts`,
        `import { value } from '../${to}/module.ts';\n\nexport const copy = value;\n`,
      );
      write(
        `${from}/type-from-${to}.ts`,
        `import type { Kind } from '../${to}/module.ts';\n\nexport type Copy = Kind;\n`,
      );
    }
  }
  write('src/circle-a.ts', `import { b } from './circle-b.ts';\n\nexport const a = (): string => b();\n`);
  write('src/circle-b.ts', `import { a } from './circle-a.ts';\n\nexport const b = (): string => a();\n`);

  const eslint = path.join(root, 'node_modules', 'eslint', 'bin', 'eslint.js');
  const config = path.join(root, 'eslint.config.js');
  const run = spawnSync(
    process.execPath,
    [eslint, '--config', config, '--max-warnings', '0', '--format', 'json', '.'],
    {
      cwd: folder,
      encoding: 'utf8',
    },
  );
  const results = JSON.parse(run.stdout) as LintResult[];
  const reported = results.flatMap((result) =>
    result.messages.map((message) => `${path.relative(folder, result.filePath)} ${message.ruleId ?? message.message}`),
  );
  lint = { status: run.status, reported: reported.sort(), stderr: run.stderr };
}, 180_000);

afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('the import rules', () => {
  it('report every arrow the layers forbid, value or type, and an import circle, and nothing else', () => {
    const expected = [
      ...layers.flatMap((from) =>
        forbidden[from].flatMap((to) => [
          `${from}/type-from-${to}.ts import-x/no-restricted-paths`,
          `${from}/value-from-${to}.ts import-x/no-restricted-paths`,
        ]),
      ),
      'src/circle-a.ts import-x/no-cycle',
      'src/circle-b.ts import-x/no-cycle',
    ];
    expect(lint.stderr).toBe('');
    expect(lint.reported).toEqual(expected.sort());
  });

  it('fail the lint run', () => {
    expect(lint.status).toBe(1);
  });
});
