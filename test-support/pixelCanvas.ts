/**
 * Test support for the canvases (the band grid): jsdom has no canvas, so a 2D context here is an
 * RGBA pixel buffer that fillRect, clearRect, strokeRect and putImageData write into and
 * colourAt reads back. No anti-aliasing: a shape paints each pixel whose centre lies inside it.
 * Colours are `rgb(r, g, b)` or `#rrggbb` text, drawn opaque; any other fillStyle throws, so a
 * colour the fake cannot read fails the test instead of passing unseen.
 */
import { vi } from 'vitest';

/** The 2D context's drawing calls a test reads back as pixels. */
export interface PixelContext {
  readonly canvas: { readonly width: number; readonly height: number };
  fillStyle: string | CanvasGradient | CanvasPattern;
  strokeStyle: string | CanvasGradient | CanvasPattern;
  lineWidth: number;
  fillRect(x: number, y: number, w: number, h: number): void;
  clearRect(x: number, y: number, w: number, h: number): void;
  strokeRect(x: number, y: number, w: number, h: number): void;
  createImageData(width: number, height: number): ImageData;
  putImageData(image: ImageData, dx: number, dy: number): void;
  /** The pixel at (x, y) as `rgb(r, g, b)`, or null where it is transparent. */
  colourAt(x: number, y: number): string | null;
  /** Every pixel's RGBA bytes, row by row: what two drawings are compared by. */
  pixels(): Uint8ClampedArray;
}

function rgbOf(style: unknown): [number, number, number] {
  const text = String(style).trim().toLowerCase();
  const fn = /^rgb\((\d+), ?(\d+), ?(\d+)\)$/.exec(text);
  if (fn) return [Number(fn[1]), Number(fn[2]), Number(fn[3])];
  const hex = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/.exec(text);
  if (hex) return [parseInt(hex[1]!, 16), parseInt(hex[2]!, 16), parseInt(hex[3]!, 16)];
  throw new Error(`pixelCanvas: a colour it cannot read: ${text}`);
}

/**
 * A pixel context for `canvas` (anything with a width and a height). As a real canvas does, it
 * starts transparent and is cleared whenever the canvas's size has changed since the last call.
 */
export function pixelContext(canvas: { readonly width: number; readonly height: number }): PixelContext {
  let width = canvas.width;
  let height = canvas.height;
  let data = new Uint8ClampedArray(width * height * 4);
  const current = () => {
    if (canvas.width !== width || canvas.height !== height) {
      width = canvas.width;
      height = canvas.height;
      data = new Uint8ClampedArray(width * height * 4);
    }
    return data;
  };
  const paint = (x: number, y: number, w: number, h: number, rgba: readonly number[]) => {
    const buffer = current();
    // the pixels whose centre (px + 0.5) lies in [x, x + w)
    const left = Math.max(0, Math.ceil(x - 0.5));
    const right = Math.min(width, Math.ceil(x + w - 0.5));
    const top = Math.max(0, Math.ceil(y - 0.5));
    const bottom = Math.min(height, Math.ceil(y + h - 0.5));
    for (let row = top; row < bottom; row++) for (let col = left; col < right; col++) buffer.set(rgba, (row * width + col) * 4);
  };
  const context: PixelContext = {
    canvas,
    fillStyle: '#000000',
    strokeStyle: '#000000',
    lineWidth: 1,
    fillRect(x, y, w, h) {
      paint(x, y, w, h, [...rgbOf(context.fillStyle), 255]);
    },
    clearRect(x, y, w, h) {
      paint(x, y, w, h, [0, 0, 0, 0]);
    },
    strokeRect(x, y, w, h) {
      // the outline is lineWidth wide, centred on the rectangle's edges: four bands
      const rgba = [...rgbOf(context.strokeStyle), 255];
      const half = context.lineWidth / 2;
      const line = context.lineWidth;
      paint(x - half, y - half, w + line, line, rgba);
      paint(x - half, y + h - half, w + line, line, rgba);
      paint(x - half, y + half, line, h - line, rgba);
      paint(x + w - half, y + half, line, h - line, rgba);
    },
    createImageData(w, h) {
      return { width: w, height: h, data: new Uint8ClampedArray(w * h * 4), colorSpace: 'srgb' } as ImageData;
    },
    putImageData(image, dx, dy) {
      const buffer = current();
      for (let row = 0; row < image.height; row++) {
        const y = row + dy;
        if (y < 0 || y >= height) continue;
        for (let col = 0; col < image.width; col++) {
          const x = col + dx;
          if (x < 0 || x >= width) continue;
          const from = (row * image.width + col) * 4;
          buffer.set(image.data.subarray(from, from + 4), (y * width + x) * 4);
        }
      }
    },
    colourAt(x, y) {
      const buffer = current();
      const at = (y * width + x) * 4;
      if (x < 0 || y < 0 || x >= width || y >= height || buffer[at + 3] === 0) return null;
      return `rgb(${buffer[at]}, ${buffer[at + 1]}, ${buffer[at + 2]})`;
    },
    pixels() {
      return current().slice();
    },
  };
  return context;
}

/**
 * Makes every canvas's getContext('2d') answer a pixel context of its own, made on its first
 * call; returns them by canvas. Restored by vi.restoreAllMocks.
 */
export function stubPixelCanvases(): Map<HTMLCanvasElement, PixelContext> {
  const contexts = new Map<HTMLCanvasElement, PixelContext>();
  function getContext(this: HTMLCanvasElement) {
    let context = contexts.get(this);
    if (!context) contexts.set(this, (context = pixelContext(this)));
    return context;
  }
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(
    getContext as unknown as HTMLCanvasElement['getContext'],
  );
  return contexts;
}

/** Where two pixel buffers first differ (a byte index), -1 where they are the same: a quick compare of whole canvases. */
export function firstDifference(a: Uint8ClampedArray, b: Uint8ClampedArray): number {
  if (a.length !== b.length) return 0;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return i;
  return -1;
}
