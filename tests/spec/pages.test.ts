// The shipped copy against the product spec (npm run spec-check, outside npm test): every route
// of the spec, visited in a browser: its key texts are there, exactly, and each button and link
// leads where the spec says. Then print, tooltips and reading without JavaScript: the shared suite
// (tests/browser/suites/page-behaviours.ts) with the spec's exact copy.
import { describe, expect, it } from 'vitest';
import { openPage, siteDistDir } from '../browser/harness.ts';
import { pageBehavioursSuite } from '../browser/suites/page-behaviours.ts';
import { useHarness } from '../browser/suites/use-harness.ts';

const site = useHarness({ distDir: siteDistDir });

type Route = { texts: string[]; links?: [string, string][] };
const metrics = (pairs: string) => pairs.split(', ');

const routes: Record<string, Route> = {
  '/': {
    texts: [
      'Strategic Communications Partner',
      'Your GCC Builds. We Tell Your Story.',
      '3X',
      '75%',
      '4X',
      '50%',
      'Strategic Storytelling Gap',
      '86%',
      '8%',
      'GCC Evolution Imperative',
      '1,760+',
      '11%',
      'Creatos',
      'SemanticMesh',
      'ProductBox Suite',
    ],
    links: [
      ['Unlock Your Strategic Voice', '/contact'],
      ['Explore Our Framework', '/solutions'],
      ['Explore Our Creative & Knowledge Solutions', '/solutions'],
      ['Partner With Us to Unlock the Next Phase of GCC Transformation', '/contact'],
    ],
  },
  '/services': {
    texts: [
      'Strategic Creativity',
      'Intelligent Content & AI',
      'Knowledge Management',
      'White-Labeled Delivery',
      'Build-Operate-Transfer',
      'Embedded Innovation Cells',
      'Rapid Deployment Pods',
      'India-to-India INR Billing',
      'Industry Expertise',
    ],
    links: [['Summon Us', '/contact']],
  },
  '/solutions': {
    texts: ['Analytics at Scale', 'Productized Intelligence', 'Storytelling & Visualization'],
    links: [
      ['Explore Analytics at Scale', '/solutions/analytics-at-scale'],
      ['Request a Demo', '/contact'],
    ],
  },
  '/solutions/analytics-at-scale': {
    texts: metrics('60%, Faster Processing, 75%, Higher Accuracy, 24/7, Real-Time Insights, 90%, Automated Workflows'),
    links: [
      ['Summon Us', '/contact'],
      ['Request a Demo', '/contact'],
      ['Contact an Expert', '/contact'],
      ['Explore All Solutions', '/solutions'],
    ],
  },
  '/solutions/productized-intelligence': {
    texts: metrics('50%, Faster Launch, 70%, Quality Improvement, 85%, User Satisfaction, 90%, On-Time Delivery'),
    links: [
      ['Contact an Expert', '/contact'],
      ['Explore All Solutions', '/solutions'],
    ],
  },
  '/solutions/storytelling-visualization': {
    texts: metrics('80%, Higher Engagement, 65%, Faster Creation, 90%, Brand Consistency, 75%, Executive Approval'),
    links: [
      ['Contact an Expert', '/contact'],
      ['Explore All Solutions', '/solutions'],
    ],
  },
  '/technology': {
    texts: ['Creatos', 'SemanticMesh', 'ProductBox Suite'],
    links: [['Explore Creatos', '/technology/creatos']],
  },
  '/technology/semantic-mesh': {
    texts: metrics(
      '90%, Data Quality Improvement, 70%, Faster AI Development, 85%, Improved Discoverability, 100%, Compliance Coverage',
    ),
    links: [
      ['See SemanticMesh in Action', '/contact'],
      ['Request Technical Deep Dive', '/contact'],
      ['Explore All Technologies', '/technology'],
    ],
  },
  '/technology/productbox-suite': {
    texts: metrics('70%, Faster Development, 90%, Quality, 85%, Productivity, 95%, On-Time Delivery'),
    links: [
      ['See ProductBox Suite in Action', '/contact'],
      ['Explore All Technologies', '/technology'],
    ],
  },
  '/technology/creatos': {
    texts: [
      ...metrics('70%, Faster Production, 90%, Brand Consistency, 85%, Team Efficiency, 95%, Quality Score'),
      'Template Galaxy',
      'Visualization Studio',
      'PowerPoint Pro Services',
      'Creative Ops Hub',
    ],
    links: [
      ['See Creatos in Action', '/contact'],
      ['Request Technical Deep Dive', '/contact'],
      ['Explore All Technologies', '/technology'],
    ],
  },
  '/landscape': {
    texts: ['Bengaluru', 'Hyderabad', 'Pune', 'Kochi', 'Coimbatore', 'Indore', 'Jaipur', '1,760+', '92%', '40%', '70%'],
    links: [],
  },
  '/challenges': { texts: ['6-8 weeks', '12-16 weeks', '8-10 weeks', '10-12 weeks', '01', '04'], links: [] },
  '/resources': { texts: ['About Us', 'Blogs', 'Emerging Trends', 'Success Stories'], links: [] },
  '/resources/about': { texts: ['Mission and Vision'], links: [['Schedule a Discovery Call', '/contact']] },
  '/resources/case-studies': { texts: ['Challenge', 'Solution', 'Results', 'Outcome'], links: [] },
  '/resources/emerging-trends': {
    texts: ['Critical Impact', 'High Impact', 'Key focus', 'Expected outcome'],
    links: [],
  },
  '/contact': {
    texts: [
      'What to Expect',
      'Creative Discovery Session',
      '45 minutes',
      'Content Strategy Blueprint',
      'Creative Implementation',
      'hello@example.com',
      '+91 00000 00000',
      'Gurugram, India',
    ],
    links: [],
  },
  '/case-studies': { texts: ['What GCC Leaders Say'], links: [] },
  '/white-paper': {
    texts: [
      '25 min read',
      'Innovation Acceleration',
      'Strategic Talent Engineering',
      'Business Impact Enablement',
      'Global Collaboration & Culture',
    ],
    links: [],
  },
  '/executive-summary': { texts: ['Download / Print', 'Key Findings'], links: [] },
};

