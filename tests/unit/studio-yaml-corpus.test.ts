// The writer on YAML written by others (tests/fixtures/yaml-corpus.ts): seeded random edits of
// every kind the studio makes, each save read back independently. Zero wrong data (a text that
// reads as other data than meant), zero crashes (a document the writer cannot change is refused
// with its plain message), and an unchanged save changes no byte. On files as people write them
// (not the YAML test suite's syntax corners) no line outside the edited value changes, no comment
// is lost (a comment on a block text's header line included) and a moved item keeps its lines. The measured lines changed per edit are printed; the
// studio's guide states them. YAML_EDIT_SEED and YAML_EDIT_ROUNDS vary the run.
import { isMap, isNode, isSeq, parseDocument, Scalar, visit, type Node } from 'yaml';
import { expect, it } from 'vitest';
import { parseOptions } from '../../scripts/content/yaml-source.ts';
import { changedLines } from '../../scripts/studio/line-merge.ts';
import { readData, sameData } from '../../scripts/studio/yaml-proof.ts';
import { writeYaml, YamlWriteError } from '../../scripts/studio/yaml-write.ts';
import { loadCorpus } from '../fixtures/yaml-corpus.ts';
import { editKinds, randomEdit, type EditKind } from '../fixtures/yaml-edits.ts';
import { random } from '../fixtures/yaml-slips.ts';

const seed = Number(process.env.YAML_EDIT_SEED ?? 21);
// One edit of each kind per document in `npm test`; YAML_EDIT_ROUNDS=10 for a longer run.
const rounds = Number(process.env.YAML_EDIT_ROUNDS ?? 1);

const seedOf = (id: string) => [...id].reduce((hash, char) => (Math.imul(hash, 31) + char.charCodeAt(0)) >>> 0, seed);
const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))] ?? 0;
/**
 * The lines [first, last] of the original that an edit may change: those of the value it touches
 * (with its key, the comments and blank lines just above and the blank lines below), or undefined when the path passes
 * through an alias or merge and has no lines of its own.
 */
