// A week of everyday edits to a copy of site/ keeps it valid: the same edits the browser checks
// then render (tests/browser/site-content.test.ts). Names nothing of site/: the edits find their
// targets the way an editor would.
import { expect, it } from 'vitest';
import { formatError } from '../../scripts/content/errors.ts';
import { loadSite } from '../../scripts/content/load-site.ts';
import { changedHeadline, editedCopy } from '../fixtures/everyday-edits.ts';
import { projectRoot } from '../fixtures/fixture-site.ts';

it('a new article dated today, an article deleted with its links, a new headline, a page in the navigation and a new form field validate', async () => {
  const before = (await loadSite({ root: projectRoot })).model!;
  const { root, deletedArticle, added } = await editedCopy(projectRoot);
  const { article: newArticle, page: newNavigationPage, field: newField } = added;
  const result = await loadSite({ root });
  expect(result.errors.map(formatError)).toEqual([]);
  const model = result.model!;
  expect(model.articles.find((a) => a.slug === newArticle.slug)?.date).toBe(new Date().toISOString().slice(0, 10));
  expect(model.articles.map((a) => a.slug)).not.toContain(deletedArticle);
  expect(model.articles.length).toBe(before.articles.length);
  expect(model.pages.find((p) => p.path === '/')!.sections[0]).toMatchObject({ title: changedHeadline });
  expect(model.settings.navigation.links.at(-1)).toEqual({
    label: newNavigationPage.title,
    to: newNavigationPage.path,
  });
  expect(model.pages.map((p) => p.path)).toContain(newNavigationPage.path);
  expect(model.forms.some((form) => form.fields.some((field) => field.name === newField.name))).toBe(true);
});

it('still applies when an editor has already written the page, the article and the field it would add', async () => {
  const first = await editedCopy(projectRoot);
  // The first round's additions now exist: a second round must pick names of its own.
  const second = await editedCopy(first.root);
  const result = await loadSite({ root: second.root });
  expect(result.errors.map(formatError)).toEqual([]);
  expect(second.added.page.path).not.toBe(first.added.page.path);
  expect(second.added.article.slug).not.toBe(first.added.article.slug);
  expect(second.added.field.name).not.toBe(first.added.field.name);
  expect(result.model!.pages.map((p) => p.path)).toEqual(
    expect.arrayContaining([first.added.page.path, second.added.page.path]),
  );
}, 60_000);
