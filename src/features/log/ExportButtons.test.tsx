import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ExportButtons } from './ExportButtons.tsx';
import { StoreProvider } from '../../store/StoreContext.tsx';
import { createAppStore } from '../../store/appStore.ts';
import { sessionScript } from '../../session/sessionScript.ts';
import { T0 } from '../../../test-support/instants.ts';

function renderButtons() {
  const store = createAppStore({ frozenAt: T0, seed: 3 });
  store.getState().enqueue(2);
  render(
    <StoreProvider store={store}>
      <ExportButtons />
    </StoreProvider>,
  );
  return store;
}

afterEach(() => vi.restoreAllMocks());

describe('ExportButtons', () => {
  it('copies the script and says so', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const store = renderButtons();
    fireEvent.click(screen.getByRole('button', { name: 'Copy as redis-cli script' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('Copied 4 commands as a redis-cli script.'));
    expect(writeText).toHaveBeenCalledWith(sessionScript(store.getState().scenario));
  });

  it('says to download when the clipboard is refused', async () => {
    Object.defineProperty(navigator, 'clipboard', {
      value: { writeText: () => Promise.reject(new Error('denied')) },
      configurable: true,
    });
    renderButtons();
    fireEvent.click(screen.getByRole('button', { name: 'Copy as redis-cli script' }));
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toMatch(/did not allow copying.*Download firetime-session\.redis/),
    );
  });

  it('downloads firetime-session.redis', () => {
    const createObjectURL = vi.fn((blob: Blob) => (void blob, 'blob:x'));
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      expect(this.download).toBe('firetime-session.redis');
    });
    renderButtons();
    fireEvent.click(screen.getByRole('button', { name: 'Download firetime-session.redis' }));
    expect(click).toHaveBeenCalledOnce();
    expect(createObjectURL).toHaveBeenCalledOnce();
    expect(screen.getByRole('status').textContent).toContain('Saved firetime-session.redis');
  });

  it('builds a long script in slices with progress, then downloads the same bytes; Cancel stops it', async () => {
    const blobs: Blob[] = [];
    Object.assign(URL, { createObjectURL: vi.fn((blob: Blob) => (blobs.push(blob), 'blob:x')), revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const store = createAppStore({ frozenAt: T0, seed: 3 });
    store.getState().setBatchSize(10_000);
    // one job past SYNC_JOBS: the script is built in slices
    store.getState().enqueue(10_000);
    store.getState().enqueue(1);
    render(
      <StoreProvider store={store}>
        <ExportButtons />
      </StoreProvider>,
    );
    const download = screen.getByRole('button', { name: 'Download firetime-session.redis' });
    fireEvent.click(download);
    expect(screen.getByTestId('export-building').textContent).toContain('Building the script: 0 of 10,001 jobs replayed.');
    expect(download).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByTestId('export-building')).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('Building the script was cancelled.');
    fireEvent.click(download);
    await waitFor(() => expect(click).toHaveBeenCalledOnce(), { timeout: 30_000 });
    expect(screen.queryByTestId('export-building')).toBeNull();
    expect(blobs).toHaveLength(1);
    expect(await blobs[0]!.text()).toBe(sessionScript(store.getState().scenario));
  }, 60_000);
});
