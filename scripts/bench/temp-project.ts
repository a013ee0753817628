// A throwaway copy of the project with generated content, for measuring builds at scale without
// touching site/. node_modules, scripts, server and shared (which the build imports) are linked,
// everything content-related is copied. Generated pages and articles are copies of the first of
// site/'s own, whichever they are.
import { cp, mkdir, mkdtemp, readdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.join(import.meta.dirname, '..', '..');

export async function tempProject(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'bench-project-'));
  for (const item of ['site', 'src', 'schema', 'index.html', 'vite.config.ts', 'tsconfig.json', 'package.json'])
    await cp(path.join(root, item), path.join(dir, item), { recursive: true });
  for (const item of ['node_modules', 'scripts', 'server', 'shared'])
    await symlink(path.join(root, item), path.join(dir, item));
  await mkdir(path.join(dir, 'docs'));
  return dir;
}

/** The names of site/<folder>'s files ending in `extension`, in order. */
export async function siteFilesIn(dir: string, folder: string, extension: string): Promise<string[]> {
  const names = await readdir(path.join(dir, 'site', folder));
  return names.filter((name) => name.endsWith(extension)).sort();
}

/** Adds `count` pages cloned from the first page, at /generated/page-<n>, linked from nowhere (orphans are fine here). */
export async function addPages(dir: string, count: number): Promise<void> {
  const [first] = await siteFilesIn(dir, 'pages', '.yaml');
  const template = await readFile(path.join(dir, 'site', 'pages', first), 'utf8');
  await mkdir(path.join(dir, 'site', 'pages', 'generated'), { recursive: true });
  for (let i = 1; i <= count; i++) {
    await writeFile(
      path.join(dir, 'site', 'pages', 'generated', `page-${i}.yaml`),
      template.replace(/^path: .*$/m, `path: /generated/page-${i}`).replace(/^title: .*$/m, `title: Generated ${i}`),
    );
  }
}

/** Adds articles cloned from an existing one until the blog holds `total`. */
export async function addArticles(dir: string, total: number): Promise<void> {
  const articles = await siteFilesIn(dir, 'blog', '.md');
  const template = await readFile(path.join(dir, 'site', 'blog', articles[0]), 'utf8');
  for (let i = articles.length + 1; i <= total; i++) {
    const day = String((i % 28) + 1).padStart(2, '0');
    // Ids far above any an editor gives, so none is taken twice.
    const text = template
      .replace(/^id: \d+$/m, `id: ${100_000 + i}`)
      .replace(/^title: .*$/m, `title: "Generated article ${i}"`)
      .replace(/^date: .*$/m, `date: 2023-11-${day}`);
    await writeFile(path.join(dir, 'site', 'blog', `generated-${i}.md`), text);
  }
}
