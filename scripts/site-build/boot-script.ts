// The one script a prerendered page references. The HTML is complete and readable on its own,
// so the application's modules (which only add interactivity) are fetched once the page has
// loaded and painted: they never compete with the HTML, styles and images for the first paint.
import { createHash } from 'node:crypto';

const source = `(function () {
  var script = document.currentScript;
  var modules = script.getAttribute('data-modules').split(' ');
  function start() {
    // One insertion for all the hints: appended one by one they cost a phone several times more.
    var hints = document.createDocumentFragment();
    for (var i = 1; i < modules.length; i++) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = modules[i];
      hints.appendChild(link);
    }
    document.head.appendChild(hints);
    import(modules[0]);
  }
  // After the load event and after the first contentful paint has been presented: a small page
  // can finish loading before it has painted, and a frame callback can run before its paint, so
  // the paint is awaited as the browser reports it. A hidden tab never paints: a timer stands in.
  var loaded = document.readyState === 'complete';
  var observable = window.PerformanceObserver && (PerformanceObserver.supportedEntryTypes || []).indexOf('paint') >= 0;
  var painted = !observable || performance.getEntriesByName('first-contentful-paint').length > 0;
  var started = false;
  function maybeStart() {
    if (!loaded || !painted || started) return;
    started = true;
    setTimeout(start, 0);
  }
  if (!painted) {
    new PerformanceObserver(function (list, observer) {
      if (!list.getEntriesByName('first-contentful-paint').length) return;
      observer.disconnect();
      painted = true;
      maybeStart();
    }).observe({ type: 'paint', buffered: true });
    setTimeout(function () { painted = true; maybeStart(); }, 3000);
  }
  if (!loaded) addEventListener('load', function () { loaded = true; maybeStart(); }, { once: true });
  maybeStart();
})();
`;

export const bootScript = {
  file: `assets/boot-${createHash('sha256').update(source).digest('hex').slice(0, 10)}.js`,
  source,
};

/** Replaces the entry script and module preloads with the boot script, which loads them later. */
export function deferModules(html: string): string {
  const modules: string[] = [];
  const stripped = html
    .replace(/<script type="module" crossorigin src="([^"]+)"><\/script>\s*/g, (_tag, src: string) => {
      modules.unshift(src);
      return '';
    })
    .replace(/<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g, (_tag, href: string) => {
      modules.push(href);
      return '';
    });
  if (!modules.length) return html;
  return stripped.replace(
    '</head>',
    `  <script defer src="/${bootScript.file}" data-modules="${modules.join(' ')}"></script>\n  </head>`,
  );
}
