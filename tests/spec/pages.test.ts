// The shipped copy against the product spec (npm run spec-check, outside npm test): every route
// of the spec, visited in a browser: its key texts are there, exactly, and each
// button and link leads where the spec says.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPage, siteDistDir, startHarness, type Harness } from '../browser/harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ distDir: siteDistDir });
});
afterAll(() => h.close());

type Route = { texts: string[]; links?: [string, string][] };
const metrics = (pairs: string) => pairs.split(', ');

const routes: Record<string, Route> = {
  '/': {
    texts: ['Strategic Communications Partner', 'Your GCC Builds. We Tell Your Story.', '3X', '75%', '4X', '50%', 'Strategic Storytelling Gap', '86%', '8%', 'GCC Evolution Imperative', '1,760+', '11%', 'Creatos', 'SemanticMesh', 'ProductBox Suite'],
    links: [['Unlock Your Strategic Voice', '/contact'], ['Explore Our Framework', '/solutions'], ['Explore Our Creative & Knowledge Solutions', '/solutions'], ['Partner With Us to Unlock the Next Phase of GCC Transformation', '/contact']],
  },
  '/services': {
    texts: ['Strategic Creativity', 'Intelligent Content & AI', 'Knowledge Management', 'White-Labeled Delivery', 'Build-Operate-Transfer', 'Embedded Innovation Cells', 'Rapid Deployment Pods', 'India-to-India INR Billing', 'Industry Expertise'],
    links: [['Summon Us', '/contact']],
  },
  '/solutions': {
    texts: ['Analytics at Scale', 'Productized Intelligence', 'Storytelling & Visualization'],
    links: [['Explore Analytics at Scale', '/solutions/analytics-at-scale'], ['Request a Demo', '/contact']],
  },
  '/solutions/analytics-at-scale': { texts: metrics('60%, Faster Processing, 75%, Higher Accuracy, 24/7, Real-Time Insights, 90%, Automated Workflows'), links: [['Summon Us', '/contact'], ['Request a Demo', '/contact'], ['Contact an Expert', '/contact'], ['Explore All Solutions', '/solutions']] },
  '/solutions/productized-intelligence': { texts: metrics('50%, Faster Launch, 70%, Quality Improvement, 85%, User Satisfaction, 90%, On-Time Delivery'), links: [['Contact an Expert', '/contact'], ['Explore All Solutions', '/solutions']] },
  '/solutions/storytelling-visualization': { texts: metrics('80%, Higher Engagement, 65%, Faster Creation, 90%, Brand Consistency, 75%, Executive Approval'), links: [['Contact an Expert', '/contact'], ['Explore All Solutions', '/solutions']] },
  '/technology': { texts: ['Creatos', 'SemanticMesh', 'ProductBox Suite'], links: [['Explore Creatos', '/technology/creatos']] },
  '/technology/semantic-mesh': { texts: metrics('90%, Data Quality Improvement, 70%, Faster AI Development, 85%, Improved Discoverability, 100%, Compliance Coverage'), links: [['See SemanticMesh in Action', '/contact'], ['Request Technical Deep Dive', '/contact'], ['Explore All Technologies', '/technology']] },
  '/technology/productbox-suite': { texts: metrics('70%, Faster Development, 90%, Quality, 85%, Productivity, 95%, On-Time Delivery'), links: [['See ProductBox Suite in Action', '/contact'], ['Explore All Technologies', '/technology']] },
  '/technology/creatos': {
    texts: [...metrics('70%, Faster Production, 90%, Brand Consistency, 85%, Team Efficiency, 95%, Quality Score'), 'Template Galaxy', 'Visualization Studio', 'PowerPoint Pro Services', 'Creative Ops Hub'],
    links: [['See Creatos in Action', '/contact'], ['Request Technical Deep Dive', '/contact'], ['Explore All Technologies', '/technology']],
  },
  '/landscape': { texts: ['Bengaluru', 'Hyderabad', 'Pune', 'Kochi', 'Coimbatore', 'Indore', 'Jaipur', '1,760+', '92%', '40%', '70%'], links: [] },
  '/challenges': { texts: ['6-8 weeks', '12-16 weeks', '8-10 weeks', '10-12 weeks', '01', '04'], links: [] },
  '/resources': { texts: ['About Us', 'Blogs', 'Emerging Trends', 'Success Stories'], links: [] },
  '/resources/about': { texts: ['Mission and Vision'], links: [['Schedule a Discovery Call', '/contact']] },
  '/resources/case-studies': { texts: ['Challenge', 'Solution', 'Results', 'Outcome'], links: [] },
  '/resources/emerging-trends': { texts: ['Critical Impact', 'High Impact', 'Key focus', 'Expected outcome'], links: [] },
  '/contact': { texts: ['What to Expect', 'Creative Discovery Session', '45 minutes', 'Content Strategy Blueprint', 'Creative Implementation', 'hello@example.com', '+91 00000 00000', 'Gurugram, India'], links: [] },
  '/case-studies': { texts: ['What GCC Leaders Say'], links: [] },
  '/white-paper': { texts: ['25 min read', 'Innovation Acceleration', 'Strategic Talent Engineering', 'Business Impact Enablement', 'Global Collaboration & Culture'], links: [] },
  '/executive-summary': { texts: ['Download / Print', 'Key Findings'], links: [] },
};

