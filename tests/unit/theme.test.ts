// The brand theme: one hex colour in site.yaml becomes Mantine's ten shades with that colour at
// the primary shade, and a colour that fails WCAG AA is refused at its line with the fix.
import { describe, expect, it } from 'vitest';
import { formatError } from '../../scripts/content/errors.ts';
import { loadSite } from '../../scripts/content/load-site.ts';
import { contrast, nearestPassingShade, PRIMARY_SHADE, shades } from '../../src/lib/colour.ts';
import { siteTheme } from '../../src/theme.ts';
import { files, writeFixture } from '../fixtures/site-fixture.ts';

const withTheme = (block: string) => ({
  'site/site.yaml': files['site/site.yaml'].replace('tooltips:', `${block}\ntooltips:`),
});

describe('brand colour', () => {
  it('is exactly the primary shade, between lighter and darker shades', () => {
    const scale = shades('#1A7F5A');
    expect(scale).toHaveLength(10);
    expect(scale[PRIMARY_SHADE]).toBe('#1a7f5a');
    const lightness = scale.map((shade) => contrast(shade, '#000000'));
    expect([...lightness].sort((a, b) => b - a)).toEqual(lightness);
    const theme = siteTheme({ primaryColor: '#1A7F5A', radius: 0 });
    expect(theme.colors?.brand?.[theme.primaryShade as number]).toBe('#1a7f5a');
    expect(theme.defaultRadius).toBe(0);
  });

  it('measures contrast as WCAG does', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
    expect(contrast(nearestPassingShade('#5c9ded'), '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(nearestPassingShade('#0f4aa0')).toBe('#0f4aa0');
  });

  it('a colour that passes AA compiles', async () => {
    const result = await loadSite({
      root: await writeFixture(withTheme('theme:\n  primaryColor: "#0f4aa0"\n  radius: 12')),
    });
    expect(result.errors).toEqual([]);
    expect(result.model!.settings.theme).toEqual({ primaryColor: '#0f4aa0', radius: 12 });
  });

  it('a colour that fails AA is refused at its line, with the ratio and the nearest passing shade', async () => {
    const root = await writeFixture(withTheme('theme:\n  primaryColor: "#5c9ded"'));
    const result = await loadSite({ root });
    const line = files['site/site.yaml'].split('\n').indexOf('tooltips:') + 2;
    expect(result.errors.map(formatError)).toEqual([
      `site/site.yaml:${line}:17  theme › primaryColor: "#5c9ded" has a contrast of 2.80:1 with white; WCAG AA needs 4.5:1 for white text on buttons and for links on white. The nearest shade that passes is "#4677b4".`,
    ]);
  });

  it('a logo that is not in site/images is reported', async () => {
    const result = await loadSite({
      root: await writeFixture(withTheme('theme:\n  primaryColor: "#0f4aa0"\n  logo: /images/logo.svg')),
    });
    expect(result.errors.map(formatError).join('\n')).toMatch(/theme › logo: no file site\/images\/logo\.svg/);
  });
});
