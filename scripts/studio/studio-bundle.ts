// The studio on the server's own bundle: the studio app (src/studio/main.tsx) and the site's app as
// the studio's preview (index.html built with import.meta.env.STUDIO_PREVIEW: edit mode,
// click-to-edit, the live edit), built ahead by Vite rather than compiled by a dev server at the
// first visit, and served as files under previewPath (studio-routes.ts). One bundle for any
// content: the preview fetches the site shell at start (src/dev/fetched-shell.ts) and its route
// data from the studio's routes, so a save never asks for a new bundle. Kept in the build cache
// (.cache/build/studio) under a hash of every input of the code (bundleInputsKey) and of this file.
import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { previewPath } from '../../shared/studio-protocol.ts';
import { BundleCache, buildCacheDir, bundleInputsKey } from '../site-build/build-cache.ts';
import { cssTimeUnits } from '../site-build/css-units.ts';
import { closure, type ViteManifest } from '../site-build/preload-links.ts';

const studioEntry = 'src/studio/main.tsx';

export interface StudioBundle {
  /** The folder served under previewPath: assets/ and the preview's page. */
  dir: string;
  /** The preview's page, for every address of the site under previewPath. */
  previewHtml: string;
  /** What the studio page loads, as addresses: its script, the scripts that one imports, its CSS. */
  studio: { script: string; preloads: string[]; styles: string[] };
}

/** The studio's bundle of the code at `projectRoot`, from the build cache, else built and stored. */
export async function studioBundle(
  projectRoot: string,
  options: { quiet?: boolean; buildCache?: string } = {},
): Promise<StudioBundle> {
  // Vite takes its React build and import.meta.env.DEV from NODE_ENV, which a caller may have set
  // otherwise (a test runner sets "test", which mixes React's builds): production while the key is
  // made and Vite builds; the caller's own is put back.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    return await bundleOf(projectRoot, options);
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
}

async function bundleOf(projectRoot: string, options: { quiet?: boolean; buildCache?: string }): Promise<StudioBundle> {
  const cache = new BundleCache(path.join(buildCacheDir(projectRoot, options.buildCache), 'studio'));
  const key = await bundleInputsKey({
    projectRoot,
    shell: '',
    mode: `studio ${await readFile(import.meta.filename, 'utf8')}`,
    includeDrafts: true,
  });
  const bundles =
    (await cache.get(key)) ?? (await cache.put(key, (folder) => buildElsewhere(projectRoot, folder, options)));
  await cache.prune(2);
  const dir = bundles.clientDir;
  const manifest = JSON.parse(await readFile(path.join(dir, '.vite', 'manifest.json'), 'utf8')) as ViteManifest;
  const chunks = [...closure(manifest, studioEntry, new Set())].map((name) => manifest[name]);
  const address = (file: string) => previewPath + file;
  return {
    dir,
    previewHtml: await readFile(path.join(dir, 'index.html'), 'utf8'),
    studio: {
      script: address(manifest[studioEntry].file),
      preloads: chunks.filter((chunk) => chunk !== manifest[studioEntry]).map((chunk) => address(chunk.file)),
      styles: chunks.flatMap((chunk) => chunk.css ?? []).map(address),
    },
  };
}

/**
 * Vite's build in a process of its own, which ends with it: a bundler's working set (about 1 GB on
 * a large site) would otherwise stay in the long-running studio that asked for the bundle.
 */
function buildElsewhere(projectRoot: string, folder: string, options: { quiet?: boolean }): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [import.meta.filename, projectRoot, folder, options.quiet ? 'quiet' : ''], {
      stdio: ['ignore', 'inherit', 'inherit'],
      env: { ...process.env, NODE_ENV: 'production' },
    });
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0
        ? resolve()
        : reject(new Error(`The studio's bundle could not be built (${signal ?? `exit ${code}`}).`)),
    );
  });
}

async function viteBuild(projectRoot: string, folder: string, quiet: boolean): Promise<void> {
  const { build } = await import('vite');
  await build({
    root: projectRoot,
    configFile: false,
    base: previewPath,
    mode: 'production',
    logLevel: quiet ? 'silent' : 'warn',
    plugins: [cssTimeUnits()],
    // The preview's edit-mode code stays in (src/components/edit-mode.ts).
    define: { 'import.meta.env.STUDIO_PREVIEW': 'true', 'process.env.NODE_ENV': '"production"' },
    resolve: { alias: { 'virtual:site': path.join(projectRoot, 'src/dev/fetched-shell.ts') } },
    build: {
      outDir: path.join(folder, 'client'),
      emptyOutDir: true,
      target: 'es2022',
      manifest: true,
      // The editors' app, loaded once per session from this server: its size is no visitor's cost.
      chunkSizeWarningLimit: 4096,
      rolldownOptions: {
        input: { preview: path.join(projectRoot, 'index.html'), studio: path.join(projectRoot, studioEntry) },
        onwarn(warning, warn) {
          if (warning.code !== 'MODULE_LEVEL_DIRECTIVE') warn(warning);
        },
      },
    },
  });
}

if (import.meta.main) {
  const [projectRoot, folder, quiet] = process.argv.slice(2);
  await viteBuild(projectRoot, folder, quiet === 'quiet');
}
