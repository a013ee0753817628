// Moving, renaming and deleting a page or an article (scripts/studio/link-finder.ts, move-plan.ts,
// rename-routes.ts) on a copy of the fixture site: the links found from the schema, the rewrites,
// the change judged and written whole or not at all, one commit, and each refusal in words.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadSite } from '../../scripts/content/load-site.ts';
import { siteFiles } from '../../shared/confined-files.ts';
import { SaveCommits } from '../../scripts/studio/commit-save.ts';
import { versionOf } from '../../scripts/studio/files.ts';
import { findLinks, pathFields, retargetMarkdown, type ContentFile } from '../../scripts/studio/link-finder.ts';
import { planDelete, planMove } from '../../scripts/studio/move-plan.ts';
import { applyAll, judgedAsMove } from '../../scripts/studio/rename-routes.ts';
import { editedText, judge } from '../../scripts/studio/entries.ts';
import { fixtureSite } from '../fixtures/studio.ts';
import { reservedAddresses } from '../../shared/reserved-addresses.ts';

let root: string;
const git = (...args: string[]) =>
  execFileSync('git', ['-C', root, '-c', 'user.name=Test', '-c', 'user.email=test@example.com', ...args], {
    encoding: 'utf8',
  }).trimEnd();
const read = (file: string) => readFileSync(path.join(root, 'site', file), 'utf8');
const version = (file: string) => versionOf(read(file));
/** The lines git shows removed and added in one file. */
const changed = (file: string) => {
  const lines = git('diff', '--unified=0', 'HEAD', '--', `site/${file}`)
    .split('\n')
    .filter((line) => !/^(diff |index |--- |\+\+\+ |@@ )/.test(line));
  return { removed: lines.filter((l) => l.startsWith('-')), added: lines.filter((l) => l.startsWith('+')) };
};

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'studio-rename-'));
  cpSync(fixtureSite, path.join(root, 'site'), { recursive: true });
  git('init', '-q');
  git('add', '.');
  git('commit', '-q', '-m', 'fixture');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** Every data path whose last key is `to` (the fixture's link fields), found without the schema. */
function toFields(value: unknown, at: (string | number)[] = []): string[] {
  if (Array.isArray(value)) return value.flatMap((item, i) => toFields(item, [...at, i]));
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, child]) =>
    key === 'to' && typeof child === 'string' ? [JSON.stringify([...at, key])] : toFields(child, [...at, key]),
  );
}

describe('the link finder', () => {
  it('finds every link field of the fixture from the schema (each `to`, and a redirect’s from and to)', () => {
    for (const [file, kind] of [
      ['pages/home.yaml', 'page'],
      ['pages/offer.yaml', 'page'],
      ['site.yaml', 'settings'],
    ] as const) {
      const data = parse(read(file)) as ContentFile['data'];
      const found = pathFields(kind, data).map((at) => JSON.stringify(at));
      expect(found.sort(), file).toEqual(toFields(data).sort());
      expect(found.length, file).toBeGreaterThan(1);
    }
    const redirects = parse(read('redirects.yaml')) as ContentFile['data'];
    expect(pathFields('redirects', redirects)).toEqual([
      ['redirects', 0, 'from'],
      ['redirects', 0, 'to'],
      ['redirects', 1, 'from'],
      ['redirects', 1, 'to'],
    ]);
  });

  it('finds links in Markdown bodies and names each place in the studio’s words', () => {
    const entries: ContentFile[] = [
      {
        file: 'pages/home.yaml',
        kind: 'page',
        title: 'Home',
        data: parse(read('pages/home.yaml')) as ContentFile['data'],
      },
      {
        file: 'documents/paper.md',
        kind: 'document',
        title: 'paper',
        data: {},
        body: 'One [link](/offer#prices).\n\nAnd [another](/offers) and [a third](/offer?from=paper).\n',
      },
    ];
    const links = findLinks(entries, '/offer');
    expect(links.map((l) => [l.file, l.href, l.where])).toEqual([
      ['pages/home.yaml', '/offer', expect.stringMatching(/^Home › .+ › Link to$/)],
      ['documents/paper.md', '/offer#prices', 'paper › Text, line 1'],
      ['documents/paper.md', '/offer?from=paper', 'paper › Text, line 3'],
    ]);
  });

  it('points Markdown links elsewhere, their anchors and queries kept, other addresses untouched', () => {
    const text = 'See [a](/offer#prices), [b](/offers), [c](/offer?x=1) and [d](/offer).\n`[e](/offer)` stays code.\n';
    expect(retargetMarkdown(text, '/offer', '/deals')).toBe(
      'See [a](/deals#prices), [b](/offers), [c](/deals?x=1) and [d](/deals).\n`[e](/offer)` stays code.\n',
    );
  });
});

