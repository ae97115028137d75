import { afterEach, describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BandStrip } from './BandStrip.tsx';
import { stubResizeObserver } from '../../test-support/resizeTesting.ts';
import { LaidOutLater } from './laidOutLater.ts';

const T = 1_790_000_000_000;
const bands = [
  { fireTime: T - 1, count: 0 },
  { fireTime: T, count: 3 },
  { fireTime: T + 1, count: 1 },
  { fireTime: T + 2, count: 4100 },
];

describe('BandStrip', () => {
  it('labels each millisecond by its offset from the selected one and its job count', () => {
    render(<BandStrip bands={bands} selected={T} onSelect={() => {}} />);
    const buttons = screen.getAllByRole('button');
    expect(buttons.map((b) => b.textContent)).toEqual([
      '−1 ms 0 jobs',
      '0 ms 3 jobs',
      '+1 ms 1 job',
      '+2 ms 4,100 jobs, band full',
    ]);
    expect(screen.getByRole('group', { name: 'Milliseconds around the fire-time' })).toBeTruthy();
  });

  it('marks only the selected millisecond as pressed', () => {
    render(<BandStrip bands={bands} selected={T + 1} onSelect={() => {}} />);
    const pressed = screen.getAllByRole('button').filter((b) => b.getAttribute('aria-pressed') === 'true');
    expect(pressed).toHaveLength(1);
    expect(pressed[0]!.textContent).toMatch(/^0 ms 1 job/);
    expect(screen.getByRole('button', { name: /^−2 ms 0 jobs/ }).getAttribute('aria-pressed')).toBe('false');
  });

  it('selects with a click, Enter and Space', async () => {
    const user = userEvent.setup();
    const onSelect = vi.fn();
    render(<BandStrip bands={bands} selected={T} onSelect={onSelect} />);
    await user.tab();
    expect(document.activeElement?.textContent).toMatch(/^−1 ms/);
    await user.keyboard('{Enter}');
    expect(onSelect).toHaveBeenLastCalledWith(T - 1);
    await user.tab();
    await user.tab();
    await user.keyboard(' ');
    expect(onSelect).toHaveBeenLastCalledWith(T + 1);
    await user.click(screen.getByRole('button', { name: /^\+2 ms/ }));
    expect(onSelect).toHaveBeenLastCalledWith(T + 2);
    expect(onSelect).toHaveBeenCalledTimes(3);
  });

  it('fills each bar by jobs over 4096 slots, capped at a full band', () => {
    render(<BandStrip bands={bands} selected={T} onSelect={() => {}} />);
    const bars = screen
      .getAllByRole('button')
      .map((b) => (b.querySelector('[aria-hidden="true"] > span') as HTMLElement).style.transform);
    expect(bars[0]).toBe('scaleY(0)');
    expect(bars[3]).toBe('scaleY(1)');
    expect(bars[1]).toBe('scaleY(0.03)');
  });

  it('keeps its buttons as the strip moves with the clock: only their text changes', () => {
    const around = (centre: number) => [-1, 0, 1].map((offset) => ({ fireTime: centre + offset, count: 0 }));
    const { rerender } = render(<BandStrip bands={around(T)} selected={T} onSelect={() => {}} />);
    const before = screen.getAllByRole('button');
    rerender(<BandStrip bands={around(T + 1000)} selected={T + 1000} onSelect={() => {}} />);
    const after = screen.getAllByRole('button');
    expect(after).toEqual(before);
    expect(after.every((button, i) => button === before[i])).toBe(true);
    expect(after[1]!.title).toBe(`fire-time ${T + 1000} ms`);
  });

  it('moves the focus with a picked millisecond to the middle, where the strip centres it', async () => {
    const user = userEvent.setup();
    function Centred() {
      const [selected, setSelected] = useState(T);
      const strip = [-2, -1, 0, 1, 2].map((offset) => ({ fireTime: selected + offset, count: 0 }));
      return <BandStrip bands={strip} selected={selected} onSelect={setSelected} />;
    }
    render(<Centred />);
    await user.tab();
    await user.tab();
    await user.tab();
    await user.tab();
    expect(document.activeElement?.textContent).toMatch(/^\+1 ms/);
    await user.keyboard('{Enter}');
    expect(document.activeElement?.getAttribute('aria-pressed')).toBe('true');
    expect(document.activeElement?.textContent).toMatch(/^0 ms/);
    expect((document.activeElement as HTMLButtonElement).title).toBe(`fire-time ${T + 1} ms`);
  });

  describe('on a narrow screen, centring the selected millisecond', () => {
    afterEach(() => {
      vi.unstubAllGlobals();
      vi.restoreAllMocks();
    });

    /** A strip 100 px wide of 40 px buttons side by side; counts the layout reads. */
    function fakeLayout() {
      const reads = { count: 0 };
      const read = (value: (element: HTMLElement) => number) =>
        function (this: HTMLElement) {
          reads.count++;
          return value(this);
        };
      const place = (element: HTMLElement) => [...element.parentElement!.children].indexOf(element);
      vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockImplementation(read((element) => element.children.length * 40));
      vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(read(() => 100));
      vi.spyOn(HTMLElement.prototype, 'offsetWidth', 'get').mockImplementation(read(() => 40));
      vi.spyOn(HTMLElement.prototype, 'offsetLeft', 'get').mockImplementation(read((element) => place(element) * 40));
      return reads;
    }

    const five = [-2, -1, 0, 1, 2].map((offset) => ({ fireTime: T + offset, count: 0 }));

    it('below the stage (laid out later), reads no layout as it mounts, and centres once laid out', () => {
      const observer = stubResizeObserver();
      const reads = fakeLayout();
      const strip = (selected: number) => (
        <LaidOutLater value={true}>
          <BandStrip bands={five} selected={selected} onSelect={() => {}} />
        </LaidOutLater>
      );
      const { rerender } = render(strip(T));
      const group = screen.getByRole('group');
      expect(reads.count).toBe(0);
      expect(group.scrollLeft).toBe(0);

      // laid out: the middle button (80..120 px) is centred in the 100 px strip
      observer.report(group);
      expect(group.scrollLeft).toBe(50);

      // a report of the same width (its height changed) leaves a strip the user scrolled alone
      group.scrollLeft = 7;
      observer.report(group);
      expect(group.scrollLeft).toBe(7);

      // from then on a selection that moves is centred at once
      rerender(strip(T + 2));
      expect(group.scrollLeft).toBe(130);
    });

    it('on the first screen, centres as it mounts', () => {
      stubResizeObserver();
      fakeLayout();
      render(<BandStrip bands={five} selected={T + 1} onSelect={() => {}} />);
      expect(screen.getByRole('group').scrollLeft).toBe(90);
    });
  });
});
