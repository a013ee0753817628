// The build's two Vite bundles, the browser's (into the output folder) and the prerenderer's,
// taken from the build cache when their inputs are unchanged (build-cache.ts), else built and stored.
import { cp } from 'node:fs/promises';
import path from 'node:path';
import { build as viteBuild, mergeConfig } from 'vite';
import { BundleCache, bundleInputsKey, type Bundles } from './build-cache.ts';
import { siteViteConfig } from './vite-config.ts';
import type { SiteShell } from '../../shared/route-data.ts';

export interface BundleOptions {
  root: string;
  contentRoot: string;
  outDir: string;
  mode: 'production' | 'development';
  shell: SiteShell;
  quiet?: boolean;
}

/** Leaves the browser bundle in outDir (emptied first) and returns where both bundles are, and their key. */
export async function siteBundles(
  cache: BundleCache,
  { root, contentRoot, outDir, mode, shell, quiet }: BundleOptions,
): Promise<Bundles & { key: string }> {
  const includeDrafts = false;
  const key = await bundleInputsKey({ projectRoot: root, shell: JSON.stringify(shell), mode, includeDrafts });
  const stored = await cache.get(key);
  if (stored) {
    await BundleCache.restore(stored, outDir);
    return { ...stored, key };
  }
  const config = (overrides: Parameters<typeof mergeConfig>[1]) =>
    mergeConfig(siteViteConfig({ contentRoot, includeDrafts }), {
      root,
      configFile: false,
      logLevel: quiet ? 'silent' : 'warn',
      ...overrides,
    });
  const made = await cache.put(key, async (folder) => {
    await viteBuild(
      config({
        mode,
        ...(mode === 'development' && { define: { 'process.env.NODE_ENV': '"development"' } }),
        build: { outDir, emptyOutDir: true, minify: mode === 'production', manifest: true },
      }),
    );
    await cp(outDir, path.join(folder, 'client'), { recursive: true });
    await viteBuild(
      config({
        build: {
          ssr: 'src/entry-server.tsx',
          outDir: path.join(folder, 'ssr'),
          emptyOutDir: true,
          copyPublicDir: false,
        },
      }),
    );
  });
  // The stored browser bundle is what the pages' keys name (another build may have stored its own first).
  await BundleCache.restore(made, outDir);
  return { ...made, key };
}
