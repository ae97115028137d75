/**
 * The lesson's screenshots for docs/ (docs/lesson-steps.md), kept small: a wide screenshot is
 * halved (each 2x2 block of pixels averaged), and every one is written as an indexed PNG of a few
 * dozen colours, chosen so that the rare colours that carry meaning (a marked digit's yellow) keep
 * a place beside the many greys of text. A page of text on flat panels loses little to that, and
 * an image a step at each size stays a few tens of KB where a full-colour shot takes a hundred or
 * more. Node's zlib does the compression; the PNG chunks are
 * written here (the format is small: a signature, then length, type, data and CRC per chunk).
 */
import { writeFileSync } from 'node:fs';
import { deflateSync, inflateSync } from 'node:zlib';

interface Pixels {
  readonly width: number;
  readonly height: number;
  /** RGB, 3 bytes a pixel, row by row. */
  readonly rgb: Uint8Array;
}

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The Paeth predictor of the PNG filters: whichever of left, up and up-left is nearest to left + up - up-left. */
function paeth(left: number, up: number, upLeft: number): number {
  const guess = left + up - upLeft;
  const toLeft = Math.abs(guess - left);
  const toUp = Math.abs(guess - up);
  const toUpLeft = Math.abs(guess - upLeft);
  if (toLeft <= toUp && toLeft <= toUpLeft) return left;
  return toUp <= toUpLeft ? up : upLeft;
}

/** An 8-bit RGB or RGBA, non-interlaced PNG (what Chromium's screenshots are) as RGB pixels. */
export function decodePng(png: Buffer): Pixels {
  if (!png.subarray(0, 8).equals(SIGNATURE)) throw new Error('not a PNG');
  let at = 8;
  let width = 0;
  let height = 0;
  let channels = 0;
  const data: Buffer[] = [];
  while (at < png.length) {
    const length = png.readUInt32BE(at);
    const type = png.toString('latin1', at + 4, at + 8);
    const body = png.subarray(at + 8, at + 8 + length);
    if (type === 'IHDR') {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      const [depth, colour, , , interlace] = [body[8], body[9], body[10], body[11], body[12]];
      if (depth !== 8 || (colour !== 2 && colour !== 6) || interlace !== 0) throw new Error('an unexpected PNG layout');
      channels = colour === 6 ? 4 : 3;
    } else if (type === 'IDAT') data.push(body);
    at += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(data));
  const stride = width * channels;
  const rows = new Uint8Array(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]!;
    const source = y * (stride + 1) + 1;
    const row = y * stride;
    for (let x = 0; x < stride; x++) {
      const left = x >= channels ? rows[row + x - channels]! : 0;
      const up = y > 0 ? rows[row - stride + x]! : 0;
      const upLeft = x >= channels && y > 0 ? rows[row - stride + x - channels]! : 0;
      const value = raw[source + x]!;
      // a byte at a time over a whole screenshot: a switch, not an array of the five predictions
      let predicted = 0;
      if (filter === 1) predicted = left;
      else if (filter === 2) predicted = up;
      else if (filter === 3) predicted = (left + up) >> 1;
      else if (filter === 4) predicted = paeth(left, up, upLeft);
      rows[row + x] = (value + predicted) & 0xff;
    }
  }
  const rgb = new Uint8Array(width * height * 3);
  for (let pixel = 0; pixel < width * height; pixel++) {
    rgb[pixel * 3] = rows[pixel * channels]!;
    rgb[pixel * 3 + 1] = rows[pixel * channels + 1]!;
    rgb[pixel * 3 + 2] = rows[pixel * channels + 2]!;
  }
  return { width, height, rgb };
}

/** Half the width and height, each pixel the mean of a 2x2 block. */
export function halve({ width, height, rgb }: Pixels): Pixels {
  const w = Math.floor(width / 2);
  const h = Math.floor(height / 2);
  const out = new Uint8Array(w * h * 3);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const top = (2 * y * width + 2 * x) * 3;
      const bottom = top + width * 3;
      for (let c = 0; c < 3; c++) {
        out[(y * w + x) * 3 + c] = (rgb[top + c]! + rgb[top + 3 + c]! + rgb[bottom + c]! + rgb[bottom + 3 + c]! + 2) >> 2;
      }
    }
  }
  return { width: w, height: h, rgb: out };
}

/** How many colours a docs picture keeps: enough for the page's accents and smooth text, few enough for a small file. */
export const DOCS_COLOURS = 32;

/**
 * A palette of at most `colours` colours for the pixels, and each pixel's index in it (its nearest
 * colour). Colours are counted on a 32-level grid per channel, so near shades count as one. The
 * palette first takes colours by how often they occur but skips any close to one already taken, so
 * the greys of anti-aliased text cannot crowd out a rare colour that means something (the yellow
 * of a marked digit, the orange of a slot); the places left go to the most frequent of the rest.
 * A colour seen on fewer than `minPixels` pixels (stray blends at edges) is not taken in the first
 * pass.
 */
