// Every prerendered page of the fixture site is valid HTML by the W3C Nu checker (CSS newer than
// the checker aside), checked in one Java run with a page that is known to be invalid, so the
// check itself is shown to fail when it should.
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkHtml, htmlFiles } from '../../scripts/check-html.ts';
import { fixtureDistDir } from '../fixtures/fixture-site.ts';

describe('valid HTML', () => {
  it('the Nu checker finds no error on any prerendered page', async () => {
    const pages = await htmlFiles(fixtureDistDir);
    expect(pages.length).toBeGreaterThan(10);
    const known = path.join(await mkdtemp(path.join(tmpdir(), 'invalid-html-')), 'invalid.html');
    await writeFile(
      known,
      '<!doctype html><html lang="en"><head><title>x</title></head><body><button><div>x</div></button><div radius="md">y</div></body></html>',
    );
    const messages = await checkHtml([...pages, known]);
    const inPlanted = (m: { url: string }) => new URL(m.url).pathname === known;
    const problems = messages
      .filter((m) => !inPlanted(m))
      .map((m) => `${path.relative(fixtureDistDir, new URL(m.url).pathname)}:${m.lastLine}  ${m.message}`);
    expect(problems).toEqual([]);
    // The same run reports the planted page's two faults: the check can fail.
    expect(messages.filter(inPlanted).map((m) => m.message)).toEqual([
      expect.stringContaining('Element “div” not allowed as child of element “button”'),
      expect.stringContaining('Attribute “radius” not allowed on element “div”'),
    ]);
  }, 120_000);
});
