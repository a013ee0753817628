// Colour arithmetic for the brand theme: shades derived from one hex colour, and WCAG contrast.
// Shared by the browser (the Mantine theme) and the validator (the contrast check).

type Rgb = [number, number, number];

const parse = (hex: string): Rgb => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)) as Rgb;
const format = (rgb: Rgb) => `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;
/** `amount` of the way from `hex` towards `target` (0 = unchanged, 1 = the target). */
const mix = (hex: string, target: Rgb, amount: number) =>
  format(parse(hex).map((c, i) => c + (target[i] - c) * amount) as Rgb);

/** WCAG 2 relative luminance. */
function luminance(hex: string): number {
  const [r, g, b] = parse(hex).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2 contrast ratio between two colours, from 1 to 21. */
export function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

/** The brand colour when site.yaml sets none: a deep navy that passes AA on white. */
export const DEFAULT_PRIMARY = '#0f4aa0';

/** The index of the brand colour itself among its ten shades: Mantine's primaryShade. */
export const PRIMARY_SHADE = 7;

/**
 * Mantine's ten shades, light to dark, with the brand colour exactly at PRIMARY_SHADE: the seven
 * above it mixed towards white, the two below towards black.
 */
export function shades(hex: string): string[] {
  const lighter = [0.92, 0.82, 0.66, 0.5, 0.34, 0.2, 0.09].map((amount) => mix(hex, [255, 255, 255], amount));
  const darker = [0.18, 0.36].map((amount) => mix(hex, [0, 0, 0], amount));
  return [...lighter, hex.toLowerCase(), ...darker];
}

/** WCAG AA for normal text. White on the colour and the colour on white are the same ratio. */
export const AA_CONTRAST = 4.5;

/** The closest darker shade of `hex` that reaches AA against white (itself when it already does). */
export function nearestPassingShade(hex: string): string {
  for (let step = 0; step <= 100; step++) {
    const candidate = mix(hex, [0, 0, 0], step / 100);
    if (contrast(candidate, '#ffffff') >= AA_CONTRAST) return candidate;
  }
  return '#000000';
}
