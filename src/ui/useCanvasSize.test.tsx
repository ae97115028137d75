import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { useRef } from 'react';
import { useCanvasSize } from './useCanvasSize.ts';

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
  it('measures before the first paint and counts colour-scheme and pixel-density changes', () => {
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
