// The original's words an outdated translation was made from: a translation records only the
// fingerprint of those words, so the source file's saved versions are read newest first for a
// text with that fingerprint. Words older than the versions read, or never saved, are not found.
import { splitFrontMatter } from '../content/front-matter.ts';
import { fingerprint } from '../content/translatable.ts';
import { sourceTexts, type SourceFile } from '../content/translations.ts';
import { parseYaml } from '../content/yaml-source.ts';
import { gitIn } from './git-client.ts';
import { fileAt, noHistory } from './history.ts';

/** How many of the file's versions are read back at most. */
const VERSIONS = 200;

/** For each fingerprint in `wanted`, the words of `file` that had it, when a saved version has them. */
export async function oldWords(
  root: string,
  file: string,
  kind: SourceFile['kind'],
  wanted: ReadonlySet<string>,
): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  if (!wanted.size || (await noHistory(root))) return found;
  const git = gitIn(root);
  // No HEAD yet (a repository without commits): nothing to read.
  const log = await git.raw(['log', '--format=%H', `-n${VERSIONS}`, 'HEAD', '--', `site/${file}`]).catch(() => '');
  for (const commit of log.split('\n').filter(Boolean)) {
    const bytes = await fileAt(git, commit, file);
    if (!bytes) continue;
    const whole = bytes.toString('utf8');
    // An article's version is its front matter and its body, which is one of its texts.
    const parts = kind === 'article' ? splitFrontMatter(whole) : undefined;
    if (kind === 'article' && !parts) continue;
    const { data, errors } = parseYaml(`site/${file}`, parts ? parts.yaml : whole, parts ? 1 : 0);
    if (errors.length || !data || typeof data !== 'object') continue;
    const source = { relative: file, kind, data: data as Record<string, unknown>, body: parts?.body };
    for (const { text } of sourceTexts(source)) {
      const print = fingerprint(text);
      if (wanted.has(print) && !found.has(print)) found.set(print, text);
    }
    if (found.size === wanted.size) break;
  }
  return found;
}
