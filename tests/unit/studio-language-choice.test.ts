// The Publish view's choice of languages (src/studio/publish/LanguageChoice.tsx), rendered as the
// studio renders it: one box per language by the name the site gives it, in its own direction,
// ticked unless held back, in words for the people who publish (no file, no commit, no code).
import { MantineProvider } from '@mantine/core';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { heldBackOf, LanguageChoice } from '../../src/studio/publish/LanguageChoice.tsx';
import type { PublishLanguage } from '../../shared/publishing.ts';

const languages: PublishLanguage[] = [
  { code: 'de', name: 'Deutsch', direction: 'ltr', heldBack: false },
  { code: 'ur', name: 'اردو', direction: 'rtl', heldBack: true },
];

const render = (shown: PublishLanguage[] | undefined) =>
  renderToStaticMarkup(
    createElement(
      MantineProvider,
      null,
      createElement(LanguageChoice, { languages: shown, disabled: false, onChange: () => undefined }),
    ),
  );

describe('the choice of languages to publish', () => {
  it('offers each language by its name, ticked unless held back, in words without files or codes', () => {
    const html = render(languages);
    const boxes = [...html.matchAll(/<input[^>]*type="checkbox"[^>]*>/g)].map((match) => match[0]);
    expect(boxes.map((box) => [/value="([^"]+)"/.exec(box)?.[1], / checked=""/.test(box)])).toEqual([
      ['de', true],
      ['ur', false],
    ]);
    expect(html).toContain('<span lang="de" dir="ltr">Deutsch</span>');
    expect(html).toContain('<span lang="ur" dir="rtl">اردو</span>');
    const words = html.replace(/<[^>]+>/g, ' ');
    expect(words).toContain('Translations to publish now');
    expect(words).not.toMatch(/commit|\.yaml|site\/|hash|\bde\b|\bur\b/i);
  });

  it('shows nothing where no translation waits, and names the languages held back', () => {
    expect(render(undefined)).not.toContain('checkbox');
    expect(render([])).not.toContain('checkbox');
    expect(heldBackOf(languages)).toEqual(['ur']);
    expect(heldBackOf(undefined)).toEqual([]);
  });
});
