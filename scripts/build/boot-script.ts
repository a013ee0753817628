// The one script a prerendered page references. The HTML is complete and readable on its own,
// so the application's modules (which only add interactivity) are fetched once the page has
// loaded: they never compete with the HTML, styles and images for the first paint.
import { createHash } from 'node:crypto';

const source = `(function () {
  var script = document.currentScript;
  var modules = script.getAttribute('data-modules').split(' ');
  function start() {
    for (var i = 1; i < modules.length; i++) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = modules[i];
      document.head.appendChild(link);
    }
    import(modules[0]);
  }
  // After the load event and after the next paint: a small page can finish loading before it
  // has painted, and the modules should never compete with that first paint.
  function afterPaint() { requestAnimationFrame(function () { setTimeout(start, 0); }); }
  if (document.readyState === 'complete') afterPaint();
  else addEventListener('load', afterPaint, { once: true });
})();
`;

export const bootScript = { file: `assets/boot-${createHash('sha256').update(source).digest('hex').slice(0, 10)}.js`, source };

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
  return stripped.replace('</head>', `  <script defer src="/${bootScript.file}" data-modules="${modules.join(' ')}"></script>\n  </head>`);
}
