// The studio's preview shows the page at a phone's, a tablet's and a desktop's width, or the pane's:
// the frame is laid out at that width in CSS pixels (so the site's own layout for it is what shows,
// read here from the rendered header) and drawn smaller when it is wider than the pane. The site's
// menu, dialogs and tooltips work inside the preview while a click on a text still edits it.
import type { Frame, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadSite } from '../../scripts/content/load-site.ts';
import type { SiteModel } from '../../scripts/content/model.ts';
import { previewWidths } from '../../src/studio/PreviewWidths.tsx';
import { fixtureSiteRoot } from '../fixtures/fixture-site.ts';
import { previewHref } from '../fixtures/studio.ts';
import { outcome, useStudio } from './studio-session.ts';

const session = useStudio({ restore: true });
let model: SiteModel;

beforeAll(async () => {
  const result = await loadSite({ root: fixtureSiteRoot });
  if (!result.model) throw new Error('the fixture site does not compile');
  model = result.model;
});

async function openStudio(query: string): Promise<{ ui: Page; frame: Frame }> {
  const ui = await session.open(query);
  const frame = await (await ui.waitForSelector('iframe[title="Page preview"]', outcome)).contentFrame();
  if (!frame) throw new Error('no preview frame');
  await frame.getByRole('banner').waitFor(outcome);
  return { ui, frame };
}

const chooseWidth = (ui: Page, label: string) =>
  ui.getByRole('radiogroup', { name: 'Preview width' }).getByText(label, { exact: true }).click();

const menuButton = (frame: Frame) => frame.getByRole('button', { name: 'Open navigation' });
/** The texts of the navigation's links shown in the header's own row (the menu repeats them in its own). */
async function rowLinks(frame: Frame): Promise<string[]> {
  const labels = new Set(model.settings.navigation.links.map((link) => link.label));
  const links = await frame.getByRole('navigation', { name: 'Main', exact: true }).getByRole('link').all();
  const shown: string[] = [];
  for (const link of links) {
    const text = (await link.textContent())?.trim() ?? '';
    if (labels.has(text) && (await link.isVisible())) shown.push(text);
  }
  return shown;
}

/** The frame's own width (what the page's media queries see) and how wide it is drawn in the studio. */
const frameWidths = async (ui: Page, frame: Frame) => ({
  css: await frame.evaluate(() => innerWidth),
  overflow: await frame.evaluate(() => document.documentElement.scrollWidth - innerWidth),
  drawn: await ui.locator('iframe[title="Page preview"]').evaluate((el) => el.getBoundingClientRect().width),
  pane: await ui
    .locator('iframe[title="Page preview"]')
    .evaluate((el) => el.parentElement!.parentElement!.getBoundingClientRect().width),
});

describe('the preview at every width', () => {
  it('lays the page out at each width in CSS pixels, drawn smaller to fit the pane: the menu button at phone width, the row of links at desktop width', async () => {
    const { ui, frame } = await openStudio('?path=/');
    const navLabels = model.settings.navigation.links.map((link) => link.label);
    for (const width of previewWidths) {
      await chooseWidth(ui, width.label);
      const pane = (await frameWidths(ui, frame)).pane;
      const expected = width.width ?? pane;
      await expect.poll(async () => Math.abs((await frameWidths(ui, frame)).css - expected) <= 1, outcome).toBe(true);
      const measured = await frameWidths(ui, frame);
      // Never wider than the pane, drawn at the scale that fits it, and nothing wider than the page.
      expect(measured.drawn).toBeLessThanOrEqual(pane + 1);
      expect(measured.drawn).toBeCloseTo(Math.min(expected, pane), 0);
      expect(measured.overflow).toBeLessThanOrEqual(0);
      // Either the menu button or the row of links, never both and never neither.
      const menuShown = await menuButton(frame).isVisible();
      await expect.poll(() => rowLinks(frame), outcome).toEqual(menuShown ? [] : navLabels);
      if (width.value === 'phone') expect(menuShown, 'the menu button at phone width').toBe(true);
      if (width.value === 'desktop') expect(menuShown, 'no menu button at desktop width').toBe(false);
    }
    // The choice is kept for the next visit.
    await chooseWidth(ui, 'Phone');
    await ui.reload();
    const again = await (await ui.waitForSelector('iframe[title="Page preview"]', outcome)).contentFrame();
    await expect.poll(() => again!.evaluate(() => innerWidth), outcome).toBe(previewWidths[0].width);
  });

  it('opens the menu inside the preview at phone width, showing a link just added in the studio; a link in it does not leave the page', async () => {
    const { ui, frame } = await openStudio('?file=site.yaml');
    await chooseWidth(ui, 'Phone');
    await expect.poll(() => frame.evaluate(() => innerWidth), outcome).toBe(previewWidths[0].width);

    // A new navigation link to a page the navigation does not list yet.
    const listed = new Set(model.settings.navigation.links.map((link) => link.to));
    const target = model.pages.find((page) => !listed.has(page.path))!.path;
    const label = 'Menu Link From the Studio';
    // The navigation's list in the form: the innermost group holding its first item.
    const first = ui.getByRole('button', { name: `1. ${model.settings.navigation.links[0].label}`, exact: true });
    const links = ui.getByRole('group').filter({ has: first }).last();
    await links.getByRole('button', { name: /^Add/ }).click();
    const index = model.settings.navigation.links.length;
    const at = (key: string) => ui.locator(`[data-path='${JSON.stringify(['navigation', 'links', index, key])}']`);
    if (!(await at('label').isVisible())) await links.locator('button[aria-expanded="false"]').last().click();
    await at('label').fill(label);
    await at('to').fill(target);

    await menuButton(frame).click();
    const menu = frame.getByRole('navigation', { name: 'Main (mobile)' });
    const added = menu.getByRole('link', { name: label, exact: true });
    await added.waitFor(outcome);
    expect(await added.getAttribute('href')).toBe(previewHref(session.studio(), target));
    // A click on it closes the menu, as on the site, and the preview stays on the page being edited.
    const before = frame.url();
    await added.click();
    await menu.waitFor({ state: 'hidden', ...outcome });
    expect(frame.url()).toBe(before);
    expect(await menuButton(frame).getAttribute('aria-expanded')).toBe('false');
  });

  it("opens a button's dialog and shows its tooltip inside the preview, while the click also puts the cursor in the button's text", async () => {
    // A page section whose button opens a dialog and has a tooltip, found in the fixture's data.
    const found = model.pages.flatMap((page) =>
      page.sections.flatMap((section, index) =>
        ((section as { buttons?: { label: string; action?: string; tooltip?: string }[] }).buttons ?? []).flatMap(
          (button, b) =>
            button.action && button.action !== 'print' && button.tooltip ? [{ page, index, button, b }] : [],
        ),
      ),
    )[0];
    expect(found, 'a fixture section with a dialog button that has a tooltip').toBeDefined();
    const { ui, frame } = await openStudio(`?path=${encodeURIComponent(found.page.path)}`);
    await chooseWidth(ui, 'Desktop');
    const button = frame
      .locator(`[data-section="${found.index}"]`)
      .getByRole('button', { name: found.button.label, exact: true });
    await button.hover();
    await frame.getByRole('tooltip', { name: found.button.tooltip }).waitFor(outcome);

    await button.click();
    const dialog = frame.getByRole('dialog');
    await dialog.waitFor(outcome);
    const focused = () => ui.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.path ?? null);
    await expect.poll(focused, outcome).toBe(JSON.stringify(['sections', found.index, 'buttons', found.b, 'label']));
    // The dialog works as on the site: its close button closes it.
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden', ...outcome });
  });
});
