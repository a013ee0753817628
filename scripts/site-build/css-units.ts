// Mantine's Loader.css writes `animation-delay: 0`: a time needs its unit (0s), and the W3C HTML
// checker rejects the stylesheet inlined in every page that uses the Loader. Browsers ignore the
// invalid declaration either way; this Vite transform writes what Mantine meant.
import type { Plugin } from 'vite';

export function cssTimeUnits(): Plugin {
  return {
    name: 'css-time-units',
    enforce: 'pre',
    transform(code, id) {
      if (!/@mantine\/core\/styles\/Loader\.css$/.test(id.split('?')[0])) return undefined;
      return { code: code.replace(/animation-delay:\s*0;/g, 'animation-delay: 0s;'), map: null };
    },
  };
}
