// The editors list on real files: added, listed, role changed, removed; every kind of address that
// is not one plain e-mail address refused with its sentence; two processes adding at once both land;
// a damaged list refused whole. `npm run editors` itself is driven as a child process below.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, stat, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  addEditor,
  editorsFile,
  findEditor,
  normaliseEmail,
  readEditors,
  removeEditor,
} from '../../server/studio-access/editors.ts';

const writer = path.join(import.meta.dirname, '..', 'fixtures', 'studio-access-writer.ts');
let dataDir: string;
beforeEach(async () => {
  dataDir = path.join(await mkdtemp(path.join(tmpdir(), 'editors-')), 'data');
});
afterEach(() => rm(path.dirname(dataDir), { recursive: true, force: true }));

describe('normaliseEmail', () => {
  it('trims and lower-cases one plain address', () => {
    expect(normaliseEmail('  Ann.Lee+studio@Example.COM \n')).toBe('ann.lee+studio@example.com');
    expect(normaliseEmail("o'brien@mail.example.co.uk")).toBe("o'brien@mail.example.co.uk");
    expect(normaliseEmail('ann@xn--mnchen-3ya.de')).toBe('ann@xn--mnchen-3ya.de');
  });

  // Each refusal, with the sentence that says why.
  const refused: [string, string, RegExp][] = [
    ['nothing', '   ', /^Give an e-mail address, like name@example\.com\.$/],
    ['a line break (a header in the mail)', 'ann@example.com\nBcc: eve@evil.example', /one line: .*line break/],
    ['a carriage return', 'ann@example.com\rBcc: eve@evil.example', /one line/],
    ['a control character', 'ann\u0000@example.com', /control character/],
    ['a Unicode line separator', 'ann@example.com\u2028x', /one line/],
    ['a list', 'ann@example.com, bob@example.com', /one e-mail address at a time/],
    ['a list with semicolons', 'ann@example.com;bob@example.com', /one e-mail address at a time/],
    ['a display name', 'Ann Lee <ann@example.com>', /without a name, quotes or brackets/],
    ['angle brackets alone', '<ann@example.com>', /without a name, quotes or brackets/],
    ['a quoted local part', '"ann lee"@example.com', /without a name, quotes or brackets/],
    ['a comment', 'ann@example.com (Ann)', /without a name, quotes or brackets/],
    ['a space inside', 'ann lee@example.com', /^An e-mail address has no spaces\.$/],
    ['a tab inside', 'ann\tlee@example.com', /control character/],
    ['non-ASCII letters', 'zoë@example.com', /plain letters and digits/],
    ['no @', 'ann.example.com', /exactly one @/],
    ['two @', 'ann@lee@example.com', /exactly one @/],
    ['an empty mailbox', '@example.com', /before the @ is not a mailbox name/],
    ['a leading dot', '.ann@example.com', /before the @ is not a mailbox name/],
    ['two dots in a row', 'ann..lee@example.com', /before the @ is not a mailbox name/],
    ['a mailbox over 64 characters', `${'a'.repeat(65)}@example.com`, /before the @ is not a mailbox name/],
    ['a domain without a dot', 'ann@localhost', /after the @ must be a domain name/],
    ['an empty domain label', 'ann@example..com', /after the @ must be a domain name/],
    ['a domain label starting with a hyphen', 'ann@-example.com', /after the @ must be a domain name/],
    ['an address literal', 'ann@[127.0.0.1]', /after the @ must be a domain name/],
    ['a numeric top-level domain', 'ann@127.0.0.1', /after the @ must be a domain name/],
    [
      'an address over 254 characters',
      `ann@${['a', 'b', 'c', 'd'].map((c) => c.repeat(63)).join('.')}.com`,
      /at most 254/,
    ],
  ];
  it.each(refused)('refuses %s', (_, input, message) => {
    expect(() => normaliseEmail(input)).toThrow(message);
  });
});

