import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render } from '@testing-library/react';
import { useRef } from 'react';
import { MAX_SCROLL_HEIGHT, scrollTopFor, useRowWindow } from './useRowWindow.ts';
import { stubResizeObserver } from '../../test-support/resizeTesting.ts';
import { LaidOutLater } from './laidOutLater.ts';

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
  vi.unstubAllGlobals();
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

  it('does not read the container again while a list that already overflows it grows (no forced layout per change)', () => {
    let rows = 0;
    const height = vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(() => Math.min(rows, 10) * ROW);
    rows = 20;
    const { getByTestId, rerender } = render(<List count={20} />);
    expect(getByTestId('list').textContent).toBe('0..9');
    const reads = height.mock.calls.length;
    // 20 rows in a 100 px container: it stopped growing, so more rows are not measured.
    rows = 21;
    rerender(<List count={21} />);
    rows = 500;
    rerender(<List count={500} />);
    expect(height.mock.calls.length).toBe(reads);
    expect(getByTestId('list').textContent).toBe('0..9');
    // A list that shrinks is measured again (its container may shrink with it).
    rows = 3;
    rerender(<List count={3} />);
    expect(height.mock.calls.length).toBeGreaterThan(reads);
    expect(getByTestId('list').textContent).toBe('0..2');
    // Growing from rows that fit (30 px, 3 rows) is measured again too: the container follows the count.
    rows = 6;
    rerender(<List count={6} />);
    expect(getByTestId('list').textContent).toBe('0..5');
  });

  it('below the stage (laid out later), reads no layout until the browser has laid the list out', () => {
    const observer = stubResizeObserver();
    const height = vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(50);
    const later = (count: number) => (
      <LaidOutLater value={true}>
        <List count={count} />
      </LaidOutLater>
    );
    const { getByTestId, rerender } = render(later(20));
    rerender(later(30));
    expect(height).not.toHaveBeenCalled();
    expect(getByTestId('list').textContent).toBe('0..1'); // fallbackRows until measured
    act(() => observer.report(getByTestId('list')));
    expect(height).toHaveBeenCalled();
    expect(getByTestId('list').textContent).toBe('0..4');
  });

  it('scales the scroll space past MAX_SCROLL_HEIGHT, so the last of 2,000,000 rows can be scrolled to', () => {
    function Scaled({ count }: { count: number }) {
      const ref = useRef<HTMLDivElement>(null);
      const { first, last, totalHeight, offset } = useRowWindow(ref, count, 28, { overscan: 0, fallbackRows: 2 });
      return (
        <div ref={ref} data-testid="list">
          {first}..{last} {totalHeight} {first * 28 - offset}
        </div>
      );
    }
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(280);
    let scrollTop = 0;
    vi.spyOn(HTMLElement.prototype, 'scrollTop', 'get').mockImplementation(() => scrollTop);
    const { getByTestId } = render(<Scaled count={2_000_000} />);
    // At the top: rows 0..9, each where it would be unscaled; the sizer is capped.
    expect(getByTestId('list').textContent).toBe(`0..9 ${MAX_SCROLL_HEIGHT} 0`);
    // Scrolled to the end of the capped sizer: the last ten rows, the last one at the bottom of the view.
    scrollTop = MAX_SCROLL_HEIGHT - 280;
    fireEvent.scroll(getByTestId('list'));
    expect(getByTestId('list').textContent).toBe(`1999990..1999999 ${MAX_SCROLL_HEIGHT} ${MAX_SCROLL_HEIGHT - 280}`);
    // Halfway: the rows halfway through, placed at the scroll position.
    scrollTop = (MAX_SCROLL_HEIGHT - 280) / 2;
    fireEvent.scroll(getByTestId('list'));
    const [range, , top] = getByTestId('list').textContent!.split(' ');
    expect(Number(range!.split('..')[0])).toBe(Math.floor((2_000_000 * 28 - 280) / 2 / 28));
    expect(Math.abs(Number(top) - scrollTop)).toBeLessThan(28);
  });

  it('scrollTopFor inverts the scaling: the last row of 2,000,000 at the end of the capped sizer, unscaled lists as they are', () => {
    expect(scrollTopFor(2_000_000 * 28 - 280, 2_000_000, 28, 280)).toBeCloseTo(MAX_SCROLL_HEIGHT - 280, 6);
    expect(scrollTopFor(0, 2_000_000, 28, 280)).toBe(0);
    expect(scrollTopFor(5000, 100_000, 28, 280)).toBe(5000);
  });

  it('keeps a list under MAX_SCROLL_HEIGHT unscaled', () => {
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(100);
    vi.spyOn(HTMLElement.prototype, 'scrollTop', 'get').mockReturnValue(5000);
    const { getByTestId } = render(<List count={100_000} />);
    expect(getByTestId('list').textContent).toBe('500..509');
  });

  it('assumes the fallback rows until the container has a height', () => {
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(0);
    const { getByTestId } = render(<List count={100} />);
    expect(getByTestId('list').textContent).toBe('0..1');
  });
});
