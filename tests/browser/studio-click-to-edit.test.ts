// Click-to-edit reaches every text and image of any section: the site's renderer marks each
// section's root with its index (data-section, in the studio's preview only), and the studio finds
// what was clicked in that section's data. For every section type of the schema, a text of a
// fixture section is clicked and its own field must get the focus; a click on an image focuses that
// image's picker. The visitors' build and a page outside the studio carry no such marks.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSite } from '../../scripts/content/load-site.ts';
import { sectionSchemas } from '../../scripts/content/schemas.ts';
import { fixtureDistDir, fixtureSiteRoot } from '../fixtures/fixture-site.ts';
import { outcome, useStudio } from './studio-session.ts';

type Leaf = { path: (string | number)[]; value: string };
/** The first load of a page on the dev server compiles its modules: slow on a busy machine. */
const firstLoad = { timeout: 150_000 };
const perTest = 300_000;
type Placed = { route: string; index: number; section: Record<string, unknown> };

const session = useStudio();
const { types, sharedFields } = sectionSchemas();
/** For each section type, the first fixture section of that type and the page showing it. */
const placed = new Map<string, Placed>();
/** One studio tab per page, shared by the section types on it. */
const tabs = new Map<string, Promise<{ ui: Page; frame: Frame }>>();

beforeAll(async () => {
  const { model } = await loadSite({ root: fixtureSiteRoot });
  for (const page of model?.pages ?? [])
    page.sections.forEach((section, index) => {
      if (!placed.has(section.type))
        placed.set(section.type, { route: page.path, index, section: section as unknown as Record<string, unknown> });
    });
});
afterAll(async () => {
  for (const tab of tabs.values()) await (await tab).ui.close();
}, perTest);

function studioTab(route: string) {
  if (!tabs.has(route)) {
    const tab = (async () => {
      const ui = await session.browser().newPage({ viewport: { width: 1400, height: 900 } });
      await ui.goto(`${session.studio().studioUrl}?path=${encodeURIComponent(route)}`, firstLoad);
      await ui.waitForFunction(() => document.documentElement.dataset.studio === 'ready', undefined, firstLoad);
      const frame = await (await ui.waitForSelector('iframe[title="Page preview"]', firstLoad)).contentFrame();
      if (!frame) throw new Error('no preview frame');
      return { ui, frame };
    })();
    // A tab that failed to open is not kept for the next section type on its page.
    tab.catch(() => tabs.delete(route));
    tabs.set(route, tab);
  }
  return tabs.get(route)!;
}

/** Every text of a section's data with its path, the section's own fields before the shared ones (eyebrow, title…). */
function leaves(section: Record<string, unknown>): Leaf[] {
  const found: Leaf[] = [];
  const walk = (node: unknown, at: (string | number)[]) => {
    if (typeof node === 'string') found.push({ path: at, value: node.trim() });
    else if (Array.isArray(node)) node.forEach((item, i) => walk(item, [...at, i]));
    else if (node && typeof node === 'object')
      for (const [key, value] of Object.entries(node)) walk(value, [...at, key]);
  };
  walk(section, []);
  const unique = found.filter((leaf) => leaf.value && found.filter((other) => other.value === leaf.value).length === 1);
  return [
    ...unique.filter((leaf) => !(String(leaf.path[0]) in sharedFields)),
    ...unique.filter((leaf) => String(leaf.path[0]) in sharedFields),
  ];
}

const focusedPath = (ui: Page) =>
  ui.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.path ?? null);

describe('a click on any section in the preview focuses its field', () => {
  it.each(types)(
    '%s: a text of the section focuses the field holding it',
    async (type) => {
      const where = placed.get(type);
      expect(where, `the fixture site has no ${type} section to click`).toBeDefined();
      const { route, index, section } = where!;
      const { ui, frame } = await studioTab(route);
      const root = frame.locator(`[data-section="${index}"]`);
      await root.waitFor(firstLoad);
      for (const leaf of leaves(section)) {
        const shown = root.getByText(leaf.value, { exact: true }).filter({ visible: true });
        if ((await shown.count()) === 0) continue;
        await shown.first().click();
        await expect.poll(() => focusedPath(ui), outcome).toBe(JSON.stringify(['sections', index, ...leaf.path]));
        return;
      }
      // A section none of whose texts is shown as it is written (a document read from its own file):
      // a click on it focuses one of its fields.
      await root.click();
      await expect
        .poll(
          () => focusedPath(ui).then((at) => at?.startsWith(JSON.stringify(['sections', index]).slice(0, -1))),
          outcome,
        )
        .toBe(true);
    },
    perTest,
  );

  it(
    "a click on an image focuses that image's picker",
    async () => {
      const hero = placed.get('hero');
      const image = (hero?.section.image ?? {}) as { alt?: string };
      expect(image.alt, 'the fixture hero has an image with alt text').toBeTruthy();
      const { ui, frame } = await studioTab(hero!.route);
      await frame.locator(`[data-section="${hero!.index}"] img[alt="${image.alt}"]`).click();
      await expect.poll(() => focusedPath(ui), outcome).toBe(JSON.stringify(['sections', hero!.index, 'image']));
    },
    perTest,
  );
});

describe('edit mode only', () => {
  it(
    'the same page outside the studio has no section marks',
    async () => {
      const page = await session.browser().newPage();
      await page.goto(session.studio().preview, firstLoad);
      await page.locator('main section[data-type]').first().waitFor(firstLoad);
      expect(await page.locator('[data-section]').count()).toBe(0);
      await page.close();
    },
    perTest,
  );

  it("the visitors' build has no section marks in its pages and no edit-mode code in its scripts", async () => {
    const files = (await readdir(fixtureDistDir, { recursive: true, withFileTypes: true })).filter(
      (f) => f.isFile() && /\.(html|js)$/.test(f.name),
    );
    const found: string[] = [];
    let sections = 0;
    for (const file of files) {
      const text = await readFile(path.join(file.parentPath, file.name), 'utf8');
      sections += text.match(/<section[^>]* data-type="/g)?.length ?? 0;
      if (/ data-section="/.test(text) || text.includes('data-studio-preview'))
        found.push(path.relative(fixtureDistDir, path.join(file.parentPath, file.name)));
    }
    expect(sections).toBeGreaterThan(0);
    expect(found).toEqual([]);
  });
});
