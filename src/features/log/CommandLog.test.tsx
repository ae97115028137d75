import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { StoreProvider } from '../../store/StoreContext.tsx';
import { createAppStore } from '../../store/appStore.ts';
import { sessionWrites } from '../../session/sessionScript.ts';
import { CommandLog } from './CommandLog.tsx';
import { T0 } from '../../../test-support/instants.ts';

function rows(): string[] {
  return within(screen.getByTestId('command-log'))
    .getAllByRole('listitem')
    .map((row) => row.textContent ?? '');
}

describe('the command log order', () => {
  it('reads newest first by default, and oldest first (the export order) on request', () => {
    const store = createAppStore({ frozenAt: T0 });
    store.getState().enqueue(1);
    store.getState().stepClock(60_000);
    store.getState().promote();
    render(
      <StoreProvider store={store}>
        <CommandLog />
      </StoreProvider>,
    );
    const newest = screen.getByRole('radio', { name: 'Newest first' }) as HTMLInputElement;
    expect(newest.checked).toBe(true);
    expect(screen.getByText(/Newest first \(the default\) keeps the latest command on top/)).toBeTruthy();
    const seqs = (texts: string[]) => texts.map((text) => Number(/^#(\d+)/.exec(text)![1]));
    const newestFirst = seqs(rows());
    expect(newestFirst[0]).toBe(store.getState().log.total);
    expect(newestFirst).toEqual([...newestFirst].sort((a, b) => b - a));
    expect(screen.getByRole('list', { name: 'Commands, newest first' })).toBeTruthy();

    fireEvent.click(screen.getByRole('radio', { name: 'Oldest first, as sent' }));
    expect(screen.getByRole('list', { name: 'Commands, oldest first' })).toBeTruthy();
    const oldestFirst = rows();
    expect(seqs(oldestFirst)).toEqual([...newestFirst].reverse());
    // The writes among them come in the export's order.
    const writes = oldestFirst.filter((text) => /(ZADD|ZREM) /.test(text)).map((text) => /(ZADD|ZREM) \S+/.exec(text)![0]);
    expect(writes).toEqual(sessionWrites(store.getState().scenario).map((w) => `${w.command} ${String(w.args[0])}`));
    expect(writes).toEqual([
      'ZADD delayed_queue',
      'ZADD bull:firetime:delayed',
      'ZREM bull:firetime:delayed',
      'ZREM delayed_queue',
    ]);
  });
});
