// The picture a page shows when it is shared: a 1200×630 image for og:image. An article with a
// photo as its cover shares that photo (a JPEG); anything else gets a card drawn from its title,
// its label (the article's category or the page's section) and the brand's name and colour, laid
// out by satori (HTML/CSS layout to SVG), rasterised by resvg and reduced to a palette PNG. Cards
// are kept in the media cache (media-cache.ts) by the hash of everything drawn on them (or of the
// photo's bytes) and the encoder's settings, so a rebuild makes only the cards whose content changed.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { renderAsync } from '@resvg/resvg-js';
import satori, { type SatoriOptions } from 'satori';
import sharp from 'sharp';
import { DEFAULT_PRIMARY } from '../../src/lib/colour.ts';
import type { SiteModel } from '../content/model.ts';
import { isRaster, type MediaDirs } from './images.ts';
import { cacheKey } from './media-cache.ts';
import { MAX_IMAGE_PIXELS } from '../content/image-content.ts';
import { readConfined, siteFiles } from '../../shared/confined-files.ts';

export const CARD = { width: 1200, height: 630 } as const;
const ENCODER_VERSIONS = JSON.stringify(sharp.versions);
// Bump when the drawing changes, so cards cached from the old design are redrawn.
const DESIGN_VERSION = 5;

export interface SocialCard {
  /** The card's address, /images/_social/….png (drawn) or .jpg (cut from a photo). */
  url: string;
  type: 'image/png' | 'image/jpeg';
  alt: string;
}

interface CardContent {
  title: string;
  label?: string;
  brand: string;
  colour: string;
  host: string;
}

// Inter from @fontsource (the files ship inside the npm package; nothing is downloaded). Satori
// reads WOFF, not WOFF2.
async function loadFonts(): Promise<SatoriOptions['fonts']> {
  const dir = path.join(path.dirname(createRequire(import.meta.url).resolve('@fontsource/inter/LICENSE')), 'files');
  const font = (weight: 400 | 700) => readFile(path.join(dir, `inter-latin-${weight}-normal.woff`));
  return [
    { name: 'Inter', data: await font(400), weight: 400, style: 'normal' },
    { name: 'Inter', data: await font(700), weight: 700, style: 'normal' },
  ];
}

type Node = {
  type: string;
  props: { style?: Record<string, string | number>; children?: (Node | string)[] | Node | string };
};
const box = (style: Record<string, string | number>, ...children: (Node | string)[]): Node => ({
  type: 'div',
  props: { style, children },
});

function layout({ title, label, brand, colour, host }: CardContent): Node {
  const titleSize = title.length <= 40 ? 76 : title.length <= 80 ? 62 : 50;
  return box(
    {
      width: CARD.width,
      height: CARD.height,
      boxSizing: 'border-box',
      display: 'flex',
      flexDirection: 'column',
      justifyContent: 'space-between',
      padding: '64px 80px',
      background: colour,
      color: '#ffffff',
      fontFamily: 'Inter',
    },
    box({ display: 'flex', fontSize: 34, fontWeight: 700, letterSpacing: '-0.01em' }, brand),
    box(
      { display: 'flex', flexDirection: 'column', gap: 28, width: CARD.width - 160 },
      ...(label
        ? [
            box(
              {
                display: 'flex',
                alignSelf: 'flex-start',
                fontSize: 26,
                fontWeight: 700,
                padding: '8px 20px',
                borderRadius: 999,
                background: 'rgba(255,255,255,0.16)',
                border: '2px solid rgba(255,255,255,0.5)',
              },
              label,
            ),
          ]
        : []),
      box(
        {
          display: 'flex',
          width: '100%',
          fontSize: titleSize,
          fontWeight: 700,
          lineHeight: 1.12,
          letterSpacing: '-0.02em',
        },
        title,
      ),
    ),
    box(
      {
        display: 'flex',
        width: CARD.width - 160,
        fontSize: 26,
        color: '#ffffff',
        borderTopWidth: 2,
        borderTopStyle: 'solid',
        borderTopColor: 'rgba(255,255,255,0.45)',
        paddingTop: 24,
      },
      host,
    ),
  );
}

export interface CardStats {
  drawn: number;
  cached: number;
}

/**
 * How cards are encoded. A drawn card is flat colour and text: a PNG of at most 256 colours keeps
 * the text crisp in about 6–15 KB; its few colours need no dithering (which took 40% of a card's
 * time for 0.4% of its size). A card cut from a photo is a JPEG at quality 60 (~95 KB for the
 * bench's grain-covered photo, the hardest case; a PNG of it was ~389 KB, quality 70 ~110 KB).
 * Measured in docs/benchmarks.md, "Social cards".
 */