describe('the list', () => {
  it('is empty until someone is added; adds, finds in any case, changes a role, removes', async () => {
    expect(await readEditors(dataDir)).toEqual([]);
    expect(await findEditor(dataDir, 'ann@example.com')).toBeUndefined();

    const when = new Date('2026-11-01T09:00:00.000Z');
    expect(await addEditor(dataDir, 'Ann@Example.com', 'editor', when)).toEqual({
      kind: 'added',
      editor: { email: 'ann@example.com', role: 'editor', added: when.toISOString() },
    });
    await addEditor(dataDir, 'bob@example.com', 'publisher');
    expect((await readEditors(dataDir)).map((e) => [e.email, e.role])).toEqual([
      ['ann@example.com', 'editor'],
      ['bob@example.com', 'publisher'],
    ]);
    expect(await findEditor(dataDir, ' ANN@example.com ')).toMatchObject({ email: 'ann@example.com', role: 'editor' });
    // Not an address at all: simply nobody (the sign-in page answers the same either way).
    expect(await findEditor(dataDir, 'ann@example.com\nx')).toBeUndefined();

    // Adding again changes the role, keeping when they were first added.
    expect(await addEditor(dataDir, 'ann@example.com', 'publisher')).toEqual({
      kind: 'role-changed',
      from: 'editor',
      editor: { email: 'ann@example.com', role: 'publisher', added: when.toISOString() },
    });
    expect(await addEditor(dataDir, 'ann@example.com', 'publisher')).toMatchObject({ kind: 'unchanged' });
    expect(await readEditors(dataDir)).toHaveLength(2);

    expect(await removeEditor(dataDir, 'ANN@example.com')).toMatchObject({ email: 'ann@example.com' });
    expect(await removeEditor(dataDir, 'ann@example.com')).toBeUndefined();
    expect((await readEditors(dataDir)).map((e) => e.email)).toEqual(['bob@example.com']);
    // Who may sign in is personal data and a key to the studio: readable by the server's user only.
    expect((await stat(editorsFile(dataDir))).mode & 0o777).toBe(0o600);
  });

  it('refuses a bad address or role and writes nothing', async () => {
    await expect(addEditor(dataDir, 'Ann <ann@example.com>', 'editor')).rejects.toThrow(/without a name/);
    await expect(addEditor(dataDir, 'ann@example.com', 'owner' as 'editor')).rejects.toThrow(
      'The role is editor or publisher, not "owner".',
    );
    await expect(removeEditor(dataDir, 'ann, bob')).rejects.toThrow(/one e-mail address at a time/);
    await expect(stat(editorsFile(dataDir))).rejects.toThrow(/ENOENT/);
  });

  it('two processes adding 25 people each at once: all 50 land', async () => {
    const run = (name: string) => promisify(execFile)(process.execPath, [writer, 'editors', dataDir, name, '25']);
    await Promise.all([run('ann'), run('bob')]);
    const emails = (await readEditors(dataDir)).map((e) => e.email).sort();
    const expected = ['ann', 'bob'].flatMap((name) => Array.from({ length: 25 }, (_, i) => `${name}-${i}@example.com`));
    expect(emails).toEqual(expected.sort());
  }, 120_000);

  it('many changes at once in one process: none is lost', async () => {
    await Promise.all(Array.from({ length: 20 }, (_, i) => addEditor(dataDir, `p${i}@example.com`, 'editor')));
    await Promise.all(Array.from({ length: 10 }, (_, i) => removeEditor(dataDir, `p${i * 2}@example.com`)));
    expect((await readEditors(dataDir)).map((e) => e.email).sort()).toEqual(
      Array.from({ length: 10 }, (_, i) => `p${i * 2 + 1}@example.com`).sort(),
    );
  });

  // A damaged or hand-edited list is refused whole, naming the problem, rather than half-trusted.
  const damaged: [string, string, RegExp][] = [
    ['not JSON', '[{"email": "ann@exa', /it is not JSON/],
    ['not a list', '{"ann@example.com": "editor"}', /it is not a list/],
    ['an entry that is not an object', '["ann@example.com"]', /entry 1 is not an object/],
    [
      'a bad address',
      '[{"email":"Ann <ann@example.com>","role":"editor","added":"2026-11-01T09:00:00Z"}]',
      /entry 1 has no valid e-mail address \(Give the address alone/,
    ],
    [
      'an unknown role',
      '[{"email":"ann@example.com","role":"admin","added":"2026-11-01T09:00:00Z"}]',
      /entry 1 \(ann@example\.com\) has no role editor or publisher/,
    ],
    ['no date', '[{"email":"ann@example.com","role":"editor"}]', /has no date/],
    [
      'someone twice',
      '[{"email":"ann@example.com","role":"editor","added":"2026-11-01T09:00:00Z"},{"email":"ANN@example.com","role":"publisher","added":"2026-11-01T09:00:00Z"}]',
      /ann@example\.com is listed twice/,
    ],
  ];
  it.each(damaged)('refuses a list with %s, and changes nothing', async (_, text, message) => {
    await mkdir(dataDir, { recursive: true });
    await writeFile(editorsFile(dataDir), text);
    await expect(readEditors(dataDir)).rejects.toThrow(message);
    await expect(readEditors(dataDir)).rejects.toThrow(/Fix it, or remove it and add the editors again/);
    await expect(addEditor(dataDir, 'bob@example.com', 'editor')).rejects.toThrow(message);
    expect(await readFile(editorsFile(dataDir), 'utf8')).toBe(text);
  });
});
