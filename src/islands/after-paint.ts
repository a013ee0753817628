// Resolves once the page has loaded and its first contentful paint has been presented: islands
// hydrate after that, so their code never competes with the HTML, styles and images for the first
// paint. A small page can finish loading before it has painted, and a frame callback can run
// before its paint, so the paint is awaited as the browser reports it. A hidden tab never paints:
// a timer stands in.
export function afterLoadAndPaint(): Promise<void> {
  const loaded = new Promise<void>((resolve) => {
    if (document.readyState === 'complete') resolve();
    else addEventListener('load', () => resolve(), { once: true });
  });
  const observable = PerformanceObserver.supportedEntryTypes.includes('paint');
  const painted =
    !observable || performance.getEntriesByName('first-contentful-paint').length > 0
      ? Promise.resolve()
      : new Promise<void>((resolve) => {
          const observer = new PerformanceObserver((list) => {
            if (!list.getEntriesByName('first-contentful-paint').length) return;
            observer.disconnect();
            resolve();
          });
          observer.observe({ type: 'paint', buffered: true });
          setTimeout(resolve, 3000);
        });
  return Promise.all([loaded, painted]).then(() => new Promise((resolve) => setTimeout(resolve, 0)));
}
