// The studio's Save proves each write, on the real studio (`scripts/studio.ts`) over a temporary
// copy of the fixture site: a change the writer cannot write so that the file reads back as meant
// is refused in plain words with nothing written, and a file in another common style (lists flush
// with their key, Windows line endings) keeps that style with only the edited line changed.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseDocument } from 'yaml';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { parseOptions } from '../../scripts/content/yaml-source.ts';
import { restoreSite, startStudio, studioFetch, type TestStudio } from '../fixtures/studio.ts';

let studio: TestStudio;
const contact = 'pages/contact.yaml';
const onDisk = (file: string) => readFile(path.join(studio.root, 'site', file), 'utf8');

interface Entry {
  version: string;
  data: Record<string, unknown>;
}
const open = async (file: string) =>
  (await (await studioFetch(studio, `entry?file=${encodeURIComponent(file)}`)).json()) as Entry;
const save = (file: string, entry: Entry) =>
  studioFetch(studio, `save?file=${file}`, { body: { version: entry.version, data: entry.data } });

beforeAll(async () => {
  studio = await startStudio();
}, 180_000);
afterAll(async () => {
  await studio?.stop();
});

it('refuses a change that would not read back as meant, in plain words, and writes nothing', async () => {
  restoreSite(studio);
  const before = await onDisk(contact);
  const entry = await open(contact);
  // A key named << is read by YAML 1.1 as a merge of another map, whatever way it is written.
  entry.data['<<'] = { title: 'Merged' };
  const response = await save(contact, entry);
  expect(response.status).toBe(422);
  expect(((await response.json()) as { error: string }).error).toMatch(
    /^Not saved: part of this is written in a way the studio cannot keep exactly as it is while saving your change, so nothing was changed\./,
  );
  expect(await onDisk(contact)).toBe(before);
});

it('saves a file written with lists flush with their key and Windows line endings, changing only the edited line', async () => {
  restoreSite(studio);
  const flush = parseDocument(await onDisk(contact), parseOptions)
    .toString({ indentSeq: false })
    .replaceAll('\n', '\r\n');
  expect(flush).toMatch(/\r\n- type: /);
  await writeFile(path.join(studio.root, 'site', contact), flush);
  const entry = await open(contact);
  const title = entry.data.title as string;
  entry.data.title = `${title} and more`;
  const response = await save(contact, entry);
  expect(response.status).toBe(200);
  const written = await onDisk(contact);
  const [a, b] = [flush.split('\r\n'), written.split('\r\n')];
  expect(written.replaceAll('\r\n', '')).not.toContain('\n');
  expect(b.filter((line) => !a.includes(line))).toEqual([`title: ${title} and more`]);
  expect(a.filter((line) => !b.includes(line))).toEqual([`title: ${title}`]);
});
