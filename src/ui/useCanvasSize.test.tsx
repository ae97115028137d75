import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { useRef } from 'react';
import { useCanvasSize, useMeasured } from './useCanvasSize.ts';
import { stubResizeObserver } from '../../test-support/resizeTesting.ts';
import { LaidOutLater } from './laidOutLater.ts';

const measureWidth = (element: HTMLElement) => Number(element.dataset.width);

function Probe() {
  const ref = useRef<HTMLDivElement>(null);
  const { size, repaints } = useCanvasSize(ref, measureWidth);
  return (
    <div ref={ref} data-width="321" data-testid="probe">
      {size}/{repaints}
    </div>
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('useCanvasSize', () => {
  it('without a ResizeObserver (jsdom) measures as it mounts, and counts colour-scheme and pixel-density changes', () => {
    const listeners: Array<() => void> = [];
    vi.stubGlobal(
      'matchMedia',
      vi.fn(() => ({
        addEventListener: (_: string, listener: () => void) => listeners.push(listener),
        removeEventListener: vi.fn(),
      })),
    );
    render(<Probe />);
    expect(screen.getByTestId('probe').textContent).toBe('321/0');
    expect(listeners).toHaveLength(2);
    act(() => listeners[0]!());
    act(() => listeners[1]!());
    expect(screen.getByTestId('probe').textContent).toBe('321/2');
  });
});

describe('useMeasured', () => {
  function Measured({ measure }: { measure: (element: HTMLElement) => number }) {
    const ref = useRef<HTMLDivElement>(null);
    const size = useMeasured(ref, measure);
    return (
      <div ref={ref} data-testid="measured">
        {size}
      </div>
    );
  }

  it('in a part laid out later, reads no layout as it mounts: it measures when the browser reports the element laid out', () => {
    const observer = stubResizeObserver();
    let width = 480;
    const measure = vi.fn(() => width);
    render(
      <LaidOutLater value={true}>
        <Measured measure={measure} />
      </LaidOutLater>,
    );
    const element = screen.getByTestId('measured');
    // mounted in a panel off screen, the browser skips its layout and its observer stays silent
    expect(measure).not.toHaveBeenCalled();
    expect(element.textContent).toBe('0');
    expect(observer.observed()).toEqual([element]);

    // laid out: measured
    act(() => observer.report(element));
    expect(measure).toHaveBeenCalledTimes(1);
    expect(element.textContent).toBe('480');
    width = 300;
    act(() => observer.report(element));
    expect(element.textContent).toBe('300');
  });

  it('on the first screen, measures as it mounts (before the first paint), and again at each report', () => {
    const observer = stubResizeObserver();
    let width = 480;
    const measure = vi.fn(() => width);
    render(<Measured measure={measure} />);
    const element = screen.getByTestId('measured');
    expect(measure).toHaveBeenCalledTimes(1);
    expect(element.textContent).toBe('480');
    width = 300;
    act(() => observer.report(element));
    expect(element.textContent).toBe('300');
  });

  it('stops observing when unmounted', () => {
    const observer = stubResizeObserver();
    const { unmount } = render(<Measured measure={() => 1} />);
    unmount();
    expect(observer.observed()).toEqual([]);
  });
});
