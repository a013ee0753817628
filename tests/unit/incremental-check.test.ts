// The studio's check reuses what it knew of each file (scripts/content/site-memo.ts). Whatever the
// edit, its answer must be the one a compile from scratch gives (what `npm run validate` prints):
// the same errors at the same file, line and column, the same warnings and the same model. The
// memo holds one entry per file there is, and a file changed behind its back is read again.
import { cp, mkdtemp, readdir, readFile, rename, rm, stat, unlink, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatError } from '../../scripts/content/errors.ts';
import { loadSite, type LoadResult } from '../../scripts/content/load-site.ts';
import { memoOf } from '../../scripts/content/site-memo.ts';
import { routeData, siteShell } from '../../scripts/site-build/model-to-routes.ts';
import { fixtureSiteRoot } from '../fixtures/fixture-site.ts';

let root: string;
const scratch: string[] = [];

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'incremental-check-'));
  await cp(path.join(fixtureSiteRoot, 'site'), path.join(root, 'site'), { recursive: true });
});
afterAll(async () => {
  for (const dir of [root, ...scratch]) await rm(dir, { recursive: true, force: true });
});

const site = (file: string) => path.join(root, 'site', file);
const edit = async (file: string, change: (text: string) => string) => {
  const text = change(await readFile(site(file), 'utf8'));
  expect(text).not.toBe(await readFile(site(file), 'utf8'));
  return text;
};

