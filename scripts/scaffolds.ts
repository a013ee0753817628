// The texts `npm run new` and the studio's New page/article write, built as YAML documents by the
// `yaml` library rather than by string templates: whatever a title holds, it is a value (quoted
// as YAML needs) or a comment, and can neither end its line nor start another field.
import { Document, type Scalar, type YAMLMap } from 'yaml';
import { parseOptions } from './content/yaml-source.ts';

export interface ScaffoldCopy {
  /** The comment on the `draft: true` line. */
  draftComment: string;
}

// Written as the compiler reads (YAML 1.1: a title "yes" is quoted); long sentences stay on their
// line (no folding), where the placeholder check finds them.
const render = (doc: Document) => doc.toString({ lineWidth: 0 });

function markDraft(doc: Document, comment: string): void {
  (doc.get('draft', true) as Scalar).comment = ` ${comment}`;
}

export function pageScaffold(
  page: { path: string; title: string; schema: string; description: string; introduction: string },
  copy: ScaffoldCopy,
): string {
  const doc = new Document(
    {
      path: page.path,
      title: page.title,
      description: page.description,
      draft: true,
      sections: [
        {
          type: 'hero',
          title: page.title,
          subtitle: page.introduction,
          buttons: [{ label: 'Contact us', to: '/contact' }],
        },
      ],
    },
    parseOptions,
  );
  (doc.contents as YAMLMap).commentBefore = ` Page: ${page.title}.\n yaml-language-server: $schema=${page.schema}`;
  markDraft(doc, copy.draftComment);
  return render(doc);
}

export function articleScaffold(
  article: { id: number; slug: string; title: string; excerpt: string; date: string; body: string },
  copy: ScaffoldCopy,
): string {
  const doc = new Document(
    {
      id: article.id,
      title: article.title,
      excerpt: article.excerpt,
      date: article.date,
      category: 'Business Impact',
      readTime: 6,
      image: {
        src: `/images/blog/${article.slug}.svg`,
        alt: `Abstract cover illustration for the article ${article.title}`,
        width: 1200,
        height: 630,
      },
      draft: true,
    },
    parseOptions,
  );
  (doc.contents as YAMLMap).commentBefore = ` Blog article: ${article.title}`;
  markDraft(doc, copy.draftComment);
  return `---\n${render(doc)}---\n## First heading\n\n${article.body}\n`;
}
