// How the build's time grows with the number of pages: a copy of the project with generated pages
// added, built once per size.
import { buildSite } from '../build.ts';
import { addPages, tempProject } from './temp-project.ts';

export interface ScalingRow {
  pages: number;
  seconds: number;
  viteSeconds: number;
  compressSeconds: number;
  prerenderPerSecond: number;
}

export async function runScaling(extraPages: number[]): Promise<ScalingRow[]> {
  const rows: ScalingRow[] = [];
  const round = (n: number) => Number(n.toFixed(2));
  for (const extra of extraPages) {
    const dir = await tempProject();
    await addPages(dir, extra);
    const build = await buildSite({ root: dir, quiet: true });
    rows.push({
      pages: build.pages,
      seconds: round(build.seconds),
      viteSeconds: round(build.viteSeconds),
      compressSeconds: round(build.compressSeconds),
      prerenderPerSecond: Math.round(build.pages / build.renderSeconds),
    });
  }
  return rows;
}

/** The bench's table rows: pages, build, Vite, precompression, prerender rate. */
export const scalingRows = (rows: ScalingRow[]): (string | number)[][] =>
  rows.map((r) => [
    r.pages,
    `${r.seconds} s`,
    `${r.viteSeconds} s`,
    `${r.compressSeconds} s`,
    `${r.prerenderPerSecond} pages/s`,
  ]);
