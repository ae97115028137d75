import { describe, expect, it, vi } from 'vitest';
import { act, render, screen, within } from '@testing-library/react';
import { ROW_HEIGHT, SetView } from './SetView.tsx';
import type { SetRow } from '../store/selectors.ts';

/** A set of `size` members where every tenth row arrived late (out of arrival order). */
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
    const cells = within(rows[0]!).getAllByRole('cell').map((cell) => cell.textContent);
    expect(cells).toEqual(['0', 'job:1', '7300000000000000', '1']);
    for (const [start, end] of readRows.mock.calls) expect(end - start).toBeLessThan(60);
  });

  it('shows the score text exactly as given and members as text, never as HTML', () => {
    const row: SetRow = { position: 0, member: '<img src=x onerror=alert(1)>', scoreText: '1e+20', arrival: 1, outOfOrder: false };
    render(<SetView title="T" description="D" size={1} outOfOrderPairs={0} readRows={() => [row]} version={0} />);
    expect(screen.getByText('<img src=x onerror=alert(1)>')).toBeTruthy();
    expect(screen.getByText('1e+20')).toBeTruthy();
    expect(document.querySelector('img')).toBeNull();
  });

  it('marks out-of-order rows with text, not colour alone, and states the pair count', () => {
    render(
      <SetView title="Textbook set" description="D" size={20} outOfOrderPairs={12} readRows={makeReader(20)} version={1} />,
    );
    expect(screen.getByText(/12 pairs out of arrival order/)).toBeTruthy();
    expect(screen.getByText('20 members')).toBeTruthy();
    const marked = dataRows().filter((row) => within(row).queryByText(/out of arrival order/));
    expect(marked.map((row) => row.getAttribute('aria-rowindex'))).toEqual(['5', '15']);
    expect(marked.every((row) => row.textContent?.includes('⇅'))).toBe(true);
  });

  it('uses the singular for one member and one pair', () => {
    render(<SetView title="T" description="D" size={1} outOfOrderPairs={1} readRows={makeReader(1)} version={0} />);
    expect(screen.getByText('1 member')).toBeTruthy();
    expect(screen.getByText(/^1 pair out of arrival order/)).toBeTruthy();
  });

  it('reads the rows again when the version changes and follows the size', () => {
    const first = makeReader(3);
    const { rerender } = render(
      <SetView title="T" description="D" size={3} outOfOrderPairs={0} readRows={first} version={1} />,
    );
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