/** Every file under site/ (the most entries the memo may hold). */
async function fileCount(): Promise<number> {
  const entries = await readdir(path.join(root, 'site'), { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).length;
}

/** The site as it is on disk (with `file` holding `text`), compiled from scratch in a copy no memo knows. */
async function fromScratch(includeDrafts: boolean, override?: [string, string]): Promise<LoadResult> {
  const copy = await mkdtemp(path.join(tmpdir(), 'incremental-scratch-'));
  scratch.push(copy);
  await cp(path.join(root, 'site'), path.join(copy, 'site'), { recursive: true });
  if (override) await writeFile(path.join(copy, 'site', override[0]), override[1]);
  expect(memoOf(copy).size.files).toBe(0);
  return loadSite({ root: copy, includeDrafts });
}

const answer = (result: LoadResult) => ({
  errors: result.errors.map(formatError),
  positions: result.errors,
  warnings: result.warnings.map(formatError),
  stats: result.stats,
  model: result.model,
});

/**
 * The check as the studio makes it (`override`: an edit not saved), in both modes (the studio's,
 * with drafts; `npm run validate`'s, without), equals the compile from scratch. What the studio then
 * makes of the model (the preview's route data) runs too, so a step that changed a remembered
 * object would show in the next comparison.
 */
async function expectSameAsFull(override?: [string, string]): Promise<LoadResult> {
  let studio: LoadResult | undefined;
  for (const includeDrafts of [true, false]) {
    const overrides = override ? new Map([override]) : undefined;
    const incremental = await loadSite({ root, includeDrafts, overrides });
    expect(answer(incremental)).toEqual(answer(await fromScratch(includeDrafts, override)));
    if (incremental.model) {
      routeData(incremental.model, () => undefined);
      siteShell(incremental.model);
    }
    studio ??= incremental;
  }
  const { files, edits } = memoOf(root).size;
  expect(files).toBeLessThanOrEqual(await fileCount());
  expect(edits).toBeLessThanOrEqual(8);
  return studio!;
}

const filesWithErrors = (result: LoadResult) => [...new Set(result.errors.map((error) => error.file))];

describe('the incremental check gives what a full validation gives', () => {
  it('walks a list of edits, unsaved and on disk, each judged as from scratch', async () => {
    const valid = await expectSameAsFull();
    expect(valid.errors).toEqual([]);

    // Unsaved edits (the studio's check): a word, a YAML slip, a schema error, a broken link.
    const word = await edit('blog/second-note.md', (t) => t.replace('fixture', 'fixture, edited,'));
    expect((await expectSameAsFull(['blog/second-note.md', word])).errors).toEqual([]);
    const slip = await edit('pages/contact.yaml', (t) => t.replace('title: Contact', 'title: Contact: us'));
    expect(filesWithErrors(await expectSameAsFull(['pages/contact.yaml', slip]))).toEqual(['site/pages/contact.yaml']);
    const schema = await edit('pages/contact.yaml', (t) => t.replace('    form: inquiry\n', ''));
    expect(filesWithErrors(await expectSameAsFull(['pages/contact.yaml', schema]))).toEqual([
      'site/pages/contact.yaml',
    ]);
    const link = await edit('blog/third-note.md', (t) => `${t}\nSee [the nowhere page](/nowhere).\n`);
    expect(filesWithErrors(await expectSameAsFull(['blog/third-note.md', link]))).toEqual(['site/blog/third-note.md']);
    // Those edits were never saved: the site on disk is judged as it is.
    expect((await expectSameAsFull()).errors).toEqual([]);

    // On disk: an article renamed (the links and the redirect to it break), then put back.
    await rename(site('blog/first-note.md'), site('blog/renamed-note.md'));
    const renamed = await expectSameAsFull();
    expect(filesWithErrors(renamed)).toEqual(expect.arrayContaining(['site/blog/second-note.md']));
    await rename(site('blog/renamed-note.md'), site('blog/first-note.md'));
    expect((await expectSameAsFull()).errors).toEqual([]);

    // A file deleted: the memo forgets it, and what used it is told.
    const before = memoOf(root).size.files;
    const contact = await readFile(site('pages/contact.yaml'));
    await unlink(site('pages/contact.yaml'));
    await expectSameAsFull();
    expect(memoOf(root).size.files).toBe(before - 1);
    await writeFile(site('pages/contact.yaml'), contact);
    expect((await expectSameAsFull()).errors).toEqual([]);

    // A picture replaced on disk by something that is no picture: inspected again.
    const cover = await readFile(site('images/blog/second-note.svg'));
    await writeFile(site('images/blog/second-note.svg'), 'not a picture at all');
    expect(filesWithErrors(await expectSameAsFull())).toEqual(expect.arrayContaining(['site/blog/second-note.md']));
    await writeFile(site('images/blog/second-note.svg'), cover);
    expect((await expectSameAsFull()).errors).toEqual([]);
  });

  it('reads a file changed behind its back, even at the same size and time; an unchanged one is not read again', async () => {
    const files = await fileCount();
    // The file's time in whole seconds, as a program that puts a time back can set it exactly.
    const file = site('pages/contact.yaml');
    const hourAgo = new Date(Math.floor(Date.now() / 1000) * 1000 - 3_600_000);
    await utimes(file, hourAgo, hourAgo);
    // Every stamp trusted: each is older than a write could hide in (polling reads the site again).
    await expect
      .poll(async () => (await memoOf(root).read(), memoOf(root).size.settled), { timeout: 30_000, interval: 250 })
      .toBe(files);
    const first = await loadSite({ root, includeDrafts: true });
    const { reads } = memoOf(root).size;
    const again = await loadSite({ root, includeDrafts: true });
    expect(memoOf(root).size.reads).toBe(reads);
    // Nothing changed: the same answers, not made again.
    expect(again.model!.pages).toEqual(first.model!.pages);
    expect(again.model!.pages.every((page, i) => page === first.model!.pages[i])).toBe(true);

    // Another program (git pull, a text editor) writes the same number of bytes and puts the old time back.
    const changed = await edit('pages/contact.yaml', (t) => t.replace('title: Contact', 'title: Kontakt'));
    expect(changed.length).toBe((await readFile(file, 'utf8')).length);
    await writeFile(file, changed);
    await utimes(file, hourAgo, hourAgo);
    expect((await stat(file)).mtimeMs).toBe(hourAgo.getTime());
    const seen = await expectSameAsFull();
    expect(seen.model!.pages.find((page) => page.path === '/contact')!.title).toBe('Kontakt');
    expect(memoOf(root).size.reads).toBeGreaterThan(reads);
    // The other pages are still the answers made before.
    const home = (result: LoadResult) => result.model!.pages.find((page) => page.path === '/')!;
    expect(home(seen)).toBe(home(first));

    // Two writes of the same size straight after each other (within one tick of the clock): the
    // second is seen however close it came, as the first one's stamp is not trusted yet.
    await writeFile(file, changed.replace('Kontakt', 'Contakt'));
    await loadSite({ root, includeDrafts: true });
    await writeFile(file, changed.replace('Kontakt', 'Kontact'));
    const last = await loadSite({ root, includeDrafts: true });
    expect(last.model!.pages.find((page) => page.path === '/contact')!.title).toBe('Kontact');
  });

  it('keeps at most one entry per file however many edits are checked', async () => {
    const text = await readFile(site('blog/fourth-note.md'), 'utf8');
    for (let i = 0; i < 30; i++)
      await loadSite({
        root,
        includeDrafts: true,
        overrides: new Map([['blog/fourth-note.md', `${text}\nWord ${i}.\n`]]),
      });
    for (let i = 0; i < 5; i++) {
      await writeFile(site('blog/fourth-note.md'), `${text}\nSaved ${i}.\n`);
      await loadSite({ root, includeDrafts: true });
    }
    const { files, edits } = memoOf(root).size;
    expect(files).toBe(await fileCount());
    expect(edits).toBeLessThanOrEqual(8);
  });
});
