/**
 * Test support for the views that wait for the browser's layout (useMeasured, BandStrip): a
 * ResizeObserver that reports only when the test says the browser has laid an element out.
 * jsdom has no ResizeObserver (and lays nothing out).
 */
import { vi } from 'vitest';

/** What the fake observer lets a test do: say that an observed element was laid out (or resized). */
export interface FakeResizeObserver {
  /** Runs the callback of every observer watching `element`, as the browser does after a layout. */
  report(element: Element): void;
  /** The elements observed now. */
  observed(): Element[];
}

/** Puts a fake ResizeObserver in place (restore it with vi.unstubAllGlobals()). */
export function stubResizeObserver(): FakeResizeObserver {
  const watching = new Map<Element, Set<ResizeObserverCallback>>();
  class FakeObserver {
    private readonly elements = new Set<Element>();
    constructor(private readonly callback: ResizeObserverCallback) {}
    observe(element: Element) {
      this.elements.add(element);
      const callbacks = watching.get(element) ?? new Set();
      callbacks.add(this.callback);
      watching.set(element, callbacks);
    }
    unobserve(element: Element) {
      this.elements.delete(element);
      watching.get(element)?.delete(this.callback);
    }
    disconnect() {
      for (const element of [...this.elements]) this.unobserve(element);
    }
  }
  vi.stubGlobal('ResizeObserver', FakeObserver);
  return {
    report(element) {
      for (const callback of watching.get(element) ?? []) callback([], new FakeObserver(callback));
    },
    observed: () => [...watching].filter(([, callbacks]) => callbacks.size > 0).map(([element]) => element),
  };
}