// Links that every page's call-to-action bands carry, by page.
const ctaTargets: Record<string, string[]> = {
  '/services': ['/contact', '/landscape'],
  '/solutions': ['/contact'],
  '/technology': ['/contact', '/solutions'],
  '/landscape': ['/challenges', '/services'],
  '/challenges': ['/contact', '/services'],
  '/resources': [
    '/resources/about',
    '/resources/blogs',
    '/resources/emerging-trends',
    '/resources/case-studies',
    '/contact',
    '/services',
  ],
  '/case-studies': ['/contact', '/services'],
  '/resources/case-studies': ['/contact', '/services'],
  '/white-paper': ['/contact'],
  '/': ['/services', '/solutions', '/contact'],
};

describe.each(Object.entries(routes))('%s', (path, route) => {
  it('shows its key texts and links where the spec says', async () => {
    const h = site();
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
    const hrefs = await page
      .locator('main a[href^="/"]')
      .evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href')));
    for (const target of ctaTargets[path] ?? []) expect(hrefs, `${path} links to ${target}`).toContain(target);
    expect(log.errors).toEqual([]);
    await page.close();
  });
});

describe('buttons lead where they say', () => {
  it("Home 'Explore Our Framework' → /solutions, a technology page 'Explore All Technologies' → /technology", async () => {
    const h = site();
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

pageBehavioursSuite({
  site,
  copy: {
    print: { route: '/executive-summary', button: 'Download / Print', heading: 'Key Findings' },
    tooltip: {
      button: 'White Papers',
      text: "Request 'The Strategic Evolution of Global Capability Centers'",
      openDelayMs: 700,
    },
    withoutJs: Object.entries(routes).map(([path, route]) => ({ path, texts: [route.texts[0]] })),
  },
});
