// The compiler's promise to editors: every problem in real broken YAML is reported once, at the
// exact file, line and column, with a message that says what to do.
import { describe, expect, it } from 'vitest';
import { formatError } from '../../scripts/content/errors.ts';
import { loadSite } from '../../scripts/content/load-site.ts';
import { files, writeFixture } from '../fixtures/site-fixture.ts';

async function errorsFor(overrides: Record<string, string | null>): Promise<string[]> {
  const result = await loadSite({ root: await writeFixture(overrides) });
  expect(result.model).toBeUndefined();
  return result.errors.map(formatError);
}

const home = files['site/pages/home.yaml'];

describe('the valid fixture', () => {
  it('compiles into a typed model with no errors or warnings', async () => {
    const result = await loadSite({ root: await writeFixture() });
    expect(result.errors).toEqual([]);
    expect(result.warnings).toEqual([]);
    expect(result.model!.pages.map((p) => p.path)).toEqual(['/', '/contact', '/solutions']);
    expect(result.stats).toMatchObject({ pages: 3, articles: 1 });
    const [article] = result.model!.articles;
    expect(article).toMatchObject({
      slug: 'hello-world',
      path: '/resources/blogs/hello-world',
      author: 'Test Co Team',
    });
    // Raw HTML in Markdown is shown as text, never rendered.
    expect(article.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(article.html).not.toContain('<script>');
  });
});

describe('errors point at the exact node', () => {
  it('misspelt section type, with a suggestion', async () => {
    expect(await errorsFor({ 'site/pages/home.yaml': home.replace('type: hero', 'type: heor') })).toEqual([
      'site/pages/home.yaml:6:11  section 1 (heor) › type: unknown section type "heor". Did you mean "hero"?',
    ]);
  });

  it('a required field missing deep inside a section points at the object that lacks it', async () => {
    expect(
      await errorsFor({
        'site/pages/home.yaml': home.replace('      - title: First\n        icon: rocket', '      - icon: rocket'),
      }),
    ).toEqual(['site/pages/home.yaml:15:9  section 2 (cards) › card 1: missing required field "title".']);
  });

  it('a broken internal link, with the closest page', async () => {
    expect(await errorsFor({ 'site/pages/home.yaml': home.replace('to: /solutions', 'to: /solutons') })).toEqual([
      'site/pages/home.yaml:10:13  section 1 (hero) › button 1 (Solutions) › to: "/solutons" is not a page. Did you mean "/solutions"?',
    ]);
  });

  it('a broken link inside an article body, at its line and column', async () => {
    const article = files['site/blog/hello-world.md'].replace('](/solutions)', '](/solution)');
    expect(await errorsFor({ 'site/blog/hello-world.md': article })).toEqual([
      'site/blog/hello-world.md:17:27  link "/solution" is not a page. Did you mean "/solutions"?',
    ]);
  });

  it('a duplicate page path', async () => {
    const copy = files['site/pages/solutions.yaml'].replace('title: Solutions', 'title: Copy');
    expect(await errorsFor({ 'site/pages/solutions-copy.yaml': copy })).toEqual([
      'site/pages/solutions.yaml:2:7  path: "/solutions" is already used by site/pages/solutions-copy.yaml. Each page and article needs its own address.',
    ]);
  });

  it('a redirect loop', async () => {
    const redirects = '# Redirects.\nredirects:\n  - from: /old\n    to: /older\n  - from: /older\n    to: /old\n';
    expect(await errorsFor({ 'site/redirects.yaml': redirects })).toEqual([
      'site/redirects.yaml:4:9  redirect 1 (/old) › to: redirect loop: /old → /older → /old. Point "/old" at a page.',
      'site/redirects.yaml:6:9  redirect 2 (/older) › to: redirect loop: /older → /old → /older. Point "/older" at a page.',
    ]);
  });

  it('a redirect chain and a redirect that hides a page', async () => {
    const redirects =
      '# Redirects.\nredirects:\n  - from: /old\n    to: /older\n  - from: /older\n    to: /solutions\n  - from: /contact\n    to: /\n';
    expect(await errorsFor({ 'site/redirects.yaml': redirects })).toEqual([
      'site/redirects.yaml:4:9  redirect 1 (/old) › to: redirect chain: /old → /older → /solutions. Point "/old" straight at "/solutions".',
      'site/redirects.yaml:7:11  redirect 3 (/contact) › from: "/contact" is a page; a redirect there would hide it. Remove the redirect or the page.',
    ]);
  });

  it('a page or a redirect at an address the server or the build answers itself', async () => {
    const solutions = files['site/pages/solutions.yaml'];
    const form =
      'id: inquiry\nendpoint: /forms/ask\ntitle: Ask us\nsubmitLabel: Send\nsuccessMessage: Thanks.\nerrorMessage: Try again.\nfields:\n  - name: email\n    label: Email\n    kind: email\n';
    const redirects =
      '# Redirects.\nredirects:\n  - from: /_studio/\n    to: /solutions\n  - from: /robots.txt\n    to: /solutions\n  - from: /forms/ask\n    to: /\n';
    expect(
      await errorsFor({
        'site/pages/health.yaml': solutions.replace('path: /solutions', 'path: /healthz'),
        'site/pages/pictures.yaml': solutions.replace('path: /solutions', 'path: /images/team'),
        'site/forms/inquiry.yaml': form,
        'site/redirects.yaml': redirects,
      }),
    ).toEqual([
      'site/pages/health.yaml:2:7  path: "/healthz" belongs to the site itself (the server\'s own check), so no page can be shown there. Choose another address.',
      'site/pages/pictures.yaml:2:7  path: "/images/team" belongs to the site itself (the site\'s pictures), so no page can be shown there. Choose another address.',
      'site/redirects.yaml:3:11  redirect 1 (/_studio/) › from: "/_studio/" belongs to the site itself (the studio and the site\'s own data), so it cannot send visitors elsewhere. Remove this redirect or choose another old address.',
      'site/redirects.yaml:5:11  redirect 2 (/robots.txt) › from: "/robots.txt" belongs to the site itself (the note for search engines), so it cannot send visitors elsewhere. Remove this redirect or choose another old address.',
      'site/redirects.yaml:7:11  redirect 3 (/forms/ask) › from: "/forms/ask" belongs to the site itself (where the form "Ask us" is sent), so it cannot send visitors elsewhere. Remove this redirect or choose another old address.',
    ]);
  });

  it("a page or a redirect among a translation's addresses", async () => {
    const settings = files['site/site.yaml'].replace(
      /^name: .*$/m,
      (line) => `${line}\nlanguages:\n  - code: en\n    name: English\n  - code: de\n    name: Deutsch`,
    );
    const solutions = files['site/pages/solutions.yaml'];
    const redirects = '# Redirects.\nredirects:\n  - from: /de\n    to: /solutions\n';
    expect(
      await errorsFor({
        'site/site.yaml': settings,
        'site/pages/loesungen.yaml': solutions.replace('path: /solutions', 'path: /de/solutions'),
        'site/redirects.yaml': redirects,
      }),
    ).toEqual([
      'site/pages/loesungen.yaml:2:7  path: "/de/solutions" belongs to the site itself (its pages in Deutsch), so no page can be shown there. Choose another address.',
      'site/redirects.yaml:3:11  redirect 1 (/de) › from: "/de" belongs to the site itself (its pages in Deutsch), so it cannot send visitors elsewhere. Remove this redirect or choose another old address.',
    ]);
  });

  it('an unknown icon, with the closest icon', async () => {
    expect(await errorsFor({ 'site/pages/home.yaml': home.replace('icon: rocket', 'icon: rocet') })).toEqual([
      'site/pages/home.yaml:16:15  section 2 (cards) › card 1 (First) › icon: unknown icon "rocet". Did you mean "rocket"?',
    ]);
  });

  it('a YAML syntax error in the same format', async () => {
    expect(await errorsFor({ 'site/pages/home.yaml': home.replace('title: Home', 'title: "Home') })).toEqual([
      'site/pages/home.yaml:3:8  the quote " opened here is never closed, so YAML reads everything after it as one text. Close it at the end of the text: `title: "Home"`.',
    ]);
    const [indent] = await errorsFor({
      'site/pages/home.yaml': home.replace('  - type: articles', '  - type: articles\n   bad: indent'),
    });
    expect(indent).toMatch(
      /^site\/pages\/home\.yaml:18:1  this line is indented 3 spaces, less than the lines it goes with, which use 4\. /,
    );
  });

  it('a number where text is expected is an error, not a silent coercion', async () => {
    expect(await errorsFor({ 'site/pages/home.yaml': home.replace('title: Home', 'title: 300') })).toEqual([
      'site/pages/home.yaml:3:8  title: must be text, but it is the number 300. Put it in quotes if you mean the text: "300".',
    ]);
  });

  it('a bare yes/no where text is expected asks for quotes', async () => {
    expect(await errorsFor({ 'site/pages/home.yaml': home.replace('title: Home', 'title: no') })).toEqual([
      'site/pages/home.yaml:3:8  title: must be text, but it is the yes/no value false. Put it in quotes if you mean the text: "no".',
    ]);
  });

  it('an unknown key points at the key, with the closest field; the missing field it explains is not reported again', async () => {
    expect(
      await errorsFor({ 'site/pages/home.yaml': home.replace('    title: Your GCC', '    titel: Your GCC') }),
    ).toEqual(['site/pages/home.yaml:7:5  section 1 (hero) › titel: unknown field "titel". Did you mean "title"?']);
  });

  it('a button with no destination names the three choices', async () => {
    expect(await errorsFor({ 'site/pages/home.yaml': home.replace('        to: /contact\n', '') })).toEqual([
      'site/pages/home.yaml:11:9  section 1 (hero) › button 2 (Contact): needs one of "to", "href", "action": where the button leads or what it does.',
    ]);
  });

  it('a missing image file and an image without alt text', async () => {
    const article = files['site/blog/hello-world.md']
      .replace('hello-world.svg', 'hello-wrld.svg')
      .replace('  alt: Abstract cover illustration\n', '');
    expect(await errorsFor({ 'site/blog/hello-world.md': article })).toEqual([
      'site/blog/hello-world.md:10:3  image: missing required field "alt".',
    ]);
    const missing = files['site/blog/hello-world.md'].replace('hello-world.svg', 'hello-wrld.svg');
    expect(await errorsFor({ 'site/blog/hello-world.md': missing })).toEqual([
      'site/blog/hello-world.md:10:8  image › src: no file site/images/blog/hello-wrld.svg. Did you mean "/images/blog/hello-world.svg"?',
    ]);
  });

  it('reports every error at once, sorted by file and line', async () => {
    const errors = await errorsFor({
      'site/pages/home.yaml': home.replace('type: hero', 'type: heor').replace('icon: rocket', 'icon: rocet'),
      'site/pages/solutions.yaml': files['site/pages/solutions.yaml'].replace('to: /contact', 'to: /contct'),
    });
    expect(errors.map((e) => e.split('  ')[0])).toEqual([
      'site/pages/home.yaml:6:11',
      'site/pages/home.yaml:16:15',
      'site/pages/solutions.yaml:10:13',
    ]);
  });
});

describe('drafts', () => {
  it('are left out of the production model and kept for the dev server', async () => {
    const draft = files['site/pages/solutions.yaml']
      .replace('path: /solutions', 'path: /draft')
      .replace('title: Solutions', 'title: Draft\ndraft: true');
    const root = await writeFixture({ 'site/pages/draft.yaml': draft });
    expect((await loadSite({ root })).model!.pages.map((p) => p.path)).not.toContain('/draft');
    expect((await loadSite({ root, includeDrafts: true })).model!.pages.map((p) => p.path)).toContain('/draft');
  });

  it('a published page linking to a draft fails the production build', async () => {
    const draft = files['site/pages/solutions.yaml']
      .replace('path: /solutions', 'path: /draft')
      .replace('title: Solutions', 'title: Draft\ndraft: true');
    const linking = files['site/pages/contact.yaml'].replace('href: mailto:hello@example.com', 'to: /draft');
    const result = await loadSite({
      root: await writeFixture({ 'site/pages/draft.yaml': draft, 'site/pages/contact.yaml': linking }),
    });
    expect(result.errors.map(formatError)).toEqual([
      'site/pages/contact.yaml:10:13  section 1 (cta) › button 1 (E-mail) › to: "/draft" is not a page.',
    ]);
  });
});

describe('errors on groups and lists name the fields they expect, counted from one', () => {
  const form = `# Form: inquiry
id: inquiry
endpoint: /email/api/sendEmail
title: Send an inquiry
submitLabel: Send
successMessage: Thank you.
errorMessage: Sending failed.
fields:
  - name: name
    label: Name
    kind: text
  - name: size
    label: Company Size
    kind: select
    options:
      - value: small
        label: Small
`;
  const withOptions = (options: string) =>
    form.replace('    options:\n      - value: small\n        label: Small\n', options);

  it('options written as a sentence: the list, its fields and an example', async () => {
    expect(
      await errorsFor({ 'site/forms/inquiry.yaml': withOptions('    options: small, medium or large\n') }),
    ).toEqual([
      'site/forms/inquiry.yaml:15:14  field 2 (Company Size) › options: must be a list, but it is text. Each option needs a "value" and a "label", for example:\n' +
        '    - value: 51-200\n' +
        '      label: 51–200 people',
    ]);
  });

  it('options as a list of words: one error for the list, not one per item', async () => {
    expect(
      await errorsFor({
        'site/forms/inquiry.yaml': withOptions('    options:\n      - small\n      - medium\n      - large\n'),
      }),
    ).toEqual([
      'site/forms/inquiry.yaml:16:9  field 2 (Company Size) › option 1: must be a group of fields, but it is text (so are options 2 and 3). Each option needs a "value" and a "label", for example:\n' +
        '    value: 51-200\n' +
        '    label: 51–200 people',
    ]);
  });

  it('an empty list says what one item looks like; so does a section list given as text', async () => {
    expect(await errorsFor({ 'site/forms/inquiry.yaml': withOptions('    options: []\n') })).toEqual([
      'site/forms/inquiry.yaml:15:14  field 2 (Company Size) › options: needs at least 1 option. Each option needs a "value" and a "label", for example:\n' +
        '    - value: 51-200\n' +
        '      label: 51–200 people',
    ]);
    expect(
      await errorsFor({
        'site/pages/home.yaml': home.replace(
          '    cards:\n      - title: First\n        icon: rocket\n',
          '    cards: First, Second\n',
        ),
      }),
    ).toEqual([
      'site/pages/home.yaml:14:12  section 2 (cards) › cards: must be a list, but it is text. Each card needs a "title", for example:\n' +
        '    - title: Strategic Storytelling\n' +
        '      icon: presentation\n' +
        '      description: Narratives that show leadership what the centre delivers.',
    ]);
  });

  it('a broken form file is reported there only, not again where a page uses it', async () => {
    const contact = files['site/pages/contact.yaml'].replace(
      'sections:\n',
      'sections:\n  - type: form\n    form: inquiry\n',
    );
    expect(
      await errorsFor({
        'site/forms/inquiry.yaml': form.replace('kind: select', 'kind: selekt'),
        'site/pages/contact.yaml': contact,
      }),
    ).toEqual([
      'site/forms/inquiry.yaml:14:11  field 2 (Company Size) › kind: unknown value "selekt". Did you mean "select"?',
    ]);
  });
});
