// The islands runtime of visitors' pages, without React: finds the page's islands and hydrates
// each once the page has loaded and painted and the island is on screen or about to be, or at once
// when the visitor reaches into it first (focus, a press). React and the island's component are
// downloaded only then, and only on a page that has an island: an island further down the page
// costs a visitor who never scrolls to it nothing (measured: docs/benchmarks.md). A form sent
// before its island is ready (Enter in a field) is held and sent by the island once hydrated,
// never as a plain page request that would lose what was typed; what was typed is kept (keep-typed.ts).
import { afterLoadAndPaint } from './after-paint.ts';

const reach = ['focusin', 'pointerdown'] as const;
/** How far ahead of the viewport an island starts hydrating: a scroll reaches it hydrated. */
const ahead = '400px 0px';

/** Resolves when the island is within `ahead` of the viewport (at once where nothing can tell). */
function nearViewport(island: HTMLElement): Promise<void> {
  if (typeof IntersectionObserver === 'undefined') return Promise.resolve();
  return new Promise((resolve) => {
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        resolve();
      },
      { rootMargin: ahead },
    );
    // The island's root adds no box (display: contents): its first child is what is laid out.
    observer.observe(island.firstElementChild ?? island);
  });
}

function whenWanted(island: HTMLElement): Promise<void> {
  return new Promise((resolve) => {
    const now = () => {
      for (const name of reach) island.removeEventListener(name, now);
      resolve();
    };
    for (const name of reach) island.addEventListener(name, now);
    void afterLoadAndPaint()
      .then(() => nearViewport(island))
      .then(now);
  });
}

async function startIsland(island: HTMLElement): Promise<void> {
  const held = new Set<HTMLFormElement>();
  const hold = (event: SubmitEvent) => {
    event.preventDefault();
    if (event.target instanceof HTMLFormElement) held.add(event.target);
  };
  island.addEventListener('submit', hold);
  await whenWanted(island);
  const { hydrateIsland } = await import('./hydrate.tsx');
  await hydrateIsland(island);
  island.removeEventListener('submit', hold);
  island.dataset.islandState = 'hydrated';
  for (const form of held) if (form.isConnected) form.requestSubmit();
}

/**
 * Starts every island of the document. Resolves once each island near the viewport is hydrated
 * (at once when there is none); the others hydrate as the visitor reaches them, each marked
 * `data-island-state="hydrated"` when done.
 */
export async function startIslands(doc: Document): Promise<void> {
  const started = [...doc.querySelectorAll<HTMLElement>('[data-island]')].map((island) => ({
    island,
    done: startIsland(island),
  }));
  await afterLoadAndPaint();
  // Which islands are near the viewport now: those are waited for, the others not.
  const near = await Promise.all(
    started.map(({ island }) => Promise.race([nearViewport(island).then(() => true), nextFrames().then(() => false)])),
  );
  await Promise.all(started.filter((_, i) => near[i]).map(({ done }) => done));
}

/** Two animation frames (by then an IntersectionObserver has reported what is in view), or a hidden tab's moment. */
const nextFrames = () =>
  new Promise<void>((resolve) => {
    requestAnimationFrame(() => requestAnimationFrame(() => resolve()));
    setTimeout(resolve, 1000);
  });