// Links that every page's call-to-action bands carry, by page.
const ctaTargets: Record<string, string[]> = {
  '/services': ['/contact', '/landscape'],
  '/solutions': ['/contact'],
  '/technology': ['/contact', '/solutions'],
  '/landscape': ['/challenges', '/services'],
  '/challenges': ['/contact', '/services'],
  '/resources': ['/resources/about', '/resources/blogs', '/resources/emerging-trends', '/resources/case-studies', '/contact', '/services'],
  '/case-studies': ['/contact', '/services'],
  '/resources/case-studies': ['/contact', '/services'],
  '/white-paper': ['/contact'],
  '/': ['/services', '/solutions', '/contact'],
};

describe.each(Object.entries(routes))('%s', (path, route) => {
  it('shows its key texts and links where the spec says', async () => {
    const { page, log } = await openPage(h.browser);
    const response = await page.goto(h.baseUrl + path);
    expect(response?.status()).toBe(200);
    // textContent, not innerText: sections below the fold are not rendered until scrolled to
    // (content-visibility), yet their text is in the page. Case-insensitive for uppercase labels.
    const text = (await page.locator('main').textContent())!.replace(/\s+/g, ' ').toLowerCase();
    for (const expected of route.texts) expect(text, `${path}: "${expected}"`).toContain(expected.toLowerCase());
    for (const [name, href] of route.links ?? []) {
      const link = page.getByRole('main').getByRole('link', { name, exact: true }).first();
      expect(await link.getAttribute('href'), `${path}: ${name}`).toBe(href);
    }
    const hrefs = await page.locator('main a[href^="/"]').evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href')));
    for (const target of ctaTargets[path] ?? []) expect(hrefs, `${path} links to ${target}`).toContain(target);
    expect(log.errors).toEqual([]);
    await page.close();
  });
});

describe('buttons lead where they say', () => {
  it("Home 'Explore Our Framework' → /solutions, a technology page 'Explore All Technologies' → /technology", async () => {
    const { page } = await openPage(h.browser);
    await page.goto(h.baseUrl + '/');
    await page.getByRole('link', { name: 'Explore Our Framework' }).click();
    await page.waitForURL(h.baseUrl + '/solutions');
    await page.goto(h.baseUrl + '/technology/semantic-mesh');
    await page.getByRole('link', { name: 'Explore All Technologies' }).click();
    await page.waitForURL(h.baseUrl + '/technology');
    await page.getByRole('navigation', { name: 'Main', exact: true }).getByRole('link', { name: 'Summon Us' }).click();
    await page.waitForURL(h.baseUrl + '/contact');
    await page.close();
  });
});

describe('executive summary', () => {
  it("'Download / Print' opens the print dialog, and printing hides it and the site chrome", async () => {
    const { page } = await openPage(h.browser);
    await page.goto(h.baseUrl + '/executive-summary');
    await page.evaluate(() => Object.assign(window, { printed: 0, print: () => ((window as unknown as { printed: number }).printed += 1) }));
    await page.getByRole('button', { name: 'Download / Print' }).click();
    expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
    await page.emulateMedia({ media: 'print' });
    expect(await page.getByRole('button', { name: 'Download / Print' }).isVisible()).toBe(false);
    expect(await page.locator('header').first().isVisible()).toBe(false);
    expect(await page.locator('footer').isVisible()).toBe(false);
    expect(await page.getByRole('heading', { name: 'Key Findings' }).isVisible()).toBe(true);
    await page.close();
  });
});

describe('tooltips', () => {
  it('open only after the 700 ms delay set in site.yaml', async () => {
    const { page } = await openPage(h.browser);
    await page.goto(h.baseUrl + '/');
    const button = page.getByRole('contentinfo').getByRole('button', { name: 'White Papers' });
    await button.scrollIntoViewIfNeeded();
    await button.hover();
    const started = Date.now();
    await page.waitForTimeout(400);
    expect(await page.getByRole('tooltip').count()).toBe(0);
    await page.getByRole('tooltip').waitFor({ timeout: 3000 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(650);
    expect(await page.getByRole('tooltip').textContent()).toBe("Request 'The Strategic Evolution of Global Capability Centers'");
    await page.close();
  });
});

describe('without JavaScript', () => {
  it('every page is readable: the prerendered HTML holds the content', async () => {
    const context = await h.browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    for (const path of Object.keys(routes)) {
      await page.goto(h.baseUrl + path);
      const text = (await page.locator('main').textContent())!.replace(/\s+/g, ' ').toLowerCase();
      expect(text, path).toContain(routes[path].texts[0].toLowerCase());
    }
    await context.close();
  });
});
