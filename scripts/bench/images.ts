// The encoder settings, measured: a 3000×2000 camera-like photo (tests/fixtures/camera-photo.ts)
// resized to each width the build makes and encoded with each candidate setting, timed (CPU), weighed and
// scored (PSNR against the same resize, uncompressed). `node scripts/bench/images.ts` prints the
// table that docs/benchmarks.md keeps; `npm run bench -- --only=images` runs it too.
import sharp, { type Sharp } from 'sharp';
import { cameraPhoto } from '../../tests/fixtures/camera-photo.ts';

export interface EncoderRow {
  width: number;
  setting: string;
  ms: number;
  kb: number;
  psnr: number;
}

/** Peak signal-to-noise ratio of an encoded image against the uncompressed reference, in dB. */
async function psnr(encoded: Buffer, reference: Buffer): Promise<number> {
  const decoded = await sharp(encoded).removeAlpha().raw().toBuffer();
  let squares = 0;
  for (let i = 0; i < decoded.length; i++) squares += (decoded[i] - reference[i]) ** 2;
  return 10 * Math.log10((255 * 255) / (squares / decoded.length));
}

type Encoder = (pipeline: Sharp) => Sharp;

/** The settings tried: the ones the build uses (images.ts ENCODERS) and those around them. */
export const CANDIDATES: [string, Encoder][] = [
  ...[2, 3, 4].map((effort): [string, Encoder] => [
    `AVIF effort ${effort} quality 50`,
    (p) => p.avif({ quality: 50, effort }),
  ]),
  ...[50, 56, 60].map((quality): [string, Encoder] => [
    `AVIF effort 0 quality ${quality}`,
    (p) => p.avif({ quality, effort: 0 }),
  ]),
  ['WebP effort 4 quality 72', (p) => p.webp({ quality: 72, effort: 4 })],
  ['WebP effort 2 quality 72', (p) => p.webp({ quality: 72, effort: 2 })],
  ['JPEG mozjpeg quality 78', (p) => p.jpeg({ quality: 78, mozjpeg: true, progressive: true })],
  ['JPEG quality 82', (p) => p.jpeg({ quality: 82, progressive: true, optimiseCoding: true })],
];

/**
 * The median of three timings in CPU time (this process's threads, libvips' included): on a
 * machine shared with other work, wall time varies by a factor of two or three, CPU time little.
 */
async function timed(runs: number, make: () => Promise<Buffer>): Promise<{ ms: number; out: Buffer }> {
  const times: number[] = [];
  let out: Buffer = Buffer.alloc(0);
  for (let i = 0; i < runs; i++) {
    const started = process.cpuUsage();
    out = await make();
    const used = process.cpuUsage(started);
    times.push((used.user + used.system) / 1000);
  }
  return { ms: times.sort((a, b) => a - b)[Math.floor(times.length / 2)], out };
}

export async function measureEncoders(widths = [1600, 1200, 800, 480], candidates = CANDIDATES): Promise<EncoderRow[]> {
  const source = await cameraPhoto(3000, 2000);
  const rows: EncoderRow[] = [];
  for (const width of widths) {
    const reference = await sharp(source).resize({ width }).removeAlpha().raw().toBuffer();
    for (const [setting, encode] of candidates) {
      const runs = 3;
      const { ms, out } = await timed(runs, () => encode(sharp(source).resize({ width })).toBuffer());
      rows.push({ width, setting, ms, kb: out.length / 1024, psnr: await psnr(out, reference) });
    }
  }
  return rows;
}

if (import.meta.main) {
  console.log(`sharp ${sharp.versions.sharp ?? ''}, libvips ${sharp.versions.vips}, ${sharp.concurrency()} threads`);
  console.log('| width | setting | CPU time | size | PSNR |\n| --- | --- | --- | --- | --- |');
  for (const r of await measureEncoders())
    console.log(
      `| ${r.width} | ${r.setting} | ${Math.round(r.ms)} ms | ${r.kb.toFixed(1)} KB | ${r.psnr.toFixed(2)} dB |`,
    );
}
