// The studio's list of what is saved but not live (GET /_studio/api/unpublished) on a history of
// many saves: a copy of site/ in a repository of its own, with `commits` commits each changing one
// page's title (written by git fast-import, so the history takes seconds), nothing published and a
// served build that records the first commit, so every save counts. Measured through the route's
// own handler (scripts/studio/publish-routes.ts), as a signed-in editor: the first answer (cold),
// the same answer asked again (warm, the median), and six editors asking at once after a new save.
//   node scripts/bench/unpublished.ts [--commits=1000]
import { execFileSync } from 'node:child_process';
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import Fastify from 'fastify';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildRecordFile } from '../../server/releases/store.ts';
import { setEditor } from '../../server/studio-access/request-editor.ts';
import { unpublishedListed, type UnpublishedAnswer } from '../../shared/publishing.ts';
import { publishRoutes } from '../studio/publish-routes.ts';

export interface UnpublishedFigures {
  commits: number;
  listed: number;
  earlier: number;
  coldMs: number;
  warmMedianMs: number;
  warmRuns: number;
  /** Six requests at once after a new save: until the last answered. */
  sixAtOnceMs: number;
}

const identity = {
  GIT_AUTHOR_NAME: 'Bench',
  GIT_AUTHOR_EMAIL: 'bench@example.com',
  GIT_COMMITTER_NAME: 'Studio',
  GIT_COMMITTER_EMAIL: 'studio@localhost',
};
const git = (root: string, args: string[], input?: string) =>
  execFileSync('git', ['-C', root, ...args], {
    encoding: 'utf8',
    input,
    env: { ...process.env, ...identity },
    maxBuffer: 1 << 30,
  }).trim();

/** `commits` commits after HEAD, each setting one page's title, through one git fast-import. */
async function manySaves(root: string, commits: number): Promise<void> {
  const pages = ['home', 'contact', 'services', 'challenges', 'case-studies'];
  const texts = new Map<string, string>();
  for (const page of pages) texts.set(page, await readFile(path.join(root, 'site', 'pages', `${page}.yaml`), 'utf8'));
  const data = (text: string) => `data ${Buffer.byteLength(text)}\n${text}\n`;
  const start = Date.parse('2026-01-01T00:00:00Z') / 1000;
  let stream = '';
  for (let i = 1; i <= commits; i++) {
    const page = pages[i % pages.length];
    const text = texts.get(page)!.replace(/^title: .*$/m, `title: Title ${i}`);
    const when = `${start + i * 60} +0000`;
    stream +=
      `commit refs/heads/main\n` +
      `author Editor ${i % 7} <editor${i % 7}@example.com> ${when}\n` +
      `committer Studio <studio@localhost> ${when}\n` +
      data(`${page}: Title ${i}`) +
      (i === 1 ? `from ${git(root, ['rev-parse', 'HEAD'])}\n` : '') +
      `M 100644 inline site/pages/${page}.yaml\n` +
      data(text);
  }
  git(root, ['fast-import', '--quiet'], stream);
  git(root, ['reset', '-q', '--hard', 'main']);
}

export async function runUnpublished(projectRoot: string, commits = 1000): Promise<UnpublishedFigures> {
  const work = await mkdtemp(path.join(tmpdir(), 'bench-unpublished-'));
  try {
    const root = path.join(work, 'checkout');
    await mkdir(root);
    await cp(path.join(projectRoot, 'site'), path.join(root, 'site'), { recursive: true });
    git(root, ['init', '-q', '-b', 'main']);
    git(root, ['add', 'site']);
    git(root, ['commit', '-q', '-m', 'The site']);
    const distDir = path.join(work, 'dist');
    await mkdir(distDir);
    const first = git(root, ['rev-parse', 'HEAD']);
    await writeFile(
      path.join(distDir, buildRecordFile),
      JSON.stringify({ commit: first, at: new Date().toISOString() }),
    );
    await manySaves(root, commits);

    // The publishing routes as the studio's API runs them, asked by a signed-in editor.
    const app = Fastify();
    app.addHook('onRequest', async (request) => {
      setEditor(request.raw, { email: 'editor@example.com', role: 'editor', added: new Date().toISOString() });
    });
    await app.register(publishRoutes, { root, dataDir: path.join(work, 'data'), distDir });
    const ask = async () => {
      const started = performance.now();
      const result = await app.inject({ url: '/unpublished' });
      return { ms: performance.now() - started, body: result.json<UnpublishedAnswer>() };
    };
    const cold = await ask();
    const warmRuns = 20;
    const warm: number[] = [];
    for (let i = 0; i < warmRuns; i++) warm.push((await ask()).ms);
    warm.sort((a, b) => a - b);
    // A new save: six editors open the Publish view at once.
    await writeFile(path.join(root, 'site', 'pages', 'home.yaml'), '# one more save\n', { flag: 'a' });
    git(root, ['commit', '-q', '-am', 'Home: one more save']);
    const together = performance.now();
    await Promise.all(Array.from({ length: 6 }, ask));
    const sixAtOnceMs = performance.now() - together;
    await app.close();
    return {
      commits,
      listed: cold.body.changes.length,
      earlier: cold.body.earlier,
      coldMs: Math.round(cold.ms),
      warmMedianMs: Math.round(warm[Math.floor(warm.length / 2)] * 10) / 10,
      warmRuns,
      sixAtOnceMs: Math.round(sixAtOnceMs),
    };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

export const unpublishedRows = (f: UnpublishedFigures): string[][] => [
  [
    `unpublished list, ${f.commits.toLocaleString('en')} saves, warm (median of ${f.warmRuns})`,
    `${f.warmMedianMs} ms`,
    '< 300 ms',
  ],
  [
    `unpublished list, first answer (newest ${f.listed} listed, ${f.earlier.toLocaleString('en')} counted)`,
    `${f.coldMs} ms`,
    '',
  ],
  ['unpublished list, six editors at once after a save (one computation)', `${f.sixAtOnceMs} ms`, ''],
];

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const commits = Number(process.argv.find((a) => a.startsWith('--commits='))?.slice(10) ?? 1000);
  const figures = await runUnpublished(path.join(import.meta.dirname, '..', '..'), commits);
  console.log(JSON.stringify(figures, null, 2));
  if (figures.listed !== Math.min(unpublishedListed, commits)) process.exitCode = 1;
}
