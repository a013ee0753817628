// Markdown for articles and long documents, rendered once at build time. Raw HTML is shown as
// text, never rendered, so a pasted <script> cannot reach a visitor's browser.
import MarkdownIt from 'markdown-it';

export interface MarkdownLink {
  href: string;
  /** 1-based line and column of the link target inside the Markdown text. */
  line: number;
  col: number;
}

const md = new MarkdownIt({ html: false, linkify: false, typographer: true });

// External links open in a new tab without handing the new page a reference to this one.
const defaultLinkOpen =
  md.renderer.rules.link_open ?? ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options));
md.renderer.rules.link_open = (tokens, idx, options, env, self) => {
  const href = String(tokens[idx].attrGet('href') ?? '');
  if (/^https?:/.test(href)) {
    tokens[idx].attrSet('target', '_blank');
    tokens[idx].attrSet('rel', 'noopener noreferrer');
  }
  return defaultLinkOpen(tokens, idx, options, env, self);
};

// A picture drawn at its own width and height (from env.sizes, when known), so the text does not
// jump as it loads; CSS keeps it within the column (Prose.module.css).
const defaultImage =
  md.renderer.rules.image ?? ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options));
md.renderer.rules.image = (tokens, idx, options, env, self) => {
  const size = (env as MarkdownEnv | undefined)?.sizes?.get(String(tokens[idx].attrGet('src') ?? ''));
  if (size) {
    tokens[idx].attrSet('width', String(size.width));
    tokens[idx].attrSet('height', String(size.height));
  }
  return defaultImage(tokens, idx, options, env, self);
};

type MarkdownEnv = { sizes?: ReadonlyMap<string, { width: number; height: number }> };

/**
 * The HTML, the links (`[words](/address)`) and the images (`![alt](/images/…)`) with where each
 * address is written, and the number of words.
 */
export function renderMarkdown(
  text: string,
  sizes?: MarkdownEnv['sizes'],
): {
  html: string;
  links: MarkdownLink[];
  images: MarkdownLink[];
  words: number;
} {
  const tokens = md.parse(text, {});
  const lines = text.split('\n');
  const links: MarkdownLink[] = [];
  const images: MarkdownLink[] = [];
  for (const block of tokens) {
    if (block.type !== 'inline' || !block.map) continue;
    let searchFrom = 0;
    for (const child of block.children ?? []) {
      if (child.type !== 'link_open' && child.type !== 'image') continue;
      const href = String(child.attrGet(child.type === 'image' ? 'src' : 'href') ?? '');
      // markdown-it maps blocks, not inline tokens: find the target's exact spot within the block.
      let line = block.map[0];
      let col = -1;
      for (; line < block.map[1]; line++) {
        col = lines[line].indexOf(`](${href}`, line === block.map[0] ? searchFrom : 0);
        if (col >= 0) break;
      }
      if (col < 0) [line, col] = [block.map[0], 0];
      else searchFrom = col + 1;
      (child.type === 'image' ? images : links).push({ href, line: line + 1, col: col + 3 });
    }
  }
  const words = text.split(/\s+/).filter(Boolean).length;
  return { html: md.renderer.render(tokens, md.options, { sizes } satisfies MarkdownEnv), links, images, words };
}
