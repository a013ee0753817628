// The picture a page shows when it is shared: a 1200×630 PNG for og:image. An article with a
// photo as its cover shares that photo; anything else gets a card drawn from its title, its label
// (the article's category or the page's section) and the brand's name and colour, laid out by
// satori (HTML/CSS layout to SVG) and rasterised by resvg. Cards are cached under .cache/social by
// the hash of everything drawn on them, so a rebuild redraws only the cards whose content changed.
import { createHash } from 'node:crypto';
import { copyFile, mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Resvg } from '@resvg/resvg-js';
import satori, { type SatoriOptions } from 'satori';
import sharp from 'sharp';
import { DEFAULT_PRIMARY } from '../../src/lib/colour.ts';
import type { SiteModel } from '../content/model.ts';
import { isRaster, type MediaDirs } from './images.ts';
import { readConfined, siteFiles } from '../../shared/confined-files.ts';

export const CARD = { width: 1200, height: 630 } as const;
// Bump when the drawing changes, so cards cached from the old design are redrawn.
const DESIGN_VERSION = 4;

export interface SocialCard {
  /** The card's address, /images/_social/…png. */
  url: string;
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

/** Makes a social card for every page and article into outDir/images/_social; returns them by route path. */
export async function makeSocialCards(
  model: SiteModel,
  dirs: MediaDirs,
  stats: CardStats = { drawn: 0, cached: 0 },
): Promise<Map<string, SocialCard>> {
  const { contentRoot, outDir } = dirs;
  const cacheDir = path.join(dirs.cacheDir, 'social');
  const publicDir = path.join(outDir, 'images', '_social');
  await mkdir(cacheDir, { recursive: true });
  await mkdir(publicDir, { recursive: true });
  let fonts: SatoriOptions['fonts'] | undefined;
  const { settings } = model;
  const brand = {
    brand: settings.name,
    colour: settings.theme?.primaryColor ?? DEFAULT_PRIMARY,
    host: new URL(settings.url).host,
  };

  /** Returns the card's file name, drawing it (or cropping the photo) only when not cached. */
  const produce = async (key: string, make: () => Promise<Buffer>) => {
    const hash = createHash('sha256').update(`${DESIGN_VERSION}\0${key}`).digest('hex').slice(0, 16);
    const name = `${hash}.png`;
    const cached = path.join(cacheDir, name);
    if (
      await stat(cached).then(
        () => true,
        () => false,
      )
    )
      stats.cached++;
    else {
      await writeFile(`${cached}.tmp`, await make());
      await rename(`${cached}.tmp`, cached);
      stats.drawn++;
    }
    await copyFile(cached, path.join(publicDir, name));
    return `/images/_social/${name}`;
  };
  const draw = (content: CardContent) =>
    produce(JSON.stringify(content), async () => {
      fonts ??= await loadFonts();
      const svg = await satori(layout(content) as Parameters<typeof satori>[0], { ...CARD, fonts });
      return new Resvg(svg, { fitTo: { mode: 'width', value: CARD.width } }).render().asPng();
    });
  const photo = async (src: string) => {
    const bytes = await readConfined(siteFiles(contentRoot), src.slice(1));
    return produce(`photo\0${createHash('sha256').update(bytes).digest('hex')}`, () =>
      sharp(bytes)
        .rotate()
        .resize({ ...CARD, fit: 'cover', position: 'attention' })
        .png({ compressionLevel: 9 })
        .toBuffer(),
    );
  };

  const cards = new Map<string, SocialCard>();
  const byPath = new Map(model.pages.map((page) => [page.path, page]));
  const nav = new Map(settings.navigation.links.map((link) => [link.to, link.label]));
  for (const page of model.pages) {
    // A nested page is labelled with the section it sits in: /solutions/x with "Solutions".
    const parent = page.path.split('/').slice(0, 2).join('/');
    const label = parent !== page.path ? (nav.get(parent) ?? byPath.get(parent)?.title) : undefined;
    cards.set(page.path, {
      url: await draw({ title: page.title, label, ...brand }),
      alt: `${page.title}${label ? ` (${label})` : ''}, ${settings.name}`,
    });
  }
  for (const article of model.articles) {
    const { src, alt } = article.image;
    if (src.startsWith('/images/') && isRaster(src)) cards.set(article.path, { url: await photo(src), alt });
    else
      cards.set(article.path, {
        url: await draw({ title: article.title, label: article.category, ...brand }),
        alt: `${article.title} (${article.category}), ${settings.name}`,
      });
  }
  return cards;
}
