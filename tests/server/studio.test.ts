// The studio's server side against the real studio (`scripts/studio.ts`) on a temporary copy of the
// fixture site: what it prints, reads and writes, and every refusal.
import { request } from 'node:http';
import { mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maxUploadBytes } from '../../scripts/studio/images.ts';
import { startStudio, studioFetch, type TestStudio } from '../fixtures/studio.ts';
import { pixelBomb } from '../fixtures/pixel-bomb.ts';
import type { Changes } from '../../shared/review.ts';

let studio: TestStudio;
const contact = 'pages/contact.yaml';
const onDisk = (file: string) => readFile(path.join(studio.root, 'site', file), 'utf8');

interface Entry {
  version: string;
  route?: string;
  data: { title: string; sections: Record<string, unknown>[] } & Record<string, unknown>;
}
const open = async (file: string) =>
  (await (await studioFetch(studio, `entry?file=${encodeURIComponent(file)}`)).json()) as Entry;

/** Changed lines between two texts: [removed, added]. */
function lineDiff(before: string, after: string): [string[], string[]] {
  const a = before.split('\n');
  const b = after.split('\n');
  return [a.filter((l) => !b.includes(l)), b.filter((l) => !a.includes(l))];
}

beforeAll(async () => {
  studio = await startStudio();
}, 180_000);
afterAll(async () => {
  if (process.env.STUDIO_LOG) console.log(studio?.output());
  await studio?.stop();
});

describe('npm run studio', () => {
  it('prints exactly one line, the studio address on loopback', () => {
    expect(studio.output().trim().split('\n')).toEqual([`Studio: http://localhost:${studio.port}/_studio/`]);
  });

  it('serves the studio page with a per-run key', async () => {
    expect(studio.token).toMatch(/^[\w-]{40,}$/);
  });

  it('lists pages, articles, forms, settings and redirects', async () => {
    const entries = (await (await studioFetch(studio, 'entries')).json()) as {
      file: string;
      kind: string;
      route?: string;
    }[];
    const kinds = new Set(entries.map((e) => e.kind));
    for (const kind of ['page', 'article', 'form', 'settings', 'redirects']) expect(kinds).toContain(kind);
    expect(entries.find((e) => e.file === contact)?.route).toBe('/contact');
  });
});

describe('translations', () => {
  type Listed = {
    file: string;
    kind: string;
    translations?: { language: string; name: string; missing: number; outdated: number }[];
  };
  const listed = async () => (await (await studioFetch(studio, 'entries')).json()) as Listed[];
  const home = 'pages/home.yaml';

  it("list beside each page, article, form and the settings how far each of the site's other languages has it", async () => {
    const settings = (await open('site.yaml')).data as unknown as { languages: { code: string; name: string }[] };
    const others = settings.languages.slice(1).map(({ code, name }) => ({ language: code, name }));
    const entries = await listed();
    for (const entry of entries)
      if (entry.kind === 'page' || entry.kind === 'article' || entry.kind === 'form' || entry.kind === 'settings')
        expect(
          entry.translations?.map(({ language, name }) => ({ language, name })),
          entry.file,
        ).toEqual(others);
      else expect(entry.translations, entry.file).toBeUndefined();
    // A page nobody translated lacks texts in every language and has nothing outdated; the home
    // page's German translation was made from an older badge.
    const counts = (file: string) => entries.find((e) => e.file === file)!.translations!;
    expect(counts(contact).every((t) => t.missing > 0 && t.outdated === 0)).toBe(true);
    expect(counts(home)[0].outdated).toBeGreaterThan(0);
  });

  it('count a translation outdated once its original text is saved changed', async () => {
    const before = (await listed()).find((e) => e.file === home)!.translations!;
    const entry = await open(home);
    entry.data.title = `${entry.data.title} and more`;
    const saved = await studioFetch(studio, `save?file=${home}`, {
      body: { version: entry.version, data: entry.data },
    });
    expect(saved.status).toBe(200);
    const after = (await listed()).find((e) => e.file === home)!.translations!;
    // The first other language translates the title: that one translation is now out of date.
    expect(after[0]).toEqual({ ...before[0], outdated: before[0].outdated + 1 });
  });
});

