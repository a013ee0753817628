// The islands runtime of visitors' pages, without React: finds the page's islands and hydrates
// each when the visitor reaches into it (the pointer over it, a focus, a press). Until then an island
// is its prerendered HTML, already readable and fillable: React and the island's component are
// downloaded only then, and only on a page that has an island, so a visitor who reads the page
// pays nothing for it. Hydrating at load instead, as soon as the form was in view, cost a phone
// about 400 ms of blocking time (measured: docs/benchmarks.md). A form sent before its island is
// ready (Enter in a field) is held and sent by the island once hydrated, never as a plain page
// request that would lose what was typed; what was typed is kept (keep-typed.ts).

/** What tells that the visitor is about to use an island: hovering it, focusing or pressing in it. */
const reach = ['pointerover', 'focusin', 'pointerdown'] as const;

function whenReached(island: HTMLElement): Promise<void> {
  return new Promise((resolve) => {
    const now = () => {
      for (const name of reach) island.removeEventListener(name, now);
      resolve();
    };
    for (const name of reach) island.addEventListener(name, now);
  });
}

async function startIsland(island: HTMLElement): Promise<void> {
  const held = new Set<HTMLFormElement>();
  const hold = (event: SubmitEvent) => {
    event.preventDefault();
    if (event.target instanceof HTMLFormElement) held.add(event.target);
  };
  island.addEventListener('submit', hold);
  await whenReached(island);
  const { hydrateIsland } = await import('./hydrate.tsx');
  await hydrateIsland(island);
  island.removeEventListener('submit', hold);
  island.dataset.islandState = 'hydrated';
  for (const form of held) if (form.isConnected) form.requestSubmit();
}

/**
 * Arms every island of the document: each hydrates when the visitor reaches into it, and is marked
 * `data-island-state="hydrated"` when done.
 */
export function startIslands(doc: Document): void {
  for (const island of doc.querySelectorAll<HTMLElement>('[data-island]')) void startIsland(island);
}
