// The preview's frame fits its pane (the chosen width in CSS pixels, drawn smaller only when the
// pane is narrower), and the pickers' lists are replaced as the files on disk change, without
// touching the state when nothing changed (a new `site` would re-render every field).
import { describe, expect, it } from 'vitest';
import { fitFrame, previewWidths } from '../../src/studio/PreviewWidths.tsx';
import { Contract } from '../../src/studio/schema.ts';
import { initialState, studioReducer, type StudioState } from '../../src/studio/store/studio-state.ts';

const width = (value: string) => previewWidths.find((w) => w.value === value)!;

describe('the frame in its pane', () => {
  it('keeps a width narrower than the pane at full size, and draws a wider one smaller to fit', () => {
    expect(fitFrame(width('phone'), { width: 690, height: 800 })).toEqual({ width: 390, height: 800, scale: 1 });
    const desktop = fitFrame(width('desktop'), { width: 640, height: 800 })!;
    expect(desktop).toEqual({ width: 1280, height: 1600, scale: 0.5 });
    expect(desktop.width * desktop.scale).toBe(640);
  });

  it("is the pane's own width at full width, and unknown until the pane is measured", () => {
    expect(fitFrame(width('full'), { width: 690, height: 800 })).toEqual({ width: 690, height: 800, scale: 1 });
    expect(fitFrame(width('desktop'), { width: 0, height: 0 })).toBeUndefined();
  });
});

describe('the lists the pickers offer', () => {
  const loaded: StudioState = studioReducer(initialState, {
    type: 'loaded',
    contract: new Contract({}, []),
    routes: ['/', '/contact'],
    titles: { '/': 'Start', '/contact': 'Contact' },
    images: ['/images/a.svg'],
    entries: [],
  });

  it('are replaced by the lists as they are on disk', () => {
    const titles = { '/': 'Start', '/contact': 'Contact', '/pricing': 'Pricing' };
    const next = studioReducer(loaded, { type: 'lists', routes: ['/', '/contact', '/pricing'], titles, images: [] });
    expect(next.site?.routes).toEqual(['/', '/contact', '/pricing']);
    expect(next.site?.titles).toEqual(titles);
    expect(next.site?.images).toEqual([]);
    expect(next.site?.contract).toBe(loaded.site?.contract);
  });

  it('leave the state as it is when nothing changed, or before the studio has loaded', () => {
    const same = {
      routes: ['/', '/contact'],
      titles: { '/': 'Start', '/contact': 'Contact' },
      images: ['/images/a.svg'],
    };
    expect(studioReducer(loaded, { type: 'lists', ...same })).toBe(loaded);
    const retitled = { ...same, titles: { ...same.titles, '/contact': 'Talk to us' } };
    expect(studioReducer(loaded, { type: 'lists', ...retitled }).site?.titles).toEqual(retitled.titles);
    expect(studioReducer(initialState, { type: 'lists', routes: ['/'], titles: {}, images: [] })).toBe(initialState);
  });
});
