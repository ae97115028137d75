import { describe, expect, it } from 'vitest';
import { arrivalColorScale, cssColor, mixRgb, parseColor, pixelWord } from './color.ts';

describe('colour', () => {
  it('parses hex and rgb() text and refuses the rest', () => {
    expect(parseColor('#1f5fbf')).toEqual([31, 95, 191]);
    expect(parseColor(' #FfF ')).toEqual([255, 255, 255]);
    expect(parseColor('#1f5fbf80')).toEqual([31, 95, 191]);
    expect(parseColor('rgb(1, 2, 3)')).toEqual([1, 2, 3]);
    expect(parseColor('rgba(10 20 30 / 0.5)')).toEqual([10, 20, 30]);
    expect(parseColor('oklch(0.5 0.1 200)')).toBeNull();
    expect(parseColor('')).toBeNull();
  });

  it('mixes in sRGB', () => {
    expect(mixRgb([0, 0, 0], [255, 255, 255], 0)).toEqual([0, 0, 0]);
    expect(mixRgb([0, 0, 0], [200, 100, 50], 0.5)).toEqual([100, 50, 25]);
    expect(cssColor([1, 2, 3])).toBe('rgb(1, 2, 3)');
  });

  it('packs a colour as one opaque ImageData pixel (RGBA bytes in memory order)', () => {
    const pixel = new Uint8ClampedArray(new Uint32Array([pixelWord([1, 2, 250])]).buffer);
    expect([...pixel]).toEqual([1, 2, 250, 255]);
  });

  it('colours the first arrival as early, the latest as late, and later never earlier', () => {
    const color = arrivalColorScale([5, 9, 7], [0, 0, 0], [126, 252, 63]);
    expect(color(5)).toBe('rgb(0, 0, 0)');
    expect(color(9)).toBe('rgb(126, 252, 63)');
    expect(color(7)).toBe('rgb(64, 128, 32)'); // the middle: shade 32 of 0..63
    expect(color(99)).toBe('rgb(126, 252, 63)');
    const reds = Array.from({ length: 41 }, (_, i) => Number(/rgb\((\d+)/.exec(color(5 + i / 10))![1]));
    expect(reds).toEqual([...reds].sort((a, b) => a - b));
    expect(new Set(reds).size).toBeGreaterThan(30);
  });

  it('handles a single arrival and an empty band', () => {
    expect(arrivalColorScale([3], [0, 0, 0], [10, 10, 10])(3)).toMatch(/^rgb\(/);
    expect(arrivalColorScale([], [0, 0, 0], [10, 10, 10])(0)).toBe('rgb(0, 0, 0)');
  });
});
