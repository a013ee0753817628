// One slip, one error, for a deleted list line: the items of the deleted list join the list above
// it; the editor is told once, at the first of them, which line to type back, instead of "too many
// items" and an unknown field on each. Items that fit no missing list keep their own errors.
import { describe, expect, it } from 'vitest';
import { formatError } from '../../scripts/content/errors.ts';
import { loadSite } from '../../scripts/content/load-site.ts';
import { writeFixture } from '../fixtures/site-fixture.ts';

const page = `# Page: Home
path: /
title: Home
description: The home page of the test site, long enough to pass the minimum length.
sections:
  - type: hero
    title: Your GCC Builds. We Tell Your Story.
    buttons:
      - label: Solutions
        to: /solutions
      - label: Contact
        to: /contact
    claims:
      - value: 2X
        label: faster
      - value: 40%
        label: cheaper
        description: Than last year.
      - value: "7"
        label: countries
  - type: cards
    cards:
      - title: First
        icon: rocket
        items:
          - first bullet
        metrics:
          - value: 60%
            label: card figure
        links:
          - label: Open First
            to: /solutions
          - label: Ask About First
            to: /contact
            variant: secondary
`;

async function errorsFor(text: string) {
  const { errors } = await loadSite({ root: await writeFixture({ 'site/pages/home.yaml': text }) });
  return errors;
}

describe('a deleted list line', () => {
  it('the page as written has no errors', async () => {
    expect(await errorsFor(page)).toEqual([]);
  });

  it('`claims:` deleted under a hero: its claims joined the buttons; one error at the first claim', async () => {
    const errors = await errorsFor(page.replace('    claims:\n', ''));
    expect(errors.map(formatError)).toEqual([
      'site/pages/home.yaml:13:9  section 1 (hero) › button 3 (faster): this item and the 2 after it look like claims, not buttons: the line `claims:` that starts their list seems to be missing. Type `claims:` on a new line above line 13, with 4 spaces before it, as `buttons:` has.',
    ]);
    // The studio shows it at the first claim.
    expect(errors[0].at).toEqual(['sections', 0, 'buttons', 2]);
  });

  it("a card's `links:` deleted under its `metrics:`: one error at the first link", async () => {
    const errors = await errorsFor(page.replace('        links:\n', ''));
    expect(errors.map(formatError)).toEqual([
      'site/pages/home.yaml:30:13  section 2 (cards) › card 1 (First) › metric 2 (Open First): this item and the one after it look like links, not metrics: the line `links:` that starts their list seems to be missing. Type `links:` on a new line above line 30, with 8 spaces before it, as `metrics:` has.',
    ]);
    expect(errors[0].at).toEqual(['sections', 1, 'cards', 0, 'metrics', 1]);
  });

  it("a card's `metrics:` deleted under its bullets: a group of fields does not fit a list of texts", async () => {
    const errors = await errorsFor(page.replace('        metrics:\n', ''));
    expect(errors.map(formatError)).toEqual([
      'site/pages/home.yaml:27:13  section 2 (cards) › card 1 (First) › item 2 (card figure): this item looks like a metric, not one of the items: the line `metrics:` that starts its list seems to be missing. Type `metrics:` on a new line above line 27, with 8 spaces before it, as `items:` has.',
    ]);
    expect(errors[0].at).toEqual(['sections', 1, 'cards', 0, 'items', 1]);
  });

  it('one item that joined: said of that one item', async () => {
    const errors = await errorsFor(
      page.replace('        links:\n', '').replace(/\n {10}- label: Ask About First\n.*\n.*variant: secondary/, ''),
    );
    expect(errors.map(formatError)).toEqual([
      'site/pages/home.yaml:30:13  section 2 (cards) › card 1 (First) › metric 2 (Open First): this item looks like a link, not a metric: the line `links:` that starts its list seems to be missing. Type `links:` on a new line above line 30, with 8 spaces before it, as `metrics:` has.',
    ]);
  });

  it('items that fit no missing list keep their own errors', async () => {
    // A claim typed among the buttons while the hero has its claims: no list is missing.
    const typedAmongButtons = page.replace(
      '        to: /contact\n    claims:',
      '        to: /contact\n      - value: 3X\n        label: stray claim\n    claims:',
    );
    expect((await errorsFor(typedAmongButtons)).map(formatError)).toEqual([
      'site/pages/home.yaml:13:9  section 1 (hero) › button 3 (stray claim) › value: unknown field "value". Allowed fields: label, to, href, action, variant, icon, tooltip, hideWhenQuery.',
      'site/pages/home.yaml:13:9  section 1 (hero) › button 3 (stray claim): needs one of "to", "href", "action": where the button leads or what it does.',
    ]);
    // Items that look like nothing the hero holds, the claims line gone: each is said as it is.
    const strangers = page.replace('    claims:\n', '').replace(/value: (\S+)\n {8}label/g, 'quote: $1\n        label');
    expect((await errorsFor(strangers)).map(formatError)).toEqual([
      'site/pages/home.yaml:9:7  section 1 (hero) › buttons: can hold at most 4 items (it has 5).',
      'site/pages/home.yaml:13:9  section 1 (hero) › button 3 (faster) › quote: unknown field "quote". Allowed fields: label, to, href, action, variant, icon, tooltip, hideWhenQuery.',
      'site/pages/home.yaml:13:9  section 1 (hero) › button 3 (faster): needs one of "to", "href", "action": where the button leads or what it does (so are buttons 4 and 5).',
      'site/pages/home.yaml:15:9  section 1 (hero) › button 4 (cheaper): unknown fields "quote" and "description". Allowed fields: label, to, href, action, variant, icon, tooltip, hideWhenQuery.',
      'site/pages/home.yaml:18:9  section 1 (hero) › button 5 (countries) › quote: unknown field "quote". Allowed fields: label, to, href, action, variant, icon, tooltip, hideWhenQuery.',
    ]);
  });
});
