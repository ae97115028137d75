import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BandGrid } from './BandGrid.tsx';
import { stubReducedMotion, useAnimateStub } from '../../../test-support/motionTesting.ts';
import { cellColours, coloursAround } from '../../../test-support/bandGridPixels.ts';
import { firstDifference, stubPixelCanvases } from '../../../test-support/pixelCanvas.ts';
import type { PixelContext } from '../../../test-support/pixelCanvas.ts';
import { gridLayout, slotCell } from '../../session/view/bandGeometry.ts';
import { stubResizeObserver } from '../../../test-support/resizeTesting.ts';
import { LaidOutLater } from '../laidOutLater.ts';
import type { BandSlot } from '../../store/band.ts';

const FIRE_TIME = 1_790_000_000_000;
const FLOOR = FIRE_TIME * 4096;

function job(slot: number, arrival: number, member = `job:${arrival}`): BandSlot {
  return { slot, member, scoreText: String(FLOOR + slot), arrival };
}

const threeJobs = [job(0, 1), job(1, 2), job(2, 3)];

function readout(): string {
  const live = document.querySelector('[aria-live="polite"]');
  if (!live) throw new Error('no live region');
  return live.textContent ?? '';
}

/** The fallback colours (jsdom reads no CSS custom properties): the empty cell, the first and the latest arrival, a shared score. */
const EMPTY = 'rgb(231, 231, 229)';
const EARLY = 'rgb(161, 188, 228)';
const LATE = 'rgb(30, 65, 120)';
const WARN = 'rgb(161, 66, 11)';
/** The rings' colours: the text colour around the newest bump, the focus colour around the cursor. */
const FG = 'rgb(28, 29, 33)';
const FOCUS = 'rgb(194, 65, 12)';

/** Every canvas drawn into a pixel buffer of its own, the column 400 px wide: a 392 px grid, 6 px a cell. */
function pixelCanvases(): Map<HTMLCanvasElement, PixelContext> {
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(400);
  return stubPixelCanvases();
}

/** The one colour a slot's cell shows (or a note that it is not one colour). */
function cellColour(ctx: PixelContext, slot: number): string | null {
  const colours = [...cellColours(ctx, gridLayout(ctx.canvas.width, 4), slot)];
  return colours.length === 1 ? colours[0]! : `not one colour: ${colours.join(' ')}`;
}

/** The colours of the ring layer within 4 px around a slot's cell. */
function ringColours(ctx: PixelContext, slot: number): Set<string | null> {
  return coloursAround(ctx, gridLayout(ctx.canvas.width, 4), slot);
}

/** Whether every focus-coloured pixel of the ring layer lies within 4 px of the slot's cell: the cursor ringed there and nowhere else. */
function focusRingsOnly(ctx: PixelContext, slot: number): boolean {
  const layout = gridLayout(ctx.canvas.width, 4);
  const { row, col } = slotCell(slot);
  const [left, top] = [layout.offset(col), layout.offset(row)];
  for (let y = 0; y < ctx.canvas.height; y++)
    for (let x = 0; x < ctx.canvas.width; x++) {
      if (ctx.colourAt(x, y) !== FOCUS) continue;
      if (x < left - 4 || x >= left + layout.cell + 4 || y < top - 4 || y >= top + layout.cell + 4) return false;
    }
  return true;
}

/** The grid's two layers: the cells (the focusable canvas) and the rings above them. */
function layers(contexts: Map<HTMLCanvasElement, PixelContext>): { cells: PixelContext; rings: PixelContext | undefined } {
  const grid = screen.getByRole('application') as HTMLCanvasElement;
  return { cells: contexts.get(grid)!, rings: [...contexts.entries()].find(([canvas]) => canvas !== grid)?.[1] };
}

