// SVG files, read as what they are: XML documents that can carry scripts. Validation asks whether
// a file is an SVG image at all (parsed as XML, its root an <svg> in the SVG namespace, never
// guessed from its name or a search for "<svg"); the build publishes only its sanitised form.
//
// Validation reads the file with saxes, the XML parser jsdom itself uses, set as jsdom sets it:
// the same verdicts and messages without a DOM. The sanitiser is DOMPurify with its SVG profiles,
// on a jsdom XML document: an allow-list of SVG elements and attributes kept by the people who
// track the browsers' script vectors, which a hand-written filter would not keep up with. On top
// of it, every reference that leaves the file goes: an href other than one to an element of the
// file itself (#id), and CSS that loads anything (@import, url() to another file). jsdom is loaded
// at the first file to sanitise, not with the compiler: it holds over 100 MB, which a long-running
// studio that only validates must not carry.
import { createRequire } from 'node:module';
import type { UponSanitizeAttributeHook } from 'dompurify';
import type { JSDOM } from 'jsdom';
import { SaxesParser } from 'saxes';

const SVG_NAMESPACE = 'http://www.w3.org/2000/svg';
const require = createRequire(import.meta.url);

// One window for every file: documents are parsed by its DOMParser (a new JSDOM per file costs
// some 60 ms; a parse, well under one).
let shared: { window: JSDOM['window']; purify: import('dompurify').DOMPurify } | undefined;
function browser() {
  if (!shared) {
    const { JSDOM: Dom } = require('jsdom') as typeof import('jsdom');
    const createDOMPurify = require('dompurify') as typeof import('dompurify').default;
    const { window } = new Dom('');
    const purify = createDOMPurify(window as unknown as Parameters<typeof createDOMPurify>[0]);
    purify.addHook('uponSanitizeAttribute', keepOnlyLocalReferences);
    purify.addHook('uponSanitizeElement', (node) => {
      if (node.nodeName.toLowerCase() === 'style' && loadsSomething(node.textContent ?? ''))
        node.parentNode?.removeChild(node);
    });
    shared = { window, purify };
  }
  return shared;
}

/** Why the text is not an SVG image ("is not an SVG image: it is not well-formed XML …"), or nothing when it is one. */
export function svgProblem(text: string): string | undefined {
  const parser = new SaxesParser({ xmlns: true, defaultXMLVersion: '1.0', forceXMLVersion: true });
  let root: { local: string; uri: string; name: string } | undefined;
  parser.on('opentag', (tag) => (root ??= { local: tag.local, uri: tag.uri, name: tag.name }));
  // The entities a document declares in its DOCTYPE, as jsdom takes them.
  parser.on('doctype', (doctype) => {
    for (const [, name, value] of doctype.matchAll(/<!ENTITY ([^ ]+) "([^"]+)">/g))
      if (!(name in parser.ENTITIES)) parser.ENTITIES[name] = value;
  });
  let error: Error | undefined;
  parser.on('error', (problem) => {
    throw (error = problem);
  });
  try {
    parser.write(text).close();
  } catch (thrown) {
    if (thrown !== error) throw thrown;
    return `is not an SVG image: it is not well-formed XML (line ${error!.message.trim().replace(/\.$/, '')})`;
  }
  if (root?.local !== 'svg' || root.uri !== SVG_NAMESPACE)
    return `is not an SVG image: its outermost element is <${root?.name ?? 'none'}>, not an <svg> in the SVG namespace (xmlns="${SVG_NAMESPACE}")`;
  return undefined;
}

/** A reference to an element of the same file (#id), the only kind an SVG keeps. */
const isLocal = (value: string) => value.trim().startsWith('#');
/** CSS that would fetch something: @import, or url() to anything but #id. */
const loadsSomething = (css: string) =>
  /@import/i.test(css) ||
  [...css.matchAll(/url\(\s*(['"]?)([^'")]*)\1\s*\)/gi)].some(([, , target]) => !isLocal(target));

const keepOnlyLocalReferences: UponSanitizeAttributeHook = (_node, data) => {
  const name = data.attrName.toLowerCase();
  if ((name === 'href' || name === 'xlink:href') && !isLocal(data.attrValue)) data.keepAttr = false;
  if (loadsSomething(data.attrValue)) data.keepAttr = false;
};

// The preview sanitises small SVGs on every compile (inline-image.ts): each text once.
const sanitised = new Map<string, string>();

/**
 * The SVG without scripts, event handlers, foreignObject, animations that set attributes, and any
 * reference outside itself, serialised as a standalone SVG file. Throws on a text svgProblem refuses
 * (validation reports those before a build gets here).
 */
export function sanitiseSvg(text: string): string {
  const known = sanitised.get(text);
  if (known !== undefined) return known;
  if (sanitised.size > 500) sanitised.clear();
  const result = sanitiseAnew(text);
  sanitised.set(text, result);
  return result;
}

function sanitiseAnew(text: string): string {
  const problem = svgProblem(text);
  if (problem) throw new Error(problem);
  const { window, purify } = browser();
  const root = new window.DOMParser().parseFromString(text, 'image/svg+xml').documentElement;
  // <use> is safe once its href can only point inside the file; DOMPurify leaves it out by default.
  purify.sanitize(root, { IN_PLACE: true, USE_PROFILES: { svg: true, svgFilters: true }, ADD_TAGS: ['use'] });
  // The root alone: a DOCTYPE with its own entity definitions is not carried along.
  return `<?xml version="1.0" encoding="UTF-8"?>\n${new window.XMLSerializer().serializeToString(root)}\n`;
}