describe('renaming a page', () => {
  it('moves the address, adds the redirect and updates every link in one change that leaves the site valid', async () => {
    const plan = await planMove(root, {
      file: 'pages/offer.yaml',
      version: version('pages/offer.yaml'),
      address: '/special-offer',
    });
    expect(plan.problems).toEqual([]);
    expect(plan.changes[0].file).toBe('pages/offer.yaml');
    expect(plan.changes.map((c) => c.file).sort()).toEqual(
      [
        'blog/first-note.md',
        // Its German translation's body links to the offer too.
        'blog/first-note.de.md',
        'blog/fourth-note.md',
        'blog/second-note.md',
        'blog/third-note.md',
        'documents/paper.md',
        'pages/home.yaml',
        'pages/offer.yaml',
        'redirects.yaml',
        'site.yaml',
      ].sort(),
    );
    expect(plan.links.map((l) => l.file)).toContain('site.yaml');
    const german = plan.changes.find((c) => c.file === 'blog/first-note.de.md')!;
    expect(german.after).toContain('](/special-offer)');
    expect(german.after).not.toContain('](/offer)');
    // Nothing is written by the plan.
    expect(git('status', '--porcelain')).toBe('');

    const commits = new SaveCommits(root);
    const before = git('rev-parse', 'HEAD');
    await commits.record(
      { name: 'ed', email: 'ed@example.com' },
      {
        write: () => applyAll(siteFiles(root), plan.changes),
        files: () => plan.changes.map((c) => c.file),
        undo: async () => undefined,
      },
    );
    // One commit by the editor holds every file.
    expect(git('rev-list', '--count', `${before}..HEAD`)).toBe('1');
    expect(git('log', '-1', '--format=%ae')).toBe('ed@example.com');
    expect(git('show', '--name-only', '--format=', 'HEAD').split('\n').sort()).toEqual(
      plan.changes.map((c) => `site/${c.file}`).sort(),
    );
    expect(git('log', '-1', '--format=%s')).toMatch(/^Offer/);

    const result = await loadSite({ root, includeDrafts: true });
    expect(result.errors).toEqual([]);
    expect(parse(read('redirects.yaml'))).toEqual({
      redirects: [
        { from: '/resources/blogs/old-first-note', to: '/resources/blogs/first-note' },
        { from: '/offers', to: '/special-offer' },
        { from: '/offer', to: '/special-offer' },
      ],
    });
    expect(read('documents/paper.md')).toContain('[a link to the offer](/special-offer)');
    // Each file changes only the lines it must.
    git('reset', '-q', '--soft', 'HEAD~1');
    expect(changed('pages/offer.yaml')).toEqual({ removed: ['-path: /offer'], added: ['+path: /special-offer'] });
    expect(changed('site.yaml')).toEqual({ removed: ['-      to: /offer'], added: ['+      to: /special-offer'] });
    expect(changed('redirects.yaml')).toEqual({
      removed: ['-    to: /offer'],
      added: ['+    to: /special-offer', '+  - from: /offer', '+    to: /special-offer'],
    });
  });

  it('saves the editor’s other edits of the page with the move', async () => {
    const data = { ...(parse(read('pages/offer.yaml')) as Record<string, unknown>), title: 'Deals' };
    const plan = await planMove(root, {
      file: 'pages/offer.yaml',
      version: version('pages/offer.yaml'),
      address: '/deals',
      redirect: false,
      edit: { data: data as ContentFile['data'] },
    });
    expect(plan.problems).toEqual([]);
    expect(plan.changes.find((c) => c.file === 'redirects.yaml')?.after).toContain('to: /deals');
    expect(plan.changes.find((c) => c.file === 'pages/offer.yaml')?.after).toMatch(/path: \/deals\ntitle: Deals\n/);
  });

  it('without updating links, leaves them to the redirect; with neither, the broken links are the problems', async () => {
    const base = { file: 'pages/offer.yaml', version: version('pages/offer.yaml'), address: '/deals' };
    const viaRedirect = await planMove(root, { ...base, updateLinks: false });
    expect(viaRedirect.problems).toEqual([]);
    expect(viaRedirect.changes.map((c) => c.file).sort()).toEqual(['pages/offer.yaml', 'redirects.yaml']);
    const neither = await planMove(root, { ...base, updateLinks: false, redirect: false });
    expect(neither.problems).toContainEqual(expect.stringMatching(/^Page “home”: .*"\/offer" is not a page/));
  });

  it('refuses an address already taken, a redirect’s address, and a file changed meanwhile', async () => {
    const file = 'pages/offer.yaml';
    await expect(planMove(root, { file, version: version(file), address: '/contact' })).rejects.toMatchObject({
      status: 409,
      message: expect.stringMatching(/^"\/contact" is already the address of [^()]+\. Choose another address\.$/),
    });
    await expect(
      planMove(root, { file: 'pages/contact.yaml', version: version('pages/contact.yaml'), address: '/offers' }),
    ).rejects.toMatchObject({
      status: 409,
      message:
        '"/offers" already sends visitors on to "/offer" (site/redirects.yaml). Choose another address, or remove that redirect first.',
    });
    await expect(planMove(root, { file, version: 'old', address: '/deals' })).rejects.toMatchObject({
      status: 409,
      message: expect.stringMatching(/^Page “offer” was changed by someone else since you opened it/),
    });
  });

  it('refuses every address the server or the build answers itself, in words, before anything is planned', async () => {
    const file = 'pages/offer.yaml';
    await expect(planMove(root, { file, version: version(file), address: '/healthz' })).rejects.toMatchObject({
      status: 400,
      message:
        '"/healthz" belongs to the site itself (the server\'s own check), so no page can be shown there. Choose another address.',
    });
    for (const { path: reserved, reach } of reservedAddresses)
      for (const address of reach === 'exact'
        ? [reserved]
        : reach === 'folder'
          ? [reserved, `${reserved}/x`]
          : [`${reserved}x`])
        await expect(planMove(root, { file, version: version(file), address }), address).rejects.toMatchObject({
          status: 400,
          message: expect.stringContaining(`"${address}" belongs to the site itself`),
        });
    expect(git('status', '--porcelain')).toBe('');
  });

  it('takes a rename back: the redirect from the address it returns to goes, so nothing loops', async () => {
    const plan = await planMove(root, {
      file: 'pages/offer.yaml',
      version: version('pages/offer.yaml'),
      address: '/offers',
    });
    expect(plan.problems).toEqual([]);
    await applyAll(siteFiles(root), plan.changes);
    expect(parse(read('redirects.yaml'))).toEqual({
      redirects: [
        { from: '/resources/blogs/old-first-note', to: '/resources/blogs/first-note' },
        { from: '/offer', to: '/offers' },
      ],
    });
    expect((await loadSite({ root, includeDrafts: true })).errors).toEqual([]);
  });

  it('writes every file or none: a file changed after the plan takes back the files written before it', async () => {
    const plan = await planMove(root, {
      file: 'pages/offer.yaml',
      version: version('pages/offer.yaml'),
      address: '/deals',
    });
    const last = plan.changes.at(-1)!.file;
    writeFileSync(path.join(root, 'site', last), `${read(last)}\n`);
    await expect(applyAll(siteFiles(root), plan.changes)).rejects.toMatchObject({ status: 409 });
    expect(git('status', '--porcelain')).toBe(` M site/${last}`);
  });
});