function linesTouched(text: string, path: (string | number)[]): [number, number] | undefined {
  const doc = parseDocument(text, { ...parseOptions, prettyErrors: false, logLevel: 'error' });
  let node: unknown = doc.contents;
  let start: number | undefined = (node as Node | null)?.range?.[0];
  for (const step of path) {
    if (isMap(node)) {
      const pair = node.items.find((p) => isNode(p.key) && 'value' in p.key && String(p.key.value) === String(step));
      if (!pair) return undefined;
      start = (pair.key as Node).range?.[0];
      node = pair.value;
    } else if (isSeq(node)) {
      node = node.items[step as number];
      start = (node as Node | undefined)?.range?.[0];
    } else return undefined;
  }
  const end = (node as Node | null)?.range?.[1];
  if (start === undefined || end === undefined) return undefined;
  const lines = text.split('\n');
  const lineOf = (offset: number) => text.slice(0, offset).split('\n').length - 1;
  let first = lineOf(start);
  while (first > 0 && /^\s*(#.*)?\r?$/.test(lines[first - 1])) first--;
  let last = lineOf(Math.max(start, end - 1));
  while (last + 1 < lines.length - 1 && /^\s*\r?$/.test(lines[last + 1])) last++;
  return [first, last];
}

/** Whether every line outside [first, last] of the original is still there, byte for byte. */
function outsideKept(original: string, written: string, [first, last]: [number, number]): boolean {
  const a = original.split('\n');
  const b = written.split('\n');
  const after = a.length - last - 1;
  return (
    a.slice(0, first).every((line, i) => b[i] === line) &&
    b.length >= first + after &&
    a.slice(last + 1).every((line, i) => b[b.length - after + i] === line)
  );
}

/** The comment lines of a text (a `#` line inside a block text is the text's, not a comment). */
function fullLineComments(text: string): string[] {
  const inBlock = new Set<number>();
  visit(parseDocument(text, { ...parseOptions, logLevel: 'error' }), {
    Scalar(_, scalar) {
      if (!scalar.range || (scalar.type !== Scalar.BLOCK_LITERAL && scalar.type !== Scalar.BLOCK_FOLDED)) return;
      const first = text.slice(0, scalar.range[0]).split('\n').length - 1;
      const last = text.slice(0, Math.max(scalar.range[0], scalar.range[1] - 1)).split('\n').length - 1;
      for (let line = first; line <= last; line++) inBlock.add(line);
    },
  });
  return text.split(/\r?\n/).filter((line, i) => !inBlock.has(i) && line.trimStart().startsWith('#'));
}

/** The comments on block texts' header lines (`key: |  # why`), as written. */
function headerComments(text: string): string[] {
  const comments: string[] = [];
  visit(parseDocument(text, { ...parseOptions, logLevel: 'error' }), {
    Scalar(_, scalar) {
      if (!scalar.range || (scalar.type !== Scalar.BLOCK_LITERAL && scalar.type !== Scalar.BLOCK_FOLDED)) return;
      const comment = /^[|>][-+0-9]*[ \t]+(#[^\r\n]*)/.exec(text.slice(scalar.range[0]))?.[1];
      if (comment) comments.push(comment);
    },
  });
  return comments;
}

it(`random edits of real YAML read back as meant, or are refused (seed ${seed})`, () => {
  const { documents, skipped } = loadCorpus();
  const failures: string[] = [];
  const refused = new Map<EditKind, number>();
  const refusedPeople: string[] = [];
  // Lines changed per edit, by kind, apart for files as people write them and for the test suite.
  const changed = new Map<string, number[]>();
  let edits = 0;
  let commentsLost = 0;
  let measured = 0;
  const spilled: string[] = [];
  for (const document of documents) {
    const next = random(seedOf(document.id));
    for (const kind of Array.from({ length: rounds }, () => editKinds).flat()) {
      const edit = randomEdit(document.data, kind, next);
      if (edit === undefined) continue;
      const meant = edit.data;
      edits++;
      const label = `${document.id}, ${kind}`;
      let written: string;
      try {
        written = writeYaml(document.text, meant);
      } catch (error) {
        if (error instanceof YamlWriteError) {
          refused.set(kind, (refused.get(kind) ?? 0) + 1);
          if (!document.id.startsWith('yaml-test-suite/')) refusedPeople.push(label);
        } else failures.push(`${label}: crashed: ${(error as Error).stack}`);
        continue;
      }
      const read = readData(written);
      if (!read || !sameData(read.data, meant)) failures.push(`${label}: reads back as other data:\n${written}`);
      if (kind === 'unchanged' && written !== document.text)
        failures.push(`${label}: an unchanged save changed the text`);
      const group = `${document.id.startsWith('yaml-test-suite/') ? 'YAML test suite' : 'people’s files'}, ${kind}`;
      if (!changed.has(group)) changed.set(group, []);
      // Lines changed: the original's lines replaced or removed, or the new lines, whichever are more.
      const [before, after] = [document.text.split('\n').length, written.split('\n').length];
      const kept = (before + after - changedLines(document.text, written)) / 2;
      changed.get(group)!.push(Math.max(before, after) - kept);
      const span = linesTouched(document.text.replaceAll('\r\n', '\n'), edit.touches);
      if (span && kind !== 'unchanged') {
        measured++;
        if (!outsideKept(document.text.replaceAll('\r\n', '\n'), written.replaceAll('\r\n', '\n'), span))
          spilled.push(label);
      }
      // An item moved in a block list keeps its lines: the same lines, in another order.
      const list = parseDocument(document.text, { ...parseOptions, logLevel: 'error' }).getIn(edit.touches, true);
      const sorted = (text: string) => text.split(/\r?\n/).sort().join('\n');
      if (
        kind === 'move item' &&
        isSeq(list) &&
        !list.flow &&
        !document.id.startsWith('yaml-test-suite/') &&
        sorted(written) !== sorted(document.text)
      )
        failures.push(`${label}: the moved item did not keep its lines:\n${written}`);
      if (kind === 'set' || kind === 'add key' || kind === 'move item') {
        const after = fullLineComments(written);
        const headers = headerComments(written);
        if (
          fullLineComments(document.text).some((line) => !after.includes(line)) ||
          headerComments(document.text).some((comment) => !headers.includes(comment))
        ) {
          commentsLost++;
          if (!document.id.startsWith('yaml-test-suite/')) failures.push(`${label}: a comment was lost:\n${written}`);
        }
      }
    }
  }
  const report = [
    `${documents.length} documents (${[...skipped].map(([reason, count]) => `${count} skipped: ${reason}`).join('; ')})`,
    `${edits} edits, ${[...refused.values()].reduce((a, b) => a + b, 0)} refused (${[...refused].map(([k, n]) => `${k} ${n}`).join(', ')}), ${commentsLost} lost a comment`,
    `${spilled.length} of ${measured} edits changed lines outside the value they edit${spilled.length ? `: ${spilled.slice(0, 10).join('; ')}…` : ''}`,
    ...[...changed]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(
        ([group, lines]) =>
          `${group} (${lines.length}): lines changed median ${percentile(lines, 50)}, 90th percentile ${percentile(lines, 90)}, 99th ${percentile(lines, 99)}, max ${Math.max(...lines)}`,
      ),
  ];
  console.log(`YAML writer corpus (seed ${seed}):\n  ${report.join('\n  ')}`);
  expect(failures.slice(0, 20), `${failures.length} failures`).toEqual([]);
  // Files as people write them (the packages' files, the fixture site in both list styles) are
  // edited without touching one line outside the edited value. The YAML test suite's documents
  // probe corners of the syntax (complex keys, comments inside flow collections): there the
  // writer may rewrite a collection, but the data is still exactly right.
  expect(spilled.filter((label) => !label.startsWith('yaml-test-suite/'))).toEqual([]);
  // There nothing is refused either: the writer refuses only what it cannot write back exactly
  // (a key without a name, a key written over two lines, a tag on a key it would drop).
  expect(refusedPeople).toEqual([]);
}, 120_000);
