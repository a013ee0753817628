// The studio's preview follows edits in place: typing re-renders the page in the frame without
// reloading it (scroll, selection outline and the page's own state stay), an invalid edit leaves
// the last valid version shown, and saving and undoing show in the frame too. Timing is measured
// in `npm run bench -- --only=studio`, not here. The studio is served built, as on the server; its
// preview's forms reach the site's lead endpoints.
import path from 'node:path';
import type { Frame, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { outcome, useStudio } from './studio-session.ts';
import { loadSite } from '../../scripts/content/load-site.ts';
import { sectionLabel } from '../fixtures/studio-labels.ts';
import { fixtureSite } from '../fixtures/studio.ts';

const session = useStudio();

async function openStudio(): Promise<{ ui: Page; frame: Frame }> {
  const page = await session.open('?path=/');
  const frame = await (await page.waitForSelector('iframe[title="Page preview"]')).contentFrame();
  if (!frame) throw new Error('no preview frame');
  await frame.locator('[data-section="1"]').waitFor(outcome);
  return { ui: page, frame };
}

const field = (ui: Page, name: string) =>
  ui.getByRole('region', { name: 'Editing panel' }).getByRole('textbox', { name, exact: true });

/** A mark on the frame's window: it survives a re-render and is gone after a reload. */
const mark = (frame: Frame) =>
  frame.evaluate(() => void ((window as unknown as { studioMark: string }).studioMark = 'kept'));
const marked = (frame: Frame) => frame.evaluate(() => (window as unknown as { studioMark?: string }).studioMark);
const selected = (frame: Frame) =>
  frame.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('[data-studio-selected]')].map((el) => el.dataset.section),
  );

it('typing in a field re-renders the preview in place: no reload, the outline, the scroll position and the page stay; saving and undoing show too', async () => {
  const { ui, frame } = await openStudio();
  const heading = frame.getByRole('heading', { level: 2, name: 'Four Figures in a Row', exact: true });
  await heading.click();
  const title = field(ui, sectionLabel('stats', 'title'));
  await expect.poll(() => title.evaluate((el) => el === document.activeElement), outcome).toBe(true);
  await expect.poll(() => selected(frame), outcome).toEqual(['1']);
  // The selected section is scrolled into view smoothly: wait until the frame has come to rest.
  let scrolled = -1;
  await expect
    .poll(async () => scrolled === (scrolled = await frame.evaluate(() => scrollY)), { timeout: 10_000, interval: 300 })
    .toBe(true);
  expect(scrolled).toBeGreaterThan(0);
  await mark(frame);

  await ui.keyboard.press('End');
  await ui.keyboard.type(' Live');
  await frame.getByRole('heading', { level: 2, name: 'Four Figures in a Row Live', exact: true }).waitFor(outcome);
  expect(await marked(frame)).toBe('kept');
  expect(await selected(frame)).toEqual(['1']);
  expect(await frame.evaluate(() => scrollY)).toBe(scrolled);
  await expect.poll(() => title.evaluate((el) => el === document.activeElement)).toBe(true);

  // Saved, the page shows what was saved; undone, the preview goes back to the file's old title.
  await ui.getByRole('button', { name: 'Save', exact: true }).click();
  await ui.getByText('Saved Start', { exact: true }).waitFor(outcome);
  await frame.getByRole('heading', { level: 2, name: 'Four Figures in a Row Live', exact: true }).waitFor(outcome);
  await ui.getByRole('button', { name: 'Undo', exact: true }).click();
  await frame.getByRole('heading', { level: 2, name: 'Four Figures in a Row', exact: true }).waitFor(outcome);
  await expect.poll(() => selected(frame), outcome).toEqual(['1']);
});

it('an invalid edit leaves the last valid version in the preview, and the next valid one shows, all without a reload', async () => {
  const { ui, frame } = await openStudio();
  await frame.getByRole('heading', { level: 1, name: 'Every Field. One Page.' }).click();
  const title = field(ui, sectionLabel('hero', 'title'));
  await expect.poll(() => title.evaluate((el) => el === document.activeElement), outcome).toBe(true);
  await mark(frame);

  await title.fill('Every Field. One Page. Valid');
  await frame.getByRole('heading', { level: 1, name: 'Every Field. One Page. Valid' }).waitFor(outcome);
  // A headline must not be empty: without one the edit is refused.
  await title.fill('');
  await ui.getByText('Problems to fix before saving').waitFor(outcome);
  expect(await frame.getByRole('heading', { level: 1 }).textContent()).toBe('Every Field. One Page. Valid');

  await title.fill('Every Field. One Page. Fixed');
  await frame.getByRole('heading', { level: 1, name: 'Every Field. One Page. Fixed' }).waitFor(outcome);
  await ui.getByText('Problems to fix before saving').waitFor({ state: 'detached', ...outcome });
  expect(await marked(frame)).toBe('kept');
  expect(await selected(frame)).toEqual(['0']);
});

it("a form sent from the built studio's preview reaches the site's lead endpoints, which still refuse another site", async () => {
  const { frame } = await openStudio();
  const { model } = await loadSite({ root: path.dirname(fixtureSite) });
  for (const { endpoint } of model!.forms) {
    // An empty lead is refused for its content by the lead endpoint itself, not as an unknown address.
    const answer = await frame.evaluate(
      (url) =>
        fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' }).then(
          async (r) => [r.status, await r.text()] as const,
        ),
      endpoint,
    );
    expect(answer[0], `${endpoint}: ${answer[1]}`).toBe(400);
    const cross = await fetch(session.studio().base + endpoint, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: 'https://elsewhere.example' },
      body: '{}',
    });
    expect(cross.status, endpoint).toBe(403);
  }
});