describe("the pickers' lists", () => {
  it('name every address by its title, and a section by its page and its heading', async () => {
    const lists = (await (await studioFetch(studio, 'lists')).json()) as {
      routes: string[];
      titles: Record<string, string>;
    };
    expect(Object.keys(lists.titles).sort()).toEqual(lists.routes);
    const page = await open(contact);
    expect(lists.titles[page.route!]).toBe(page.data.title);
    const headed = page.data.sections.find((section) => section.id && section.title);
    expect(headed, 'the fixture contact page has a section with an id and a heading').toBeDefined();
    expect(lists.titles[`${page.route}#${String(headed!.id)}`]).toBe(`${page.data.title} › ${String(headed!.title)}`);
    for (const title of Object.values(lists.titles)) expect(title).not.toMatch(/^\/|\.ya?ml|\bundefined\b/);
  });
});

describe('reading', () => {
  it("refuses to open a file YAML cannot read, with the compiler's words but not its path, rather than guess its fields", async () => {
    const before = await onDisk(contact);
    const broken = before.replace(/^(  - type: \w+\n)    /m, '$1\t');
    expect(broken).not.toBe(before);
    await writeFile(path.join(studio.root, 'site', contact), broken);
    try {
      const response = await studioFetch(studio, `entry?file=${contact}`);
      expect(response.status).toBe(422);
      const { error } = (await response.json()) as { error: string };
      const line = broken.split('\n').findIndex((l) => l.startsWith('\t')) + 1;
      expect(error).toContain(`Line ${line}: this line is indented with a tab.`);
      expect(error).not.toContain('site/');
      // The list still names it, so it can be opened once fixed.
      const entries = (await (await studioFetch(studio, 'entries')).json()) as { file: string }[];
      expect(entries.map((e) => e.file)).toContain(contact);
    } finally {
      await writeFile(path.join(studio.root, 'site', contact), before);
    }
  });
});

describe('saving', () => {
  it('changes exactly the edited line', async () => {
    const before = await onDisk(contact);
    const entry = await open(contact);
    entry.data.title = 'Contact the Team';
    const response = await studioFetch(studio, `save?file=${contact}`, {
      body: { version: entry.version, data: entry.data },
    });
    expect(response.status).toBe(200);
    expect(lineDiff(before, await onDisk(contact))).toEqual([['title: Contact'], ['title: Contact the Team']]);
  });

  it('refuses an invalid edit with the message npm run validate gives, without its file and line, and writes nothing', async () => {
    const before = await onDisk(contact);
    const entry = await open(contact);
    entry.data.sections[0].type = 'heor';
    const response = await studioFetch(studio, `save?file=${contact}`, {
      body: { version: entry.version, data: entry.data },
    });
    expect(response.status).toBe(422);
    const body = (await response.json()) as { error: string; errors: { at: unknown[]; text: string }[] };
    expect(body.error).toMatch(
      /^Not saved: 1 problem to fix first\.\nsection 1 \(heor\) › type: unknown section type "heor"/,
    );
    expect(body.errors[0].at).toEqual(['sections', 0, 'type']);
    expect(await onDisk(contact)).toBe(before);
  });

  it('never overwrites a file edited on disk since it was opened', async () => {
    const entry = await open(contact);
    const elsewhere = (await onDisk(contact)).replace(
      'description: ',
      '# A comment from a text editor.\ndescription: ',
    );
    await writeFile(path.join(studio.root, 'site', contact), elsewhere);
    entry.data.title = 'Overwritten?';
    const response = await studioFetch(studio, `save?file=${contact}`, {
      body: { version: entry.version, data: entry.data },
    });
    expect(response.status).toBe(409);
    expect(((await response.json()) as { error: string }).error).toContain(
      'was changed by someone else since you opened it',
    );
    expect(await onDisk(contact)).toBe(elsewhere);
  });

  it('checks an edit live, placing each error at its field, in words without a file position', async () => {
    const entry = await open(contact);
    entry.data.description = 'Too short.';
    const body = (await (
      await studioFetch(studio, `check?file=${contact}`, { body: { data: entry.data } })
    ).json()) as { errors: { at: unknown[]; text: string }[] };
    expect(body.errors).toHaveLength(1);
    expect(body.errors[0].at).toEqual(['description']);
    expect(body.errors[0].text).toMatch(/^description: must be at least 50 characters long/);
  });
});

