import { useSyncExternalStore } from 'react';
import { useSearch } from 'wouter';

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

/** True when the address carries `name=value` (written "name=value"), once hydrated. */
export function useQueryFlag(condition: string | undefined): boolean {
  const search = useSearch();
  const hydrated = useHydrated();
  if (!condition || !hydrated) return false;
  const [name, value] = condition.split('=');
  return new URLSearchParams(search).get(name) === value;
}
