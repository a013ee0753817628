import { useSearch } from 'wouter';

/**
 * True when the address carries `name=value` (written "name=value"). The server-rendered HTML has
 * no query, so the first client render agrees with it and the flag applies right after hydration.
 */
export function useQueryFlag(condition: string | undefined): boolean {
  const search = useSearch();
  if (!condition) return false;
  const [name, value] = condition.split('=');
  return new URLSearchParams(search).get(name) === value;
}
