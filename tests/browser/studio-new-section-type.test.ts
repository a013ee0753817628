// A section type added by the recipe in docs/sections.md alone (schema, component, registry line, a
// use in the fixture site) is editable in the studio with no change to the studio: its form comes
// from the schema. The recipe is applied to a temporary copy of the project, and that copy's studio
// edits its fixture site as the recipe left it, plus a page holding the new section.
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { addLogosType, copyProject } from '../fixtures/project-copy.ts';
import { startStudio, type TestStudio } from '../fixtures/studio.ts';
import { launchChromium } from './chromium.ts';

let copy: string;
let studio: TestStudio;
let browser: Browser;
const outcome = { timeout: 30_000 };
const page = `# Page: partners
path: /partners
title: Partners
description: The companies we work with, shown as a row of their logos on this page.
sections:
  - type: logos
    eyebrow: Partners
    logos:
      - src: /images/logos/acme.svg
        alt: Acme
        width: 160
        height: 48
    caption: Trusted by one company so far
`;

beforeAll(async () => {
  copy = await copyProject('studio-new-type-');
  await addLogosType(copy);
  [studio, browser] = await Promise.all([
    startStudio({ project: copy, site: path.join(copy, 'tests', 'fixture-site', 'site') }),
    launchChromium(),
  ]);
  await mkdir(path.join(studio.root, 'site', 'images', 'logos'), { recursive: true });
  await writeFile(
    path.join(studio.root, 'site', 'images', 'logos', 'acme.svg'),
    '<svg xmlns="http://www.w3.org/2000/svg" width="160" height="48"/>',
  );
  await writeFile(path.join(studio.root, 'site', 'pages', 'partners.yaml'), page);
}, 240_000);
afterAll(async () => {
  await browser?.close();
  await studio?.stop();
  if (copy) await rm(copy, { recursive: true, force: true });
});

it('edits a section type that only the schema and the registry know, and saves exactly the edited line', async () => {
  const tab = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  await tab.goto(`${studio.studioUrl}?path=/partners`);
  await tab.waitForFunction(() => document.documentElement.dataset.studio === 'ready', undefined, { timeout: 60_000 });
  const preview = tab.frameLocator('iframe[title="Page preview"]');
  await preview.locator('[data-section="0"]').waitFor(outcome);
  await preview.getByText('Trusted by one company so far').click();
  const panel = tab.getByRole('region', { name: 'Editing panel' });
  // The form is the schema's: the list of logos and the caption, with the caption focused.
  await panel.getByRole('group', { name: 'Logos (1)' }).waitFor(outcome);
  const caption = panel.getByRole('textbox', { name: 'Caption', exact: true });
  await expect.poll(() => caption.evaluate((el) => el === document.activeElement), outcome).toBe(true);
  await caption.fill('Trusted by teams on three continents');
  await preview.getByText('Trusted by teams on three continents').waitFor(outcome);
  await tab.getByRole('button', { name: 'Save', exact: true }).click();
  await tab.getByText('Saved Partners', { exact: true }).waitFor(outcome);
  expect(await readFile(path.join(studio.root, 'site', 'pages', 'partners.yaml'), 'utf8')).toBe(
    page.replace('Trusted by one company so far', 'Trusted by teams on three continents'),
  );
  await tab.close();
});