describe('renaming and deleting an article', () => {
  it('renames the file and updates links, Recommended reading, the sidebar and the redirect to it', async () => {
    const file = 'blog/second-note.md';
    const plan = await planMove(root, { file, version: version(file), address: '/resources/blogs/later-note' });
    expect(plan.problems).toEqual([]);
    expect(plan.file).toBe('blog/later-note.md');
    expect(plan.changes.slice(0, 2).map((c) => [c.file, c.before === undefined, c.after === undefined])).toEqual([
      ['blog/later-note.md', true, false],
      ['blog/second-note.md', false, true],
    ]);
    expect(plan.links.map((l) => l.where)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^First Fixture Note › Recommended reading › .+ › Article$/),
        expect.stringMatching(/Related articles/),
      ]),
    );
    // One commit holds the new file, the old one's removal and every updated reference.
    await new SaveCommits(root).record(
      { name: 'ed', email: 'ed@example.com' },
      {
        write: () => applyAll(siteFiles(root), plan.changes),
        files: () => plan.changes.map((c) => c.file),
        undo: async () => undefined,
      },
    );
    expect(git('status', '--porcelain', '--untracked-files=all')).toBe('');
    expect(git('show', '--name-status', '--no-renames', '--format=', 'HEAD')).toMatch(
      /A\tsite\/blog\/later-note\.md[\s\S]*D\tsite\/blog\/second-note\.md/,
    );
    expect((await loadSite({ root, includeDrafts: true })).errors).toEqual([]);
    expect(read('blog/first-note.md')).toMatch(/- slug: later-note\n[\s\S]*sidebar:\n {2}- later-note\n/);
    expect(read('redirects.yaml')).toContain('from: /resources/blogs/second-note');
  });

  it('refuses an address outside the blog or with capitals', async () => {
    const file = 'blog/second-note.md';
    await expect(planMove(root, { file, version: version(file), address: '/Second' })).rejects.toMatchObject({
      status: 400,
      message: expect.stringMatching(/^An article's address is \/resources\/blogs\/ followed by lowercase letters/),
    });
  });

  it('deleting lists what links there first; without a redirect the broken links are problems', async () => {
    const plan = await planDelete(root, { file: 'pages/offer.yaml', version: version('pages/offer.yaml') });
    expect(plan.links.length).toBeGreaterThan(5);
    expect(plan.problems.length).toBeGreaterThan(0);
    const sent = await planDelete(root, {
      file: 'pages/offer.yaml',
      version: version('pages/offer.yaml'),
      redirectTo: '/contact',
    });
    expect(sent.problems).toEqual([]);
    await applyAll(siteFiles(root), sent.changes);
    expect((await loadSite({ root, includeDrafts: true })).errors).toEqual([]);
    expect(read('redirects.yaml')).toMatch(
      /from: \/offers\n {4}to: \/contact\n[\s\S]*from: \/offer\n {4}to: \/contact\n/,
    );
  });

  it('deleting an article drops it from Recommended reading and the sidebar', async () => {
    const file = 'blog/third-note.md';
    const plan = await planDelete(root, { file, version: version(file) });
    expect(plan.problems).toEqual([]);
    await applyAll(siteFiles(root), plan.changes);
    expect(read('blog/first-note.md')).not.toContain('third-note');
    expect((await loadSite({ root, includeDrafts: true })).errors).toEqual([]);
  });

  it("moves an article's translations with it, and deletes them with it", async () => {
    const file = 'blog/first-note.md';
    const translations = (await readdir(path.join(root, 'site', 'blog'))).filter((name) =>
      /^first-note\.[a-zA-Z-]+\.md$/.test(name),
    );
    expect(translations.length).toBeGreaterThan(0);
    const moved = await planMove(root, { file, version: version(file), address: '/resources/blogs/opening-note' });
    expect(moved.problems).toEqual([]);
    await applyAll(siteFiles(root), moved.changes);
    const renamed = translations.map((name) => `blog/${name.replace('first-note', 'opening-note')}`);
    for (const name of renamed) expect(read(name)).toBeTruthy();
    const after = await loadSite({ root, includeDrafts: true });
    expect(after.errors).toEqual([]);
    expect(after.warnings.map((w) => w.file)).not.toEqual(expect.arrayContaining(renamed.map((n) => `site/${n}`)));

    const gone = await planDelete(root, {
      file: 'blog/opening-note.md',
      version: version('blog/opening-note.md'),
      redirectTo: '/contact',
    });
    expect(
      gone.changes
        .filter((c) => c.after === undefined)
        .map((c) => c.file)
        .sort(),
    ).toEqual(['blog/opening-note.md', ...renamed].sort());
    expect(gone.problems).toEqual([]);
  });

  it('refuses a redirect that would loop, and an address that is no page', async () => {
    const file = 'pages/offer.yaml';
    await expect(planDelete(root, { file, version: version(file), redirectTo: '/offers' })).rejects.toMatchObject({
      status: 409,
      message:
        'Sending visitors from "/offer" to "/offers" would go round in a loop: /offer → /offers → /offer. Choose another page.',
    });
    await expect(planDelete(root, { file, version: version(file), redirectTo: '/nowhere' })).rejects.toMatchObject({
      status: 400,
      message: '"/nowhere" is not a page or an article of this site. Choose one that is.',
    });
  });
});

describe('the live check of a new address', () => {
  it('leaves out the links Save will update, and keeps them when no move can be offered', async () => {
    const checked = async (file: string, address: string) => {
      const edit = {
        data: { ...(parse(read(file)) as Record<string, unknown>), path: address } as ContentFile['data'],
      };
      const verdict = await judge(root, file, editedText('page', read(file), edit));
      return { plain: verdict.elsewhere, asMove: (await judgedAsMove(root, file, edit, verdict)).elsewhere };
    };
    const moved = await checked('pages/offer.yaml', '/deals');
    expect(moved.plain).toContainEqual(expect.stringMatching(/"\/offer" is not a page/));
    expect(moved.asMove).toEqual([]);
    // An address a redirect has for another page: the move is refused, so the check stays as it was.
    const refused = await checked('pages/contact.yaml', '/offers');
    expect(refused.asMove).toEqual(refused.plain);
    expect(refused.asMove).toContainEqual(expect.stringMatching(/"\/contact" is not a page/));
  });
});