export function quantize(
  { width, height, rgb }: Pixels,
  colours = DOCS_COLOURS,
  minPixels = 12,
): { palette: number[][]; indices: Uint8Array } {
  const counts = new Map<number, number>();
  const key = (r: number, g: number, b: number) => ((r >> 3) << 10) | ((g >> 3) << 5) | (b >> 3);
  for (let at = 0; at < rgb.length; at += 3) {
    const k = key(rgb[at]!, rgb[at + 1]!, rgb[at + 2]!);
    counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  const colourOf = (k: number) => [((k >> 10) << 3) | 4, (((k >> 5) & 31) << 3) | 4, ((k & 31) << 3) | 4];
  const distance = (a: readonly number[], b: readonly number[]) =>
    (a[0]! - b[0]!) ** 2 + (a[1]! - b[1]!) ** 2 + (a[2]! - b[2]!) ** 2;
  const byCount = [...counts.entries()].sort((a, b) => b[1] - a[1]);
  const taken = new Set<number>();
  const palette: number[][] = [];
  // apart by more than about a sixth of the way from black to white on each channel
  const APART = 3 * 40 ** 2;
  for (const [k, count] of byCount) {
    if (palette.length === colours || count < minPixels) break;
    const colour = colourOf(k);
    if (palette.every((chosen) => distance(chosen, colour) > APART)) {
      palette.push(colour);
      taken.add(k);
    }
  }
  for (const [k] of byCount) {
    if (palette.length === colours) break;
    if (!taken.has(k)) palette.push(colourOf(k));
  }
  const nearest = new Map<number, number>();
  const indices = new Uint8Array(width * height);
  for (let pixel = 0; pixel < width * height; pixel++) {
    const k = key(rgb[pixel * 3]!, rgb[pixel * 3 + 1]!, rgb[pixel * 3 + 2]!);
    let index = nearest.get(k);
    if (index === undefined) {
      const colour = [rgb[pixel * 3]!, rgb[pixel * 3 + 1]!, rgb[pixel * 3 + 2]!];
      let best = Infinity;
      index = 0;
      for (const [i, entry] of palette.entries()) {
        const d = distance(entry, colour);
        if (d < best) [best, index] = [d, i];
      }
      nearest.set(k, index);
    }
    indices[pixel] = index;
  }
  return { palette, indices };
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, body: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(body.length, 0);
  head.write(type, 4, 'latin1');
  const tail = Buffer.alloc(4);
  tail.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), body])), 0);
  return Buffer.concat([head, body, tail]);
}

/** An indexed PNG of `indices` (one a pixel) over `palette`: 4 bits a pixel for up to 16 colours, else 8. */
export function encodeIndexedPng(width: number, height: number, palette: number[][], indices: Uint8Array): Buffer {
  const depth = palette.length <= 16 ? 4 : 8;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([depth, 3, 0, 0, 0], 8);
  const stride = depth === 4 ? Math.ceil(width / 2) : width;
  const raw = Buffer.alloc((stride + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (stride + 1) + 1;
    for (let x = 0; x < width; x++) {
      const index = indices[y * width + x]!;
      if (depth === 8) raw[row + x] = index;
      else raw[row + (x >> 1)]! |= index << (x & 1 ? 0 : 4);
    }
  }
  return Buffer.concat([
    SIGNATURE,
    chunk('IHDR', header),
    chunk('PLTE', Buffer.from(palette.flat())),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A screenshot (PNG) reduced as docs/ keeps it: half size unless `whole` (a phone's is small already), in few colours. */
export function smallPixels(
  screenshot: Buffer,
  whole = false,
): { width: number; height: number; palette: number[][]; indices: Uint8Array } {
  const pixels = decodePng(screenshot);
  const small = whole ? pixels : halve(pixels);
  return { width: small.width, height: small.height, ...quantize(small) };
}

/** smallPixels encoded as an indexed PNG. */
export function smallPng(
  screenshot: Buffer,
  whole = false,
): { png: Buffer; width: number; height: number; palette: number[][]; indices: Uint8Array } {
  const small = smallPixels(screenshot, whole);
  return { png: encodeIndexedPng(small.width, small.height, small.palette, small.indices), ...small };
}

/** A screenshot written to `path` as smallPng makes it; gives the bytes written. */
export function writeSmallPng(screenshot: Buffer, path: string, whole = false): number {
  const { png } = smallPng(screenshot, whole);
  writeFileSync(path, png);
  return png.length;
}
