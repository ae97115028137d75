import { afterEach, describe, expect, it, vi } from 'vitest';
import { render } from '@testing-library/react';
import { useRef } from 'react';
import { useRowWindow } from './useRowWindow.ts';

const ROW = 10;

/** A list whose container is as tall as its rows, up to 100 px (like the set views' scroller). */
function List({ count }: { count: number }) {
  const ref = useRef<HTMLDivElement>(null);
  const { first, last } = useRowWindow(ref, count, ROW, { overscan: 0, fallbackRows: 2 });
  return (
    <div ref={ref} data-testid="list">
      {first}..{last}
    </div>
  );
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('useRowWindow', () => {
  it('measures the container again when the count changes, in the same render pass', () => {
    // jsdom lays nothing out and has no ResizeObserver: the height follows the count by hand here.
    let rows = 0;
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(() => Math.min(rows, 10) * ROW);
    const { getByTestId, rerender } = render(<List count={0} />);
    // An empty list shows nothing (last < first).
    expect(getByTestId('list').textContent).toBe('0..-1');

    // Four rows: the container is 40 px tall; without a new measurement the window would still
    // use the empty list's height and leave rows out until a later resize callback.
    rows = 4;
    rerender(<List count={4} />);
    expect(getByTestId('list').textContent).toBe('0..3');

    // 4,096 rows: the container stops growing at 100 px, ten rows.
    rows = 4096;
    rerender(<List count={4096} />);
    expect(getByTestId('list').textContent).toBe('0..9');
  });

  it('assumes the fallback rows until the container has a height', () => {
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(0);
    const { getByTestId } = render(<List count={100} />);
    expect(getByTestId('list').textContent).toBe('0..1');
  });
});
