// Splits a Markdown file into its YAML front matter and its body, keeping line numbers exact.
export interface FrontMatterParts {
  yaml: string;
  body: string;
  /** Lines of the file before the body starts (front matter and both --- lines). */
  bodyLineOffset: number;
}

export function splitFrontMatter(text: string): FrontMatterParts | undefined {
  const normalized = text.replace(/\r\n/g, '\n');
  if (!normalized.startsWith('---\n')) return undefined;
  const end = normalized.indexOf('\n---\n', 3);
  const close = end >= 0 ? end : normalized.endsWith('\n---') ? normalized.length - 4 : -1;
  if (close < 0) return undefined;
  const yaml = normalized.slice(4, close + 1);
  const body = normalized.slice(close + 5);
  return { yaml, body, bodyLineOffset: yaml.split('\n').length + 1 };
}
