/**
 * Test support for the views that move (SetView, BandGrid, the promote timeline): a
 * prefers-reduced-motion answer and a recording Element.animate, which jsdom lacks.
 */
import { afterEach, beforeEach, vi } from 'vitest';
import type { Mock } from 'vitest';

/** Makes window.matchMedia answer `reduce` for prefers-reduced-motion and no for every other query. */
export function stubReducedMotion(reduce: boolean): void {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: reduce && query.includes('reduce'),
    media: query,
    addEventListener() {},
    removeEventListener() {},
  }));
}

/** For every test of the calling describe block: Element.prototype.animate is `animate`, cleared first; globals restored after. */
export function useAnimateStub(animate: Mock): void {
  beforeEach(() => {
    animate.mockClear();
    Element.prototype.animate = animate;
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    delete (Element.prototype as Partial<Element>).animate;
  });
}