describe('the preview of an unsaved edit', () => {
  it('shows it to the window that typed it only; every other window, and none, sees the saved page', async () => {
    const entry = await open(contact);
    const dataUrl = `${studio.base}/_data${entry.route}.json`;
    const unsaved = 'A title only window one has typed';
    entry.data.title = unsaved;
    const windowOne = 'window-one-0001';
    const check = await studioFetch(studio, `check?file=${contact}`, {
      body: { data: entry.data },
      headers: { 'x-studio-window': windowOne },
    });
    expect(await check.json()).toMatchObject({ errors: [], previewing: true });
    const seenBy = async (headers: Record<string, string>) =>
      JSON.stringify(await (await fetch(dataUrl, { headers })).json());
    expect(await seenBy({ 'x-studio-window': windowOne })).toContain(unsaved);
    expect(await seenBy({ 'x-studio-window': 'window-two-0002' })).not.toContain(unsaved);
    expect(await seenBy({})).not.toContain(unsaved);
    // A check without a window previews nothing, and ends no one's preview.
    const windowless = await studioFetch(studio, `check?file=${contact}`, { body: { data: entry.data } });
    expect(await windowless.json()).toMatchObject({ previewing: false });
    expect(await seenBy({ 'x-studio-window': windowOne })).toContain(unsaved);
    // The window's edit back to the file ends its preview.
    const back = await open(contact);
    await studioFetch(studio, `check?file=${contact}`, {
      body: { data: back.data },
      headers: { 'x-studio-window': windowOne },
    });
    expect(await seenBy({ 'x-studio-window': windowOne })).not.toContain(unsaved);
  });
});

describe('refusals', () => {
  it('refuses a request without the key, with a foreign Origin, or a foreign Host', async () => {
    const entry = await open(contact);
    const save = { body: { version: entry.version, data: entry.data } };
    expect(
      (await studioFetch(studio, `save?file=${contact}`, { ...save, headers: { 'x-studio-token': 'guess' } })).status,
    ).toBe(403);
    expect(
      (await studioFetch(studio, `save?file=${contact}`, { ...save, headers: { origin: 'http://evil.example' } }))
        .status,
    ).toBe(403);
    expect((await studioFetch(studio, 'entries', { headers: { origin: 'http://evil.example' } })).status).toBe(403);
    // DNS rebinding: the attacker's name resolves to 127.0.0.1, so Host is theirs.
    const status = (hostHeader: string, pathName: string) =>
      new Promise<number>((resolve, reject) => {
        const req = request(
          {
            host: '127.0.0.1',
            port: studio.port,
            path: pathName,
            method: 'GET',
            headers: { host: hostHeader, 'x-studio-token': studio.token },
          },
          (res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
          },
        );
        req.on('error', reject);
        req.end();
      });
    expect(await status(`evil.example:${studio.port}`, '/_studio/api/entries')).toBe(403);
    expect(await status(`evil.example:${studio.port}`, '/_studio/')).toBe(403);
    expect(await status(`127.0.0.1:${studio.port}`, '/_studio/api/entries')).toBe(200);
  });

  it("gives its page the current key without the old one, and only to the studio's own address", async () => {
    const key = (headers: Record<string, string>) => fetch(`${studio.base}/_studio/api/key`, { headers });
    const answer = await key({ 'x-studio-token': 'old' });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(await answer.json()).toEqual({ key: studio.token });
    expect((await key({ origin: 'http://evil.example' })).status).toBe(403);
    expect((await key({ 'sec-fetch-site': 'cross-site' })).status).toBe(403);
    expect((await key({ 'sec-fetch-site': 'same-site' })).status).toBe(403);
    const foreign = await new Promise<number>((resolve, reject) =>
      request(
        {
          host: '127.0.0.1',
          port: studio.port,
          path: '/_studio/api/key',
          headers: { host: `evil.example:${studio.port}` },
        },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      )
        .on('error', reject)
        .end(),
    );
    expect(foreign).toBe(403);
  });

  it('refuses paths outside site/', async () => {
    for (const file of ['../package.json', 'pages/../../package.json', '/etc/passwd', 'pages/%2e%2e/x.yaml']) {
      const response = await studioFetch(studio, `save?file=${encodeURIComponent(file)}`, {
        body: { version: 'x', data: {} },
      });
      expect([403, 404]).toContain(response.status);
    }
    expect((await studioFetch(studio, `entry?file=${encodeURIComponent('pages/../../package.json')}`)).status).toBe(
      403,
    );
    // A link inside site/ that leads out of it.
    const outside = await mkdtemp(path.join(tmpdir(), 'outside-'));
    await writeFile(path.join(outside, 'x.yaml'), 'path: /x\n');
    await symlink(outside, path.join(studio.root, 'site', 'pages', 'out'));
    const response = await studioFetch(studio, `entry?file=${encodeURIComponent('pages/out/x.yaml')}`);
    expect(response.status).toBe(403);
    const write = await studioFetch(studio, `save?file=${encodeURIComponent('pages/out/x.yaml')}`, {
      body: { version: 'x', data: { path: '/y' } },
    });
    expect(write.status).toBe(403);
    expect(await readFile(path.join(outside, 'x.yaml'), 'utf8')).toBe('path: /x\n');
    await rm(path.join(studio.root, 'site', 'pages', 'out'));
  });

  it('uploads an image told by its content, and refuses other files and large ones', async () => {
    const png = Buffer.from(
      '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
        '1f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
      'hex',
    );
    const ok = await studioFetch(studio, 'upload?name=Team%20Photo.png', {
      body: png,
      headers: { 'content-type': 'application/octet-stream' },
    });
    expect(ok.status).toBe(201);
    expect(await ok.json()).toEqual({ src: '/images/team-photo.png', width: 1, height: 1 });
    expect(await readFile(path.join(studio.root, 'site', 'images', 'team-photo.png'))).toEqual(png);
    const script = await studioFetch(studio, 'upload?name=photo.png', {
      body: Buffer.from('<script>alert(1)</script>'),
      headers: { 'content-type': 'image/png' },
    });
    expect(script.status).toBe(415);
    const gif = await studioFetch(studio, 'upload?name=moving.gif', {
      body: Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'),
    });
    expect(gif.status).toBe(415);
    const big = await studioFetch(studio, 'upload?name=big.png', {
      body: Buffer.concat([png, Buffer.alloc(maxUploadBytes)]),
    });
    expect(big.status).toBe(413);
    const traversal = await studioFetch(studio, `upload?name=${encodeURIComponent('../../evil.png')}`, { body: png });
    expect(((await traversal.json()) as { src: string }).src).toBe('/images/evil.png');
  });

  it('refuses a decompression bomb in plain words, before decoding it, and writes nothing', async () => {
    const response = await studioFetch(studio, 'upload?name=bomb.png', { body: pixelBomb() });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({
      error: expect.stringMatching(
        /^This picture is 30000 × 30000 pixels \(900 megapixels\), more than the 100 megapixels .* a picture may have/,
      ),
    });
    await expect(readFile(path.join(studio.root, 'site', 'images', 'bomb.png'))).rejects.toThrow(/ENOENT/);
  });
});