/** An empty BandGrid on fake canvases with requestIdleCallback held: its canvases, the idle callbacks it asked for, its grid. */
function emptyGridIdleHeld(): {
  contexts: Map<HTMLCanvasElement, PixelContext>;
  idle: Array<() => void>;
  grid: HTMLCanvasElement;
} {
  const contexts = pixelCanvases();
  const idle: Array<() => void> = [];
  vi.stubGlobal('requestIdleCallback', (run: () => void) => idle.push(run));
  vi.stubGlobal('cancelIdleCallback', () => {});
  render(<BandGrid fireTime={FIRE_TIME} slots={[]} ceilingMembers={0} newestSlot={null} pastCliff={false} />);
  return { contexts, idle, grid: screen.getByRole('application') as HTMLCanvasElement };
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

beforeEach(() => {
  // jsdom has no canvas: getContext answers null, which the component must survive.
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
});

describe('BandGrid', () => {
  it('is a focusable grid that starts the cursor on the newest bump', async () => {
    const user = userEvent.setup();
    render(<BandGrid fireTime={FIRE_TIME} slots={threeJobs} ceilingMembers={0} newestSlot={2} pastCliff={false} />);
    const grid = screen.getByRole('application', { name: /Band of fire-time 1790000000000 ms/ });
    expect(grid.getAttribute('aria-label')).toContain('3 used');
    expect(readout()).toContain('Hover or focus');
    await user.tab();
    expect(document.activeElement).toBe(grid);
    expect(readout()).toBe(`Slot 2 row 0, column 2: score ${FLOOR + 2}, member job:3, arrival 3.`);
  });

  it('moves the cursor with arrows, Page keys, Home and End, and reads each slot', async () => {
    const user = userEvent.setup();
    render(<BandGrid fireTime={FIRE_TIME} slots={threeJobs} ceilingMembers={0} newestSlot={2} pastCliff={false} />);
    await user.tab();
    await user.keyboard('{ArrowLeft}');
    expect(readout()).toContain('Slot 1 ');
    expect(readout()).toContain('member job:2, arrival 2');
    await user.keyboard('{ArrowDown}');
    expect(readout()).toBe('Slot 65 row 1, column 1: empty.');
    await user.keyboard('{ArrowUp}{ArrowLeft}');
    expect(readout()).toContain(`Slot 0 (floor) row 0, column 0: score ${FLOOR}, member job:1`);
    await user.keyboard('{PageDown}');
    expect(readout()).toContain('Slot 512 row 8, column 0');
    await user.keyboard('{End}');
    expect(readout()).toBe('Slot 4095 (ceiling) row 63, column 63: empty.');
    await user.keyboard('{Home}');
    expect(readout()).toContain('Slot 0 (floor)');
  });

  it('reads the slot under the mouse and forgets it when the mouse leaves', () => {
    render(<BandGrid fireTime={FIRE_TIME} slots={threeJobs} ceilingMembers={0} newestSlot={2} pastCliff={false} />);
    const grid = screen.getByRole('application');
    // 64 cells of 6 px plus 4 px free on each side: cell (row 0, col 1) spans x 11..16
    vi.spyOn(grid, 'getBoundingClientRect').mockReturnValue(DOMRect.fromRect({ x: 100, y: 50, width: 392, height: 392 }));
    fireEvent.pointerMove(grid, { clientX: 100 + 13, clientY: 50 + 7 });
    expect(readout()).toContain('Slot 1 ');
    fireEvent.pointerMove(grid, { clientX: 100 + 385, clientY: 50 + 385 });
    expect(readout()).toContain('Slot 4095 (ceiling)');
    fireEvent.pointerMove(grid, { clientX: 100 + 2, clientY: 50 + 2 });
    expect(readout()).toContain('Hover or focus');
    fireEvent.pointerMove(grid, { clientX: 100 + 13, clientY: 50 + 7 + 6 });
    expect(readout()).toContain('Slot 65 ');
    fireEvent.pointerLeave(grid);
    expect(readout()).toContain('Hover or focus');
  });

  it('counts every job of the band when only the first of them were read', async () => {
    const user = userEvent.setup();
    const ceiling = ['job:10', 'job:11'].map((member, i) => job(4095, 4095 + i, member));
    render(
      <BandGrid
        fireTime={FIRE_TIME}
        slots={[job(0, 1), ...ceiling]}
        jobs={1_000_000}
        ceilingMembers={999_999}
        newestSlot={4095}
        pastCliff={false}
      />,
    );
    expect(screen.getByText(/jobs: some share a slot/).textContent).toBe('1,000,000 jobs: some share a slot');
    expect(screen.getByText(/slot 4095 ×/).textContent).toBe('slot 4095 × 999,999');
    await user.tab();
    expect(readout()).toContain(
      'shared by 999,999 jobs in member-byte order: job:10 (arrival 4,095), job:11 (arrival 4,096) and 999,997 more.',
    );
  });

  it('counts the jobs sharing the ceiling and says they are ordered by member bytes', async () => {
    const user = userEvent.setup();
    const ceiling = ['job:10', 'job:11', 'job:4096', 'job:9'].map((member, i) => job(4095, 4095 + i, member));
    render(
      <BandGrid fireTime={FIRE_TIME} slots={[job(0, 1), ...ceiling]} ceilingMembers={4} newestSlot={4095} pastCliff={false} />,
    );
    expect(screen.getByText(/jobs: some share a slot/).textContent).toBe('5 jobs: some share a slot');
    expect(screen.getByText(/4 jobs share the ceiling score/).textContent).toMatch(/by member bytes, not by arrival/);
    expect(screen.getByText(/slot 4095 ×/).textContent).toBe('slot 4095 × 4');
    await user.tab();
    expect(readout()).toBe(
      `Slot 4095 (ceiling) row 63, column 63: score ${FLOOR + 4095}, shared by 4 jobs in member-byte order: ` +
        'job:10 (arrival 4,095), job:11 (arrival 4,096), job:4096 (arrival 4,097) and 1 more.',
    );
  });

  it('says nothing about the ceiling while it holds at most one job, or about the cliff before it', () => {
    render(<BandGrid fireTime={FIRE_TIME} slots={[job(4095, 1)]} ceilingMembers={1} newestSlot={4095} pastCliff={false} />);
    expect(screen.queryByText(/share the ceiling score/)).toBeNull();
    expect(screen.queryByText(/the \+1 is lost/)).toBeNull();
  });

  it('says the +1 is lost past the cliff', () => {
    render(<BandGrid fireTime={2 ** 41} slots={[]} ceilingMembers={0} newestSlot={null} pastCliff />);
    expect(screen.getByText(/the \+1 is lost here/)).toBeTruthy();
  });

  it('renders members as text, never as HTML', async () => {
    const user = userEvent.setup();
    const member = '<b id="x">bold</b>';
    render(<BandGrid fireTime={FIRE_TIME} slots={[job(0, 1, member)]} ceilingMembers={0} newestSlot={0} pastCliff={false} />);
    await user.tab();
    expect(readout()).toContain(member);
    expect(document.getElementById('x')).toBeNull();
  });

  it('draws each slot in its colour, and only the ring layer on each cursor move', async () => {
    const user = userEvent.setup();
    const contexts = pixelCanvases();
    const ceiling = [job(4095, 4, 'a'), job(4095, 5, 'b')];
    render(
      <BandGrid fireTime={FIRE_TIME} slots={[...threeJobs, ...ceiling]} ceilingMembers={2} newestSlot={4095} pastCliff={false} />,
    );
    const grid = screen.getByRole('application') as HTMLCanvasElement;
    // 400 px wide, 4 px kept free each side: 6 px per cell, 64 * 6 + 8 = 392 px
    expect(grid.width).toBe(392);
    // the grid itself holds the cells; the layer above it (the other canvas) holds the rings
    const { cells, rings } = layers(contexts);
    expect(contexts.size).toBe(2);
    expect(cellColour(cells, 4095)).toBe(WARN); // the shared ceiling in the warn colour (fallback)
    expect(cellColour(cells, 0)).toBe(EARLY); // the first arrival
    const middle = cellColour(cells, 1);
    expect([EARLY, LATE, EMPTY]).not.toContain(middle); // arrival 3 of 1..5: a shade between
    expect(cellColour(cells, 2)).not.toBe(middle); // three arrivals, three shades
    expect(cellColour(cells, 3)).toBe(EMPTY);
    expect(cellColour(cells, 4094)).toBe(EMPTY); // empty slots alike
    const gap = gridLayout(392, 4);
    expect(cells.colourAt(gap.offset(0) + gap.cell, gap.offset(0))).toBeNull(); // the gap between cells is clear
    expect(rings!.canvas.width).toBe(392);
    expect(ringColours(rings!, 4095)).toContain(FG); // the newest bump ringed
    expect(ringColours(rings!, 4095)).not.toContain(FOCUS);
    const drawnCells = cells.pixels();
    const cellWrites = [vi.spyOn(cells, 'fillRect'), vi.spyOn(cells, 'putImageData')];
    await user.tab();
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    // after the last move: the newest bump's ring and the cursor's, on slot 4093
    expect(ringColours(rings!, 4095)).toContain(FG);
    expect(ringColours(rings!, 4093)).toContain(FOCUS);
    expect(focusRingsOnly(rings!, 4093)).toBe(true); // the cursor's earlier rings gone
    // the cell layer was not drawn again
    for (const write of cellWrites) expect(write).not.toHaveBeenCalled();
    expect(firstDifference(cells.pixels(), drawnCells)).toBe(-1);
  });

  it('below the stage, draws when the browser has laid it out, holding its square until then', () => {
    const observer = stubResizeObserver();
    const contexts = pixelCanvases();
    render(
      <LaidOutLater value={true}>
        <BandGrid fireTime={FIRE_TIME} slots={threeJobs} ceilingMembers={0} newestSlot={2} pastCliff={false} />
      </LaidOutLater>,
    );
    const grid = screen.getByRole('application') as HTMLCanvasElement;
    const wrap = grid.closest('[class*="canvasWrap"]')!;
    expect(contexts.size).toBe(0); // nothing measured, nothing drawn
    expect(wrap.className).toMatch(/unmeasured/);
    act(() => observer.report(wrap));
    expect(grid.width).toBe(392);
    const cells = contexts.get(grid)!;
    expect([0, 1, 2, 3].map((slot) => cellColour(cells, slot))).toEqual([EARLY, expect.any(String), LATE, EMPTY]);
    expect(wrap.className).not.toMatch(/unmeasured/);
  });

  it('leaves the ring layer untouched at mount and gives it its pixels when the browser is next idle, drawing nothing', async () => {
    const user = userEvent.setup();
    const { contexts, idle, grid } = emptyGridIdleHeld();
    expect([...contexts.keys()]).toEqual([grid]); // the cells drawn, the rings' canvas not even asked for a context
    expect(idle).toHaveLength(1);
    act(() => idle[0]!());
    const rings = layers(contexts).rings;
    expect(rings?.pixels().every((byte) => byte === 0)).toBe(true); // touched (allocated), still clear
    await user.tab(); // the cursor: now a ring
    expect(ringColours(rings!, 0)).toContain(FOCUS);
    cleanup(); // unmounted while the idle stubs are still there
  });

  it('does not touch a ring layer already drawn on when the idle moment comes', async () => {
    const user = userEvent.setup();
    const { contexts, idle } = emptyGridIdleHeld();
    await user.tab();
    const rings = layers(contexts).rings!;
    const clear = vi.spyOn(rings, 'clearRect');
    for (const run of idle) act(() => run());
    expect(clear).not.toHaveBeenCalled();
    expect(ringColours(rings, 0)).toContain(FOCUS);
    cleanup(); // unmounted while the idle stubs are still there
  });

  it('after a change of band, shows what a fresh grid of the new band shows, pixel for pixel', () => {
    const contexts = pixelCanvases();
    const jobs = Array.from({ length: 200 }, (_, i) => job(i, i + 1));
    const { rerender, unmount } = render(
      <BandGrid fireTime={FIRE_TIME} slots={jobs} ceilingMembers={0} newestSlot={199} pastCliff={false} />,
    );
    const { cells } = layers(contexts);
    const more = [...jobs, ...Array.from({ length: 17 }, (_, i) => job(200 + i, 201 + i))];
    rerender(<BandGrid fireTime={FIRE_TIME} slots={more} ceilingMembers={0} newestSlot={216} pastCliff={false} />);
    expect(cellColour(cells, 216)).toBe(LATE); // the newest job in the latest shade
    expect(cellColour(cells, 199)).not.toBe(LATE); // no longer the latest: its shade moved
    const changed = cells.pixels();
    unmount();
    contexts.clear();
    render(<BandGrid fireTime={FIRE_TIME} slots={more} ceilingMembers={0} newestSlot={216} pastCliff={false} />);
    expect(firstDifference(changed, layers(contexts).cells.pixels())).toBe(-1);
  });

  it('keeps the slots in their colours across a resize and a change of colour scheme', () => {
    const contexts = pixelCanvases();
    let width = 400;
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(() => width);
    const observer = stubResizeObserver();
    const schemes: Array<() => void> = [];
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: false,
      media: query,
      addEventListener: (_: string, change: () => void) => schemes.push(change),
      removeEventListener() {},
    }));
    render(<BandGrid fireTime={FIRE_TIME} slots={threeJobs} ceilingMembers={0} newestSlot={2} pastCliff={false} />);
    const grid = screen.getByRole('application') as HTMLCanvasElement;
    const wrap = grid.closest('[class*="canvasWrap"]')!;
    width = 200; // 64 * 3 + 8: 3 px a cell
    act(() => observer.report(wrap));
    expect(grid.width).toBe(200);
    const cells = contexts.get(grid)!;
    expect([0, 2, 3, 4095].map((slot) => cellColour(cells, slot))).toEqual([EARLY, LATE, EMPTY, EMPTY]);
    document.documentElement.style.setProperty('--accent', '#000000');
    act(() => schemes.forEach((change) => change()));
    expect(cellColour(cells, 2)).toBe('rgb(13, 13, 15)'); // the latest shade from the new accent
    expect(cellColour(cells, 3)).toBe(EMPTY);
    document.documentElement.style.removeProperty('--accent');
  });

  it('survives a canvas-less environment (getContext answers null)', () => {
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(400);
    render(<BandGrid fireTime={FIRE_TIME} slots={threeJobs} ceilingMembers={0} newestSlot={2} pastCliff={false} />);
    expect((screen.getByRole('application') as HTMLCanvasElement).width).toBe(392);
  });

  it('summarises how full the band is', () => {
    render(<BandGrid fireTime={FIRE_TIME} slots={threeJobs} ceilingMembers={0} newestSlot={2} pastCliff={false} />);
    expect(screen.getByText(/slots used/).textContent).toBe('slots used: 3 of 4,096');
    expect(screen.getByText(/→/).textContent).toBe('1 → 3');
    expect(screen.queryByText(/share a slot/)).toBeNull();
  });

  describe('a new arrival travels into its slot', () => {
    const animate = vi.fn();
    function land(reduce: boolean) {
      stubReducedMotion(reduce);
      vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(400);
      const first = { serial: 1 };
      const { rerender } = render(
        <BandGrid
          compact
          fireTime={FIRE_TIME}
          slots={threeJobs.slice(0, 2)}
          ceilingMembers={0}
          newestSlot={1}
          pastCliff={false}
          landingKey={first}
        />,
      );
      animate.mockClear();
      rerender(
        <BandGrid
          compact
          fireTime={FIRE_TIME}
          slots={threeJobs}
          ceilingMembers={0}
          newestSlot={2}
          pastCliff={false}
          landingKey={{ serial: 2 }}
        />,
      );
    }
    useAnimateStub(animate);

    it('moves a marker from above the grid onto the newest cell (transform and opacity only)', () => {
      land(false);
      expect(animate).toHaveBeenCalledTimes(1);
      const marker = screen.getByTestId('band-landing');
      expect(animate.mock.instances[0]).toBe(marker);
      const [keyframes, options] = animate.mock.calls[0]!;
      expect(
        keyframes.every((frame: Keyframe) => Object.keys(frame).every((key) => ['transform', 'opacity', 'offset'].includes(key))),
      ).toBe(true);
      expect(keyframes[0].transform).toMatch(/^translate\(.+px, -\d+(\.\d+)?px\) scale\(3\)$/);
      expect(keyframes.at(-1).opacity).toBe(0);
      expect(options.duration).toBeGreaterThan(0);
      // slot 2: row 0, column 2 of the 392 px grid (4 px kept free around it)
      const layout = gridLayout(392, 4);
      expect(marker.style.left).toBe(`${layout.offset(2)}px`);
      expect(marker.style.top).toBe(`${layout.offset(0)}px`);
    });

    it('with reduced motion nothing travels', () => {
      land(true);
      expect(animate).not.toHaveBeenCalled();
    });
  });

  it('compact: one-line notes, no legend', () => {
    render(
      <BandGrid compact fireTime={FIRE_TIME} slots={threeJobs} jobs={7} ceilingMembers={5} newestSlot={2} pastCliff={false} />,
    );
    expect(screen.queryByRole('list', { name: 'Legend' })).toBeNull();
    expect(screen.getByTestId('band-ceiling-badge').textContent).toBe('full: 5 share the ceiling');
    expect(screen.getByTestId('band-summary').children[1]!.textContent).toBe('7 jobs: ties in member order');
    expect(screen.queryByText(/jobs share the ceiling score/)).toBeNull();
  });

  it('compact: the summary keeps its three lines whether the band is empty or full (nothing below moves)', () => {
    const { rerender } = render(
      <BandGrid compact fireTime={FIRE_TIME} slots={[]} ceilingMembers={0} newestSlot={null} pastCliff={false} />,
    );
    const lines = () => [...screen.getByTestId('band-summary').children].map((line) => line.textContent);
    expect(lines()).toEqual(['slots used: 0 of 4,096', '', '']);
    rerender(<BandGrid compact fireTime={FIRE_TIME} slots={threeJobs} jobs={7} ceilingMembers={5} newestSlot={2} pastCliff />);
    expect(lines()).toEqual([
      'slots used: 3 of 4,096',
      '7 jobs: ties in member order',
      'full: 5 share the ceilingpast the cliff: +1 is lost',
    ]);
  });
});
