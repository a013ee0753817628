// What runs on the real site/: checks that hold for any valid content and name none of it. The
// same checks run on a copy of site/ after a week of everyday edits (tests/fixtures/everyday-edits.ts),
// proving that an editor's valid change cannot turn them red.
//   - it validates and builds (React's development build, which reports hydration mismatches);
//   - every route answers 200 and hydrates with nothing in the console, at 390 and 1280 px;
//   - nothing is wider than the window; the site's name and header button stay on one line;
//   - axe finds nothing; every image has its size and alt text; every internal link resolves;
//   - every form submits in the browser and its lead reaches the mail server.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SiteManifest } from '../../shared/site-manifest.ts';
import { formatError } from '../../scripts/content/errors.ts';
import { loadSite } from '../../scripts/content/load-site.ts';
import type { SiteModel } from '../../scripts/content/model.ts';
import { buildContent } from '../fixtures/build-content.ts';
import { editedCopy } from '../fixtures/everyday-edits.ts';
import { projectRoot } from '../fixtures/fixture-site.ts';
import { startSmtp, type TestSmtp } from '../fixtures/smtp.ts';
import { openPage, startHarness, takeAPersonsTime, type Harness } from './harness.ts';
import { axeProblems, imageProblems, layoutProblems } from './site-checks.ts';

type Button = { label: string; action?: string };

/** Buttons anywhere in the settings or the pages that carry `action`, with the route to find them on. */
function buttonsWithAction(model: SiteModel, action: string): { route: string; label: string }[] {
  const found: { route: string; label: string }[] = [];
  const walk = (value: unknown, route: string) => {
    if (Array.isArray(value)) value.forEach((item) => walk(item, route));
    else if (value && typeof value === 'object') {
      if ((value as Button).action === action) found.push({ route, label: (value as Button).label });
      Object.values(value).forEach((child) => walk(child, route));
    }
  };
  walk(model.settings, '/');
  for (const page of model.pages) walk(page.sections, page.path);
  return found;
}

const value = (field: SiteModel['forms'][number]['fields'][number], formId: string) =>
  ({ email: `lead-${formId}@example.com`, tel: '+91 98765 43210' })[field.kind as string] ??
  (field.kind === 'select' ? field.options![0].value : `Test ${field.label}`.slice(0, field.maxLength ?? 200));

describe.each([
  ['site/', false],
  ['site/ after a week of everyday edits', true],
])('%s', (_name, edited) => {
  let h: Harness;
  let smtp: TestSmtp;
  let model: SiteModel;
  let manifest: SiteManifest;

  beforeAll(async () => {
    const contentRoot = edited ? (await editedCopy(projectRoot)).root : projectRoot;
    const result = await loadSite({ root: contentRoot });
    expect(result.errors.map(formatError)).toEqual([]);
    model = result.model!;
    const outDir = path.join(
      projectRoot,
      '.cache',
      `dist-content-${createHash('sha1').update(contentRoot).digest('hex').slice(0, 8)}`,
    );
    await buildContent(contentRoot, outDir);
    manifest = JSON.parse(readFileSync(path.join(outDir, '_site.json'), 'utf8'));
    smtp = await startSmtp();
    h = await startHarness({ distDir: outDir, smtpUrl: smtp.url });
  }, 300_000);
  afterAll(async () => {
    await h?.close();
    await smtp?.close();
  });

  it.each([1280, 390])(
    'at %i px every route answers 200 and hydrates with nothing in the console; layout, images and axe find nothing',
    async (width) => {
      const { page, log } = await openPage(h.browser, { width, height: 900 });
      const problems: string[] = [];
      for (const route of [...manifest.routes, '/no-such-page']) {
        log.errors.length = 0;
        // Loaded and its script run; not the network's rest, which the speculation rules keep busy
        // prerendering the pages the links lead to.
        const response = await page.goto(h.baseUrl + route);
        await page.waitForFunction(() => document.documentElement.dataset.app === 'ready');
        expect(response?.status(), route).toBe(route === '/no-such-page' ? 404 : 200);
        const found = [...(await layoutProblems(page)), ...(await imageProblems(page)), ...(await axeProblems(page))];
        // Read last, when every image has been scrolled into view and loaded. The not-found page
        // reports the unknown address in the console by design (see the engine tests).
        if (route !== '/no-such-page') found.unshift(...log.errors.map((e) => `console: ${e}`));
        problems.push(...found.map((problem) => `${route} @${width}: ${problem}`));
      }
      expect(problems).toEqual([]);
      await page.close();
    },
    600_000,
  );

  it('every internal link resolves', async () => {
    const { page } = await openPage(h.browser);
    const links = new Map<string, string>();
    for (const route of manifest.routes) {
      await page.goto(h.baseUrl + route);
      for (const href of await page
        .locator('a[href^="/"]')
        .evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href')!)))
        links.set(href.split('#')[0], route);
    }
    const broken: string[] = [];
    for (const [href, from] of links) {
      const response = await fetch(h.baseUrl + href);
      if (response.status !== 200) broken.push(`${href} (linked from ${from}) → ${response.status}`);
    }
    expect(broken).toEqual([]);
    await page.close();
  }, 300_000);

  it('every form submits in the browser and its lead reaches the mail server with every value', async () => {
    const { page, log } = await openPage(h.browser);
    // The white paper form opens the paper in a new window; that window is not under test here.
    page.context().on('page', (popup) => void popup.close());
    for (const form of model.forms) {
      const host = model.pages.find((p) => p.sections.some((s) => s.type === 'form' && s.form === form.id));
      const opener = buttonsWithAction(model, 'white-paper-request')[0];
      expect(
        host ?? (form.id === 'white-paper' ? opener : undefined),
        `no page or button offers the form "${form.id}"`,
      ).toBeDefined();
      await page.goto(h.baseUrl + (host?.path ?? opener.route));
      if (!host) await page.getByRole('button', { name: opener.label, exact: true }).first().click();
      await fill(page, form);
      await takeAPersonsTime(page);
      await page.getByRole('button', { name: form.submitLabel, exact: true }).click();
      await page.getByText(form.successMessage).first().waitFor();
      // The team's mail names the visitor; a reply to the visitor goes to that address alone.
      const visitor = `lead-${form.id}@example.com`;
      const ours = () => smtp.received.find((m) => m.text.includes(visitor) && !m.envelope.rcptTo.includes(visitor));
      await expect.poll(ours, { timeout: 15_000 }).toBeDefined();
      const mail = ours()!;
      for (const field of form.fields) {
        const sent = field.kind === 'select' ? field.options![0].label : value(field, form.id);
        expect(mail.text, `${form.id}: ${field.label}`).toContain(`${field.label}: ${sent}`);
      }
    }
    expect(log.errors).toEqual([]);
    await page.close();
  }, 120_000);
});

async function fill(page: Page, form: SiteModel['forms'][number]) {
  for (const field of form.fields) {
    const input = page.locator(`[id="${form.id}-${field.name}"]`);
    if (field.kind === 'select') await input.selectOption(value(field, form.id));
    else await input.fill(value(field, form.id));
  }
}