describe('changes', () => {
  it('lists files changed since the last commit, each compared as data', async () => {
    const body = (await (await studioFetch(studio, 'changes')).json()) as Changes;
    expect(body.git).toBe(true);
    const change = body.files.find((f) => f.file === contact);
    expect(change?.changes).toContainEqual({
      kind: 'set',
      path: ['title'],
      before: 'Contact',
      after: 'Contact the Team',
    });
  });

  it('refuses a discard or a committed picture without the key or from another origin, and writes nothing', async () => {
    const before = await onDisk(contact);
    const discard = { body: { file: contact } };
    expect((await studioFetch(studio, 'discard', { ...discard, headers: { 'x-studio-token': 'guess' } })).status).toBe(
      403,
    );
    expect(
      (await studioFetch(studio, 'discard', { ...discard, headers: { origin: 'http://evil.example' } })).status,
    ).toBe(403);
    expect(
      (await studioFetch(studio, 'committed-image?file=images/logo.svg', { headers: { 'x-studio-token': 'guess' } }))
        .status,
    ).toBe(403);
    expect(await onDisk(contact)).toBe(before);
  });

  it("refuses the pickers' lists (every address and picture of the site) without the key or from another origin", async () => {
    expect((await studioFetch(studio, 'lists')).status).toBe(200);
    expect((await studioFetch(studio, 'lists', { headers: { 'x-studio-token': 'guess' } })).status).toBe(403);
    expect((await studioFetch(studio, 'lists', { headers: { origin: 'http://evil.example' } })).status).toBe(403);
  });
});
