// A throwaway copy of the project with generated content, for measuring builds at scale without
// touching site/. node_modules, scripts and server (which vite.config.ts imports) are linked,
// everything content-related is copied.
import { cp, mkdir, mkdtemp, readFile, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.join(import.meta.dirname, '..', '..');

export async function tempProject(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'bench-project-'));
  for (const item of ['site', 'src', 'schema', 'index.html', 'vite.config.ts', 'tsconfig.json', 'package.json'])
    await cp(path.join(root, item), path.join(dir, item), { recursive: true });
  for (const item of ['node_modules', 'scripts', 'server']) await symlink(path.join(root, item), path.join(dir, item));
  await mkdir(path.join(dir, 'docs'));
  return dir;
}

/** Adds `count` pages cloned from the services page, at /generated/page-<n>, all linked from the footer of none (orphans are fine here). */
export async function addPages(dir: string, count: number): Promise<void> {
  const template = await readFile(path.join(dir, 'site', 'pages', 'services.yaml'), 'utf8');
  await mkdir(path.join(dir, 'site', 'pages', 'generated'), { recursive: true });
  for (let i = 1; i <= count; i++) {
    await writeFile(
      path.join(dir, 'site', 'pages', 'generated', `page-${i}.yaml`),
      template
        .replace('path: /services', `path: /generated/page-${i}`)
        .replace('title: Services', `title: Generated ${i}`),
    );
  }
}

/** Adds articles cloned from an existing one until the blog holds `total`. */
export async function addArticles(dir: string, total: number): Promise<void> {
  const template = await readFile(path.join(dir, 'site', 'blog', 'one-team-culture.md'), 'utf8');
  const existing = 12;
  for (let i = existing + 1; i <= total; i++) {
    const day = String((i % 28) + 1).padStart(2, '0');
    const text = template
      .replace(/^id: \d+$/m, `id: ${i}`)
      .replace(/^title: .*$/m, `title: "Generated article ${i}"`)
      .replace(/^date: .*$/m, `date: 2023-11-${day}`);
    await writeFile(path.join(dir, 'site', 'blog', `generated-${i}.md`), text);
  }
}
