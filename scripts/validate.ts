// `npm run validate`: checks every file under site/ and prints each problem as file:line:col,
// or one summary line. Exits 1 on any error; warnings never fail. With CI=true it also prints
// GitHub-style annotations. Warnings and the summary share stdout so the summary always comes
// last; errors go to stderr. Exit codes are set, not forced, so piped output is never cut short.
import { formatAnnotation, formatError } from './content/errors.ts';
import { loadSite } from './content/load-site.ts';
import { translationFileName } from './content/compile-file.ts';
import { genericMessage } from './content/yaml-slips.ts';
import { codeFrame } from './site-build/code-frame.ts';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { siteFiles } from '../shared/confined-files.ts';
import { cleanTemporaryFiles } from '../shared/confined-writes.ts';

// What a write killed mid-way left (a hidden .tmp file of a process no longer running) goes first;
// it is not content either way, and validation does not read it.
await cleanTemporaryFiles(siteFiles(path.resolve(process.env.SITE_ROOT ?? '.'))).catch(() => undefined);
const result = await loadSite({ root: process.env.SITE_ROOT, includeDrafts: process.argv.includes('--drafts') });
const ci = process.env.CI === 'true';

// Per language, the translated texts still missing or outdated: listed, never failing unless
// site.yaml asks for complete translations (then they come as errors too).
for (const language of [...new Set(result.translations.map((status) => status.language))]) {
  const statuses = result.translations.filter((status) => status.language === language);
  const missing = statuses.reduce((sum, status) => sum + status.missing.length, 0);
  const outdated = statuses.reduce((sum, status) => sum + status.outdated.length, 0);
  console.log(`translation ${language}: ${missing} missing, ${outdated} outdated`);
  // An article's body is many lines: its first stands for it.
  const shown = (text: string) => (text.trim().includes('\n') ? `${text.trim().split('\n')[0]} …` : text);
  for (const status of statuses) {
    const file = `site/${translationFileName(status.source, language)}`;
    for (const field of status.outdated)
      console.log(`  outdated  ${file}  ${field.path}  (source now "${shown(field.text)}", from: ${field.from})`);
    for (const field of status.missing)
      console.log(`  missing   ${file}  ${field.path}  (source "${shown(field.text)}", from: ${field.from})`);
  }
}
for (const warning of result.warnings) {
  console.log(`warning  ${formatError(warning)}`);
  if (ci) console.log(formatAnnotation(warning, 'warning'));
}
if (result.errors.length) {
  for (const error of result.errors) {
    console.error(formatError(error));
    // A slip the catalogue does not name comes with the lines around it.
    if (error.message === genericMessage) {
      try {
        console.error(
          codeFrame(readFileSync(path.join(process.env.SITE_ROOT ?? '.', error.file), 'utf8'), error.line, error.col),
        );
      } catch {
        // The file is gone again: the message stands alone.
      }
    }
    if (ci) console.error(formatAnnotation(error));
  }
  const where = result.errors.every((error) => error.file.startsWith('site/'))
    ? 'site/'
    : 'the schema (schema/, src/sections/)';
  console.error(
    `\n${result.errors.length} error${result.errors.length === 1 ? '' : 's'} in ${where}. Fix ${result.errors.length === 1 ? 'it' : 'them'} and run \`npm run validate\` again.`,
  );
  process.exitCode = 1;
} else {
  const { pages, articles, links, files } = result.stats;
  const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;
  const warned = result.warnings.length ? ` (${count(result.warnings.length, 'warning')})` : '';
  console.log(
    `site/ is valid: ${count(pages, 'page')}, ${count(articles, 'article')}, ${count(links, 'link')} checked in ${count(files, 'file')}${warned}.`,
  );
}
