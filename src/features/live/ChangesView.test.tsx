import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import type { ReadMember, SetChanges } from './liveChanges.ts';
import { ChangesView, changesLine } from './ChangesView.tsx';

const T = Date.UTC(2026, 11, 4, 12, 0);
const row = (member: string, score: number): ReadMember => ({ member, score, scoreText: String(score) });
const none: SetChanges = { goneDue: [], goneNotDue: [], added: [], moved: [], horizon: null, newerPartial: false };

describe('ChangesView', () => {
  it('calls a member gone before it was due "removed", or "removed or moved past the part read" when only a head was read', () => {
    const gone = { ...none, goneNotDue: [row('7', (T + 60_000) * 0x1000)] };
    expect(changesLine(T, gone)).toBe('Since 12:00:00.000 UTC: 1 removed (not yet due).');
    const partial = { ...gone, horizon: (T + 90_000) * 0x1000, newerPartial: true };
    expect(changesLine(T, partial)).toBe('Since 12:00:00.000 UTC: 1 removed or moved past the part read (not yet due).');
    render(<ChangesView since={T} clock="server" scheme="band" changes={partial} />);
    expect(screen.getByTestId('live-changes-removed').textContent).toBe('Removed or moved past the part read (not yet due)7');
  });

  it('reads the moved members’ times in the units of the library that wrote them', () => {
    const moved = (from: number, to: number) => ({ member: '3', from: row('3', from), to: row('3', to) });
    const { unmount } = render(
      <ChangesView since={T} clock="page" scheme="bare-ms" changes={{ ...none, moved: [moved(T + 1000, T + 2000)] }} />,
    );
    expect(screen.getByTestId('live-changes-moved').textContent).toBe(
      `Moved3 (${new Date(T + 1000).toISOString()} → ${new Date(T + 2000).toISOString()})`,
    );
    unmount();
    render(
      <ChangesView
        since={T}
        clock="server"
        scheme="band"
        changes={{ ...none, moved: [moved((T + 1000) * 0x1000 + 5, (T + 2000) * 0x1000)] }}
      />,
    );
    expect(screen.getByTestId('live-changes-moved').textContent).toBe(
      `Moved3 (${new Date(T + 1000).toISOString()} → ${new Date(T + 2000).toISOString()})`,
    );
  });

  it('says which clock judged "due"', () => {
    const gone = { ...none, goneDue: [row('1', T * 0x1000)] };
    const { unmount } = render(<ChangesView since={T} clock="server" scheme="band" changes={gone} />);
    expect(screen.getByTestId('live-changes').textContent).toContain("Due by the server's clock");
    unmount();
    render(<ChangesView since={T} clock="page" scheme="band" changes={gone} />);
    expect(screen.getByTestId('live-changes').textContent).toContain("Due by this page's clock");
  });
});
