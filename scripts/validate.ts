// `npm run validate`: checks every file under site/ and prints each problem as file:line:col,
// or one summary line. Exits 1 on any error; warnings never fail. With CI=true it also prints
// GitHub-style annotations.
import { formatAnnotation, formatError } from './content/errors.ts';
import { loadSite } from './content/load-site.ts';

const result = await loadSite({ includeDrafts: process.argv.includes('--drafts') });
const ci = process.env.CI === 'true';

for (const warning of result.warnings) {
  console.warn(`warning  ${formatError(warning)}`);
  if (ci) console.warn(formatAnnotation(warning, 'warning'));
}
if (result.errors.length) {
  for (const error of result.errors) {
    console.error(formatError(error));
    if (ci) console.error(formatAnnotation(error));
  }
  console.error(`\n${result.errors.length} error${result.errors.length === 1 ? '' : 's'} in site/. Fix them and run \`npm run validate\` again.`);
  process.exit(1);
}
const { pages, articles, links, files } = result.stats;
console.log(`site/ is valid: ${pages} pages, ${articles} articles, ${links} links checked in ${files} files${result.warnings.length ? ` (${result.warnings.length} warnings)` : ''}.`);
