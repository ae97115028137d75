import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { ROW_HEIGHT, SetView } from './SetView.tsx';
import type { SetRow } from '../store/sets.ts';
import { stubReducedMotion, useAnimateStub } from '../../test-support/motionTesting.ts';

/** A set of `size` members where every tenth row arrived late (out of due order). */
function makeReader(size: number) {
  return vi.fn((start: number, end: number): SetRow[] => {
    const rows: SetRow[] = [];
    for (let position = start; position <= end && position < size; position++) {
      rows.push({
        position,
        member: `job:${position + 1}`,
        scoreText: String(7_300_000_000_000_000 + position),
        arrival: position + 1,
        outOfOrder: position % 10 === 3,
      });
    }
    return rows;
  });
}

function dataRows(): HTMLElement[] {
  return screen.getAllByRole('row').filter((row) => row.getAttribute('aria-rowindex') !== '1');
}

describe('SetView', () => {
  it('renders the visible rows of a 100,000-member set, reading only that window', () => {
    const readRows = makeReader(100_000);
    render(
      <SetView
        title="Band set"
        description="Scores bumped inside the millisecond."
        size={100_000}
        outOfOrderPairs={0}
        readRows={readRows}
        version={1}
      />,
    );
    const table = screen.getByRole('table', { name: 'Band set' });
    expect(table.getAttribute('aria-rowcount')).toBe('100001');
    const rows = dataRows();
    expect(rows.length).toBeGreaterThan(5);
    expect(rows.length).toBeLessThan(60);
    expect(rows[0]!.getAttribute('aria-rowindex')).toBe('2');
    const cells = within(rows[0]!)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells).toEqual(['0', 'job:1', '7300000000000000', '1']);
    for (const [start, end] of readRows.mock.calls) expect(end - start).toBeLessThan(60);
  });

  it('shows the score text exactly as given and members as text, never as HTML', () => {
    const row: SetRow = {
      position: 0,
      member: '<img src=x onerror=alert(1)>',
      scoreText: '1e+20',
      arrival: 1,
      outOfOrder: false,
    };
    render(<SetView title="T" description="D" size={1} outOfOrderPairs={0} readRows={() => [row]} version={0} />);
    expect(screen.getByText('<img src=x onerror=alert(1)>')).toBeTruthy();
    expect(screen.getByText('1e+20')).toBeTruthy();
    expect(document.querySelector('img')).toBeNull();
  });

  it('marks out-of-order rows with text, not colour alone, and states the pair count', () => {
    render(<SetView title="Textbook set" description="D" size={20} outOfOrderPairs={12} readRows={makeReader(20)} version={1} />);
    expect(screen.getByText(/out of due order: 12 pairs/)).toBeTruthy();
    expect(screen.getByText('20 members')).toBeTruthy();
    const marked = dataRows().filter((row) => within(row).queryByText(/out of due order/));
    expect(marked.map((row) => row.getAttribute('aria-rowindex'))).toEqual(['5', '15']);
    expect(marked.every((row) => row.textContent?.includes('⇅'))).toBe(true);
  });

  it('uses the singular for one member and one pair', () => {
    render(<SetView title="T" description="D" size={1} outOfOrderPairs={1} readRows={makeReader(1)} version={0} />);
    expect(screen.getByText('1 member')).toBeTruthy();
    expect(screen.getByText(/out of due order: 1 pair$/)).toBeTruthy();
  });

  it('says what the order count left out, and shows a job with no arrival number as a dash', () => {
    const rows: SetRow[] = [
      { position: 0, member: 'repeat:daily:1796040000000', scoreText: '7356580085760000', arrival: null, outOfOrder: false },
      { position: 1, member: '12', scoreText: '7356580085760001', arrival: 12, outOfOrder: false },
    ];
    render(
      <SetView
        title="T"
        description="D"
        size={2}
        outOfOrderPairs={0}
        orderNote="1 job with no counter id not counted"
        readRows={() => rows}
        version={0}
      />,
    );
    const badge = screen.getByText('out of due order: 0 pairs; 1 job with no counter id not counted');
    expect(badge.getAttribute('title')).toBe('out of due order: 0 pairs; 1 job with no counter id not counted');
    const [foreign, counted] = dataRows();
    expect(within(foreign!).getAllByRole('cell')[3]!.textContent).toBe('–no arrival number');
    expect(within(counted!).getAllByRole('cell')[3]!.textContent).toBe('12');
  });

  it('reads the rows again when the version changes and follows the size', () => {
    const first = makeReader(3);
    const { rerender } = render(<SetView title="T" description="D" size={3} outOfOrderPairs={0} readRows={first} version={1} />);
    expect(dataRows()).toHaveLength(3);
    const calls = first.mock.calls.length;
    rerender(<SetView title="T" description="D" size={3} outOfOrderPairs={0} readRows={first} version={1} />);
    expect(first.mock.calls.length).toBe(calls);
    rerender(<SetView title="T" description="D" size={3} outOfOrderPairs={0} readRows={first} version={2} />);
    expect(first.mock.calls.length).toBe(calls + 1);

    const grown = makeReader(5);
    rerender(<SetView title="T" description="D" size={5} outOfOrderPairs={0} readRows={grown} version={3} />);
    expect(dataRows()).toHaveLength(5);
    expect(grown).toHaveBeenLastCalledWith(0, 4);
  });

  it('says so when the set is empty and never asks for rows', () => {
    const readRows = makeReader(0);
    render(<SetView title="T" description="D" size={0} outOfOrderPairs={0} readRows={readRows} version={0} />);
    expect(screen.getByText(/No members yet/)).toBeTruthy();
    expect(dataRows()).toHaveLength(0);
    expect(readRows).not.toHaveBeenCalled();
  });

  it('has a focusable scroll container and renders the window under the scroll offset', () => {
    const readRows = makeReader(100_000);
    render(<SetView title="T" description="D" size={100_000} outOfOrderPairs={0} readRows={readRows} version={0} testId="set" />);
    const scroller = within(screen.getByTestId('set')).getAllByRole('rowgroup')[1]!;
    expect(scroller.tabIndex).toBe(0);
    act(() => {
      scroller.scrollTop = 50_000 * ROW_HEIGHT;
      scroller.dispatchEvent(new Event('scroll'));
    });
    const indexes = dataRows().map((row) => Number(row.getAttribute('aria-rowindex')));
    expect(indexes).toContain(50_002);
    expect(indexes).not.toContain(2);
    expect(screen.getByText('job:50001')).toBeTruthy();
  });

  it('goes to a position and to a job, and answers bad input at the field', () => {
    const readRows = makeReader(4100);
    const positionOf = (member: string) =>
      /^job:\d+$/.test(member) && Number(member.slice(4)) <= 4100 ? Number(member.slice(4)) - 1 : null;
    render(
      <SetView
        title="T"
        description="D"
        size={4100}
        outOfOrderPairs={0}
        readRows={readRows}
        positionOf={positionOf}
        version={0}
        testId="set"
      />,
    );
    const scroller = within(screen.getByTestId('set')).getAllByRole('rowgroup')[1]!;
    const position = screen.getByLabelText('Go to position');
    fireEvent.change(position, { target: { value: '4,095' } });
    fireEvent.click(screen.getByRole('button', { name: 'Go' }));
    expect(scroller.scrollTop).toBeGreaterThan(4000 * ROW_HEIGHT);
    act(() => {
      scroller.dispatchEvent(new Event('scroll'));
    });
    expect(screen.getByText('job:4096')).toBeTruthy();

    fireEvent.change(position, { target: { value: '4100' } });
    fireEvent.click(screen.getByRole('button', { name: 'Go' }));
    expect(screen.getByRole('alert').textContent).toBe('The last position is 4,099.');
    expect(position.getAttribute('aria-invalid')).toBe('true');

    const job = screen.getByLabelText('Go to job');
    fireEvent.change(job, { target: { value: 'job:99999' } });
    fireEvent.click(screen.getByRole('button', { name: 'Find' }));
    expect(screen.getByRole('alert').textContent).toBe('No job with this id in the set.');
    fireEvent.change(job, { target: { value: 'job:7' } });
    fireEvent.click(screen.getByRole('button', { name: 'Find' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(scroller.scrollTop).toBeLessThan(10 * ROW_HEIGHT); // position 6, near the top
  });
});

describe('SetView motion', () => {
  const animate = vi.fn();
  /** Rows "1".."n" in text order ("10" before "2"), as a textbook set holds plain ids sharing one score. */
  function textOrder(n: number) {
    const members = Array.from({ length: n }, (_, i) => String(i + 1)).sort();
    return (start: number, end: number): SetRow[] =>
      members.slice(start, end + 1).map((member, i) => ({
        position: start + i,
        member,
        scoreText: '1796040005',
        arrival: Number(member),
        outOfOrder: false,
      }));
  }
  /** Nine plain-id jobs, then a tenth: the set a new job lands in. */
  function renderGrowing(animateProp: boolean) {
    const withJobs = (n: number) => (
      <SetView
        title="T"
        description="D"
        size={n}
        outOfOrderPairs={0}
        readRows={textOrder(n)}
        version={n}
        animate={animateProp}
        fill
      />
    );
    const { rerender } = render(withJobs(9));
    animate.mockClear();
    rerender(withJobs(10));
  }

  useAnimateStub(animate);

  it('slides the rows a new job pushed down, and slides the new job in ("10" lands before "2")', () => {
    stubReducedMotion(false);
    renderGrowing(true);
    // "10" is new at position 1; "2".."9" each moved down one row
    expect(animate).toHaveBeenCalledTimes(9);
    const [keyframes] = animate.mock.calls.find(
      (_, i) => (animate.mock.instances[i] as Element).querySelectorAll('[role=cell]')[1]?.textContent === '10',
    )!;
    expect(keyframes).toEqual([
      { transform: 'translateX(-2.5rem)', opacity: 0 },
      { transform: 'none', opacity: 1 },
    ]);
    const slid = animate.mock.calls.filter(([frames]) => String(frames[0].transform).startsWith('translateY'));
    expect(slid).toHaveLength(8);
    expect(slid.every(([frames]) => frames[0].transform === `translateY(${-ROW_HEIGHT}px)`)).toBe(true);
  });

  it('with reduced motion the rows change at once', () => {
    stubReducedMotion(true);
    renderGrowing(true);
    expect(animate).not.toHaveBeenCalled();
  });

  it('does not animate a view that was not asked to', () => {
    stubReducedMotion(false);
    renderGrowing(false);
    expect(animate).not.toHaveBeenCalled();
  });
});

describe('SetView and hidden characters', () => {
  it('shows a member holding a bidi override or a line break escaped, in the cell and its title', () => {
    const readRows = () => [{ position: 0, member: 'job\u202e1\r\n', scoreText: '1', arrival: 1, outOfOrder: false }];
    render(<SetView title="Odd set" description="" size={1} outOfOrderPairs={0} readRows={readRows} version={1} />);
    const cell = within(dataRows()[0]!).getAllByRole('cell')[1]!;
    expect(cell.textContent).toBe('job\\u{202e}1\\r\\n');
    expect(cell.getAttribute('title')).toBe('job\\u{202e}1\\r\\n');
  });
});
