// Generated files (types, the authoring guide) share one command-line shape: write the file, or
// with --check fail when the committed copy differs from what the generator produces now.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

export async function writeOrCheck(file: string, fresh: string, regenerate: string): Promise<void> {
  const name = path.relative(path.join(import.meta.dirname, '..'), file);
  if (process.argv.includes('--check')) {
    if (fresh !== (await readFile(file, 'utf8').catch(() => ''))) {
      console.error(`${name} is stale: the schema changed. Run \`${regenerate}\` and commit the result.`);
      process.exit(1);
    }
    console.log(`${name} is up to date.`);
  } else {
    await writeFile(file, fresh);
    console.log(`Wrote ${name}`);
  }
}
