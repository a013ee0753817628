// The common YAML slips, each as a short wrong example and its corrected form. The authoring
// guide shows them with the message the compiler really gives (generate-docs.ts), and a unit test
// holds every entry to "one error, at the slipped line, naming the line to type instead".
import { parseYaml } from './yaml-source.ts';

export interface CatalogueEntry {
  title: string;
  /** A few lines of a page with the slip in them. */
  wrong: string;
  /** The same lines as they should be. */
  right: string;
}

export const slipCatalogue: CatalogueEntry[] = [
  {
    title: 'A tab instead of spaces',
    wrong: 'sections:\n  - type: hero\n\ttitle: Your GCC Builds\n',
    right: 'sections:\n  - type: hero\n    title: Your GCC Builds\n',
  },
  {
    title: 'A colon and a space inside text',
    wrong: 'title: Note: we answer within a day\n',
    right: 'title: "Note: we answer within a day"\n',
  },
  {
    title: 'A colon missing after a field name',
    wrong: 'title: Contact\nshowContact true\n',
    right: 'title: Contact\nshowContact: true\n',
  },
  {
    title: 'A line indented more than its neighbours',
    wrong: 'sections:\n  - type: hero\n    title: Your GCC Builds\n      badge: New\n',
    right: 'sections:\n  - type: hero\n    title: Your GCC Builds\n    badge: New\n',
  },
  {
    title: 'A line indented less than its neighbours',
    wrong: 'sections:\n  - type: hero\n    title: Your GCC Builds\n   badge: New\n',
    right: 'sections:\n  - type: hero\n    title: Your GCC Builds\n    badge: New\n',
  },
  {
    title: 'The same field twice',
    wrong: 'title: Contact\ndescription: Write to us.\ntitle: Contact us\n',
    right: 'title: Contact us\ndescription: Write to us.\n',
  },
  {
    title: 'A quote that is never closed',
    wrong: 'title: "Contact us\ndescription: Write to us.\n',
    right: 'title: "Contact us"\ndescription: Write to us.\n',
  },
  {
    title: 'A bracket that is never closed',
    wrong: 'tags: [strategy, culture\ndescription: Write to us.\n',
    right: 'tags: [strategy, culture]\ndescription: Write to us.\n',
  },
  {
    title: 'Text that starts with a bracket',
    wrong: 'title: [Draft] Contact\ndescription: Write to us.\n',
    right: 'title: "[Draft] Contact"\ndescription: Write to us.\n',
  },
  {
    title: 'A list item where a field belongs',
    wrong: 'title: Contact\n- description: Write to us.\n',
    right: 'title: Contact\ndescription: Write to us.\n',
  },
  {
    title: 'A field where a list item belongs',
    wrong: 'buttons:\n  - label: Contact\n    to: /contact\n  label: Services\n  - label: About\n',
    right: 'buttons:\n  - label: Contact\n    to: /contact\n  - label: Services\n  - label: About\n',
  },
  {
    title: 'Text that starts with #',
    wrong: 'title: #1 partner for GCCs\ndescription: Write to us.\n',
    right: 'title: "#1 partner for GCCs"\ndescription: Write to us.\n',
  },
  {
    title: 'Text that starts with a character YAML reserves',
    wrong: 'badge: @home in Bengaluru\n',
    right: 'badge: "@home in Bengaluru"\n',
  },
];

/** What the compiler says about an entry's wrong example. */
export function catalogueMessage(entry: CatalogueEntry): { line: number; message: string } {
  const [error] = parseYaml('example.yaml', entry.wrong).errors;
  return { line: error.line, message: error.message };
}