export const CARD_ENCODERS = {
  drawn: { palette: true, quality: 85, effort: 1, compressionLevel: 6, dither: 0 },
  photo: { quality: 60, mozjpeg: true, progressive: true },
} as const;

/** Makes a social card for every page and article into outDir/images/_social; returns them by route path. */
export async function makeSocialCards(
  model: SiteModel,
  dirs: MediaDirs,
  stats: CardStats = { drawn: 0, cached: 0 },
): Promise<Map<string, SocialCard>> {
  const { contentRoot, outDir, cache, limiter } = dirs;
  const publicDir = path.join(outDir, 'images', '_social');
  await mkdir(publicDir, { recursive: true });
  let fonts: Promise<SatoriOptions['fonts']> | undefined;
  const { settings } = model;
  const brand = {
    brand: settings.name,
    colour: settings.theme?.primaryColor ?? DEFAULT_PRIMARY,
    host: new URL(settings.url).host,
  };

  /** Returns the card's address and type, drawing it (or cutting the photo) only when not cached. */
  const produce = async (kind: keyof typeof CARD_ENCODERS, content: string | Buffer, make: () => Promise<Buffer>) => {
    const ext = kind === 'drawn' ? 'png' : 'jpg';
    const key = cacheKey(String(DESIGN_VERSION), JSON.stringify(CARD_ENCODERS[kind]), ENCODER_VERSIONS, content);
    const cached = await cache.get(key, ext);
    if (cached) stats.cached++;
    const card =
      cached ??
      (await limiter.run(CARD.width * CARD.height * 2, async () => {
        const made = await make();
        await cache.put(key, ext, made);
        stats.drawn++;
        return made;
      }));
    const name = `${key.slice(0, 16)}.${ext}`;
    await writeFile(path.join(publicDir, name), card);
    return { url: `/images/_social/${name}`, type: ext === 'png' ? 'image/png' : 'image/jpeg' } as const;
  };
  const draw = (content: CardContent) =>
    produce('drawn', JSON.stringify(content), async () => {
      fonts ??= loadFonts();
      const svg = await satori(layout(content) as Parameters<typeof satori>[0], { ...CARD, fonts: await fonts });
      // Rasterised off the main thread (resvg's own thread pool), then reduced to a palette from
      // the raw pixels: no PNG is written by resvg and read back by sharp (half the card's time).
      const image = await renderAsync(svg, { fitTo: { mode: 'width', value: CARD.width } });
      const raw = { width: image.width, height: image.height, channels: 4 } as const;
      return sharp(image.pixels, { raw }).removeAlpha().png(CARD_ENCODERS.drawn).toBuffer();
    });
  const photo = async (src: string) => {
    const bytes = await readConfined(siteFiles(contentRoot), src.slice(1));
    return produce('photo', bytes, () =>
      sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS })
        .rotate()
        .resize({ ...CARD, fit: 'cover', position: 'attention' })
        .jpeg(CARD_ENCODERS.photo)
        .toBuffer(),
    );
  };

  const cards = new Map<string, SocialCard>();
  const byPath = new Map(model.pages.map((page) => [page.path, page]));
  const nav = new Map(settings.navigation.links.map((link) => [link.to, link.label]));
  const jobs: Promise<void>[] = [];
  for (const page of model.pages) {
    // A nested page is labelled with the section it sits in: /solutions/x with "Solutions".
    const parent = page.path.split('/').slice(0, 2).join('/');
    const label = parent !== page.path ? (nav.get(parent) ?? byPath.get(parent)?.title) : undefined;
    const alt = `${page.title}${label ? ` (${label})` : ''}, ${settings.name}`;
    jobs.push(draw({ title: page.title, label, ...brand }).then((card) => void cards.set(page.path, { ...card, alt })));
  }
  for (const article of model.articles) {
    const { src, alt } = article.image;
    const card =
      src.startsWith('/images/') && isRaster(src)
        ? photo(src).then((made) => ({ ...made, alt }))
        : draw({ title: article.title, label: article.category, ...brand }).then((made) => ({
            ...made,
            alt: `${article.title} (${article.category}), ${settings.name}`,
          }));
    jobs.push(card.then((made) => void cards.set(article.path, made)));
  }
  await Promise.all(jobs);
  // In the model's order, as the head tags and structured data read them.
  return new Map([...model.pages, ...model.articles].map((entry) => [entry.path, cards.get(entry.path)!] as const));
}
