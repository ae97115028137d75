import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ScoreDecoder } from './ScoreDecoder.tsx';

const T = Date.UTC(2026, 10, 30, 9, 0, 0, 0);
const minScore = T * 0x1000;

function summary() {
  return screen.getByTestId('decoder-summary').textContent ?? '';
}

function tableRows() {
  return within(screen.getByTestId('decoder-rows')).getAllByRole('listitem');
}

describe('ScoreDecoder', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('decodes a pasted redis-cli reply on Decode: member, score, fire-time, slot and flags', async () => {
    const user = userEvent.setup();
    render(<ScoreDecoder />);
    const input = screen.getByLabelText('Scores to decode');
    await user.click(input);
    await user.paste(`1) "job:1"\n2) "${minScore}"\n3) "job:2"\n4) "${minScore + 1}"`);
    await user.click(screen.getByRole('button', { name: 'Decode' }));
    expect(summary()).toMatch(/numbered layout.*2 scores in 1 millisecond band \(1 with several jobs, 0 saturated\)/);
    const rows = tableRows();
    expect(rows).toHaveLength(2);
    expect(rows[1]!.textContent).toContain('job:2');
    expect(rows[1]!.textContent).toContain(String(minScore + 1));
    expect(rows[1]!.textContent).toContain(String(T));
    expect(rows[1]!.textContent).toContain('2026-11-30T09:00:00.000Z');
    expect(rows[0]!.textContent).toMatch(/Slot: 0Flags: first/);
    expect(rows[1]!.textContent).toMatch(/Slot: 1.*Flags: bumped/);
  });

  it('decodes on its own once typing pauses', () => {
    vi.useFakeTimers();
    render(<ScoreDecoder />);
    fireEvent.change(screen.getByLabelText('Scores to decode'), { target: { value: `${T}` } });
    expect(screen.queryByTestId('decoder-summary')).toBeNull();
    act(() => {
      vi.advanceTimersByTime(300);
    });
    expect(summary()).toMatch(/1 score/);
    expect(tableRows()[0]!.textContent).toMatch(/1970-01-06T01:48:03\.691Z.*not a band score.*bare fire-time in ms/);
  });

  it('fills in and decodes the example: collisions, a saturated band, the cliff, bare timestamps', async () => {
    const user = userEvent.setup();
    render(<ScoreDecoder />);
    await user.click(screen.getByRole('button', { name: 'Try an example' }));
    expect((screen.getByLabelText('Scores to decode') as HTMLTextAreaElement).value).toMatch(
      /^127\.0\.0\.1:6379> ZRANGE bull:mail:delayed 0 5 WITHSCORES\n 1\) "1"/,
    );
    expect(summary()).toContain('16 scores');
    expect(summary()).toContain('3 lines skipped');
    const counts = within(screen.getByRole('list', { name: 'Rows by flag' }));
    const flagCount = (flag: string) => counts.getAllByRole('listitem').find((li) => li.dataset.flag === flag)?.textContent;
    expect(flagCount('ceiling')).toMatch(/^4 at the ceiling/);
    expect(flagCount('pastCliff')).toMatch(/^2 past the 2039 cliff/);
    expect(flagCount('notBand')).toMatch(/^2 not a band score/);
    expect(screen.getByText('digest:münchen')).toBeTruthy();
  });

  it('renders pasted markup as text and lists the lines it cannot read, with the reason', async () => {
    const user = userEvent.setup();
    render(<ScoreDecoder />);
    await user.click(screen.getByLabelText('Scores to decode'));
    await user.paste(`<img src=x onerror="alert(1)">\n${minScore}\n1e400`);
    await user.click(screen.getByRole('button', { name: 'Decode' }));
    expect(document.querySelector('img')).toBeNull();
    // read as raw member/score lines: the markup is a member, shown as text
    expect(tableRows()[0]!.textContent).toContain('Member: <img src=x onerror="alert(1)">');
    const notRead = within(screen.getByTestId('decoder-unreadable')).getAllByRole('listitem');
    expect(notRead.map((li) => li.textContent)).toEqual(['line 3a member with no score line after it: cut off?1e400']);
  });

  it('lists garbage in a list of scores token by token', async () => {
    const user = userEvent.setup();
    render(<ScoreDecoder />);
    await user.click(screen.getByLabelText('Scores to decode'));
    await user.paste(`${minScore}, 1e400 NaN\n\u0000\u0007\n${minScore + 4095}`);
    await user.click(screen.getByRole('button', { name: 'Decode' }));
    expect(summary()).toMatch(/a list of scores: 2 scores.*1 saturated.*3 unreadable lines/);
    const notRead = within(screen.getByTestId('decoder-unreadable')).getAllByRole('listitem');
    expect(notRead.map((li) => li.textContent)).toEqual([
      'line 1out of the range of a double (Redis: "value is not a valid float")1e400',
      'line 1NaN is not a score: Redis refuses itNaN',
      'line 2not a number\u0000\u0007',
    ]);
    expect(tableRows()[1]!.textContent).toMatch(/Slot: 4095Flags: ceiling/);
  });

  it('says there is nothing to decode for empty text', async () => {
    const user = userEvent.setup();
    render(<ScoreDecoder />);
    await user.click(screen.getByRole('button', { name: 'Decode' }));
    expect(summary()).toMatch(/^Nothing to decode/);
    expect(screen.queryByTestId('decoder-rows')).toBeNull();
  });

  it('reads Bull scores by the chosen scheme, and offers the scheme the ids show', async () => {
    const user = userEvent.setup();
    render(<ScoreDecoder />);
    await user.click(screen.getByLabelText('Scores to decode'));
    // Bull 3/4: ids 4094 and 4095 in one ms take slots 4094 and 4095 (the band scheme says bumped and ceiling)
    await user.paste(`1) "4094"\n2) "${minScore + 4094}"\n3) "4095"\n4) "${minScore + 4095}"`);
    await user.click(screen.getByRole('button', { name: 'Decode' }));
    expect(tableRows()[1]!.textContent).toMatch(/Flags: ceiling/);
    expect(screen.getByTestId('decoder-read-as').textContent).toMatch(/look like Bull 3–4 or BullMQ before 5\.8\.6’s/);
    const chooser = screen.getByLabelText('Scores written by');
    await user.selectOptions(chooser, 'Detect from the ids');
    expect(screen.getByTestId('decoder-read-as').textContent).toBe(
      'Scores read as written by Bull 3–4 or BullMQ before 5.8.6 (detected from the ids).',
    );
    expect(tableRows().map((row) => row.querySelector('[data-flags]')?.getAttribute('data-flags'))).toEqual(['idSlot', 'idSlot']);
    expect(summary()).toMatch(/2 scores in 1 millisecond \(1 with several jobs\)/);
    expect(summary()).not.toMatch(/bumped|ceiling|saturated/);
    await user.selectOptions(chooser, 'bee-queue');
    expect(tableRows()[0]!.textContent).toMatch(/Slot: —.*looks like a BullMQ score/);
  });

  it('says a plain-ms score may be a marker', () => {
    vi.useFakeTimers();
    render(<ScoreDecoder />);
    fireEvent.change(screen.getByLabelText('Scores to decode'), { target: { value: `${T}` } });
    act(() => {
      vi.advanceTimersByTime(300);
    });
    expect(screen.getByTestId('decoder-plain-ms').textContent).toMatch(/1 score is itself an instant in plain ms.*marker/);
  });
});
