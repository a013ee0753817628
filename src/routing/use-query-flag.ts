import { useSyncExternalStore } from 'react';
import { useSearch } from 'wouter';
import { queryMatches } from '../enhance/query-flag.ts';

const subscribe = () => () => undefined;

/**
 * False while React hydrates the prerendered HTML (which was rendered without a query) and true
 * from the render right after: what depends on the address's query waits for that render, so the
 * first client render matches the server's markup.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}

/**
 * True when the address carries `name=value` (written "name=value"), once hydrated: where React
 * renders the page (dev, the studio's preview, an island) and the address changes without a new
 * document. What was prerendered is hidden by src/enhance/query-flag.ts with the same rule.
 */
export function useQueryFlag(condition: string | undefined): boolean {
  const search = useSearch();
  const hydrated = useHydrated();
  return hydrated && queryMatches(condition, search);
}
