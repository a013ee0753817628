// The shipped site/ files keep the house style for editors: each YAML file opens with a one-line
// comment and names its schema, so editors get completion and checks (npm run spec-check).
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, it } from 'vitest';

const root = path.join(import.meta.dirname, '..', '..');

it('every YAML file opens with a one-line comment and names its schema for the editor', async () => {
  const files = (await readdir(path.join(root, 'site'), { recursive: true })).filter((f) => f.endsWith('.yaml'));
  expect(files.length).toBeGreaterThan(0);
  for (const file of files) {
    const [first, second] = (await readFile(path.join(root, 'site', file), 'utf8')).split('\n');
    expect(first, file).toMatch(/^# \S/);
    const schema = /^# yaml-language-server: \$schema=(\S+)$/.exec(second)?.[1];
    expect(schema, file).toBeDefined();
    const expected =
      file === 'site.yaml'
        ? 'settings'
        : file === 'redirects.yaml'
          ? 'redirects'
          : file.startsWith('forms/')
            ? 'form'
            : 'page';
    expect(path.resolve(path.dirname(path.join(root, 'site', file)), schema!), file).toBe(
      path.join(root, 'schema', `${expected}.schema.json`),
    );
  }
});
