// The SVG sanitiser (DOMPurify's SVG profile on jsdom, plus: no reference outside the file): what a
// script needs is gone, the drawing stays, and the result is a standalone SVG file.
import { expect, it } from 'vitest';
import { sanitiseSvg, svgProblem } from '../../scripts/content/svg-file.ts';

const hostile = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE svg [<!ENTITY x "entity">]>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10" onload="alert(1)">
  <title>Logo &amp; co</title>
  <style>rect { fill: #369 }</style>
  <style>@import url(https://evil.example/x.css);</style>
  <defs><linearGradient id="g"><stop offset="0" stop-color="#fff"/></linearGradient><circle id="dot" r="2"/></defs>
  <script>alert(2)</script>
  <foreignObject width="10" height="10"><div xmlns="http://www.w3.org/1999/xhtml" onclick="alert(3)">x</div></foreignObject>
  <image xlink:href="https://evil.example/a.png" width="5" height="5"/>
  <image href="//evil.example/b.png" width="5" height="5"/>
  <use xlink:href="#dot"/><use href="https://evil.example/s.svg#x"/>
  <a href="javascript:alert(4)"><rect width="5" height="5" fill="url(#g)"/></a>
  <rect width="5" height="5" style="fill: url(https://evil.example/f)"/>
  <set attributeName="onclick" to="alert(5)"/><animate attributeName="href" to="javascript:alert(6)"/>
</svg>`;

it('leaves no script, handler, foreignObject, outside reference or loading CSS', () => {
  const clean = sanitiseSvg(hostile);
  for (const gone of [
    'alert',
    'script',
    'onload',
    'onclick',
    'foreignObject',
    'evil.example',
    'javascript:',
    '@import',
    'ENTITY',
    '<set',
    '<animate',
  ])
    expect(clean, gone).not.toContain(gone);
});

it('keeps the drawing and references inside the file, as a standalone SVG', () => {
  const clean = sanitiseSvg(hostile);
  expect(clean).toMatch(/^<\?xml version="1\.0" encoding="UTF-8"\?>\n<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
  for (const kept of [
    '<title>Logo &amp; co</title>',
    '<style>rect { fill: #369 }</style>',
    '<circle id="dot" r="2"/>',
    '<use xlink:href="#dot"/>',
    'fill="url(#g)"',
  ])
    expect(clean).toContain(kept);
  expect(svgProblem(clean)).toBeUndefined();
});

it('tells what is not an SVG image', () => {
  expect(svgProblem('<svg><unclosed></svg>')).toMatch(/^is not an SVG image: it is not well-formed XML \(line 1:/);
  expect(svgProblem('<svg/>')).toContain('not an <svg> in the SVG namespace');
  expect(
    svgProblem('<html xmlns="http://www.w3.org/1999/xhtml"><svg xmlns="http://www.w3.org/2000/svg"/></html>'),
  ).toContain('its outermost element is <html>');
  // What the sanitiser's own XML parser reads, the check reads alike: a DOCTYPE's own entities.
  expect(
    svgProblem('<!DOCTYPE svg [<!ENTITY a "b">]>\n<svg xmlns="http://www.w3.org/2000/svg">&a;</svg>'),
  ).toBeUndefined();
  expect(svgProblem('<svg xmlns="http://www.w3.org/2000/svg">&nbsp;</svg>')).toMatch(/undefined entity/);
});
