/** A short name for a list item or a section: the first text among its usual naming fields. */
export function itemName(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (!value || typeof value !== 'object') return undefined;
  const record = value as Record<string, unknown>;
  for (const key of ['title', 'label', 'question', 'name', 'value', 'quote', 'from', 'heading', 'text'])
    if (typeof record[key] === 'string' && record[key]) return record[key];
  return undefined;
}
