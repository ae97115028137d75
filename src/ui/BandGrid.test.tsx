import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BandGrid } from './BandGrid.tsx';
import { stubReducedMotion, useAnimateStub } from '../../test-support/motionTesting.ts';
import { gridLayout } from './bandGeometry.ts';
import { stubResizeObserver } from '../../test-support/resizeTesting.ts';
import { LaidOutLater } from './laidOutLater.ts';
import type { BandSlot } from '../store/band.ts';

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

interface FakeContext {
  canvas: HTMLCanvasElement;
  /** The colour each fillRect used since the canvas was last drawn whole. */
  fills: string[];
  /** How often the canvas was drawn whole: cleared all over, or one image put on it. */
  clears: number;
  /** How many of those whole draws were one image. */
  images: number;
  /** Rings (strokeRect) drawn since the last clear. */
  rings: number;
  /** Each pixel's colour (undefined: transparent), whatever drew it. */
  pixels: Array<string | undefined>;
  /** The gap right of the first cell is clear. */
  readonly gapClear: boolean;
  /** What each cell shows now: its colour if its top-left and bottom-right pixels agree. */
  readonly cells: string[];
}

/**
 * Just enough of a 2D context, pixel by pixel, to read what each cell shows whichever way it was
 * drawn (fillRect, clearRect or one image), and how often rings were drawn.
 */
function fakeContext(canvas: HTMLCanvasElement): FakeContext {
  const { width, height } = canvas;
  const paint = (x: number, y: number, w: number, h: number, colour: string | undefined) => {
    for (let row = Math.max(0, y); row < Math.min(height, y + h); row++)
      for (let col = Math.max(0, x); col < Math.min(width, x + w); col++) ctx.pixels[row * width + col] = colour;
  };
  const at = (x: number, y: number) => ctx.pixels[y * width + x];
  const ctx = {
    canvas,
    fills: [] as string[],
    clears: 0,
    images: 0,
    rings: 0,
    pixels: new Array<string | undefined>(width * height),
    fillStyle: '',
    strokeStyle: '',
    lineWidth: 1,
    get gapClear() {
      const layout = gridLayout(width, 4);
      return at(layout.offset(0) + layout.cell, layout.offset(0)) === undefined;
    },
    get cells() {
      const layout = gridLayout(width, 4);
      return Array.from({ length: 4096 }, (_, slot) => {
        const x = layout.offset(slot % 64);
        const y = layout.offset(Math.floor(slot / 64));
        const colour = at(x, y) ?? 'clear';
        return colour === (at(x + layout.cell - 1, y + layout.cell - 1) ?? 'clear') ? colour : 'not one colour';
      });
    },
    setTransform() {},
    clearRect(x: number, y: number, w: number, h: number) {
      paint(x, y, w, h, undefined);
      if (x <= 0 && y <= 0 && w >= width && h >= height) {
        ctx.fills = [];
        ctx.rings = 0;
        ctx.clears++;
      }
    },
    fillRect(x: number, y: number, w: number, h: number) {
      ctx.fills.push(ctx.fillStyle);
      paint(x, y, w, h, ctx.fillStyle);
    },
    createImageData(w: number, h: number) {
      return { width: w, height: h, data: new Uint8ClampedArray(w * h * 4) };
    },
    putImageData(image: { width: number; height: number; data: Uint8ClampedArray }) {
      for (let i = 0; i < image.width * image.height; i++) {
        const [r, g, b, a] = image.data.subarray(i * 4, i * 4 + 4);
        ctx.pixels[i] = a === 0 ? undefined : `rgb(${r}, ${g}, ${b})`;
      }
      ctx.fills = [];
      ctx.clears++;
      ctx.images++;
    },
    strokeRect() {
      ctx.rings++;
    },
  };
  return ctx;
}

/** Every canvas's fake context, made on its first getContext call. */
function fakeCanvases(): Map<HTMLCanvasElement, FakeContext> {
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(400);
  const contexts = new Map<HTMLCanvasElement, FakeContext>();
  function getContext(this: HTMLCanvasElement) {
    if (!contexts.has(this)) contexts.set(this, fakeContext(this));
    return contexts.get(this);
  }
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(
    getContext as unknown as HTMLCanvasElement['getContext'],
  );
  return contexts;
}

/** An empty BandGrid on fake canvases with requestIdleCallback held: its canvases, the idle callbacks it asked for, its grid. */
function emptyGridIdleHeld(): {
  contexts: Map<HTMLCanvasElement, FakeContext>;
  idle: Array<() => void>;
  grid: HTMLCanvasElement;
} {
  const contexts = fakeCanvases();
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

  it('draws all 4096 cells once per band and only the ring layer on each cursor move', async () => {
    const user = userEvent.setup();
    const contexts = fakeCanvases();
    const ceiling = [job(4095, 4, 'a'), job(4095, 5, 'b')];
    render(
      <BandGrid fireTime={FIRE_TIME} slots={[...threeJobs, ...ceiling]} ceilingMembers={2} newestSlot={4095} pastCliff={false} />,
    );
    const grid = screen.getByRole('application') as HTMLCanvasElement;
    // 400 px wide, 4 px kept free each side: 6 px per cell, 64 * 6 + 8 = 392 px
    expect(grid.width).toBe(392);
    // the grid itself holds the cells; the layer above it (the other canvas) holds the rings
    const cells = contexts.get(grid)!;
    const rings = [...contexts.values()].find((ctx) => ctx !== cells)!;
    expect(contexts.size).toBe(2);
    const shown = cells.cells;
    expect(shown[4095]).toBe('rgb(161, 66, 11)'); // the shared ceiling in the warn colour (fallback)
    expect(new Set(shown.slice(0, 3)).size).toBe(3); // three arrivals, three shades
    expect(shown[3]).toBe(shown[4094]); // empty slots alike
    expect(shown).not.toContain('not one colour');
    expect(shown).not.toContain('clear');
    expect(cells.gapClear).toBe(true);
    // few cells to colour: the empty grid, then one fill for each of the four coloured cells
    expect(cells.images).toBe(0);
    expect(cells.fills).toHaveLength(1 + 4);
    expect(rings.canvas.width).toBe(392);
    expect(rings.rings).toBe(2); // the newest bump: a surface ring, then its outline
    const ringDraws = rings.clears;
    await user.tab();
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(rings.clears).toBeGreaterThanOrEqual(ringDraws + 2);
    expect(rings.rings).toBe(4); // after the last move: the newest bump's two rings and the cursor's two
    expect(cells.clears).toBe(1); // the cell layer was not drawn again
    expect(cells.fills).toHaveLength(5);
  });

  it('below the stage, draws when the browser has laid it out, holding its square until then', () => {
    const observer = stubResizeObserver();
    const contexts = fakeCanvases();
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
    expect(contexts.get(grid)?.fills).toHaveLength(1 + 3);
    expect(wrap.className).not.toMatch(/unmeasured/);
  });

  it('leaves the ring layer untouched at mount and gives it its pixels when the browser is next idle, drawing nothing', async () => {
    const user = userEvent.setup();
    const { contexts, idle, grid } = emptyGridIdleHeld();
    expect([...contexts.keys()]).toEqual([grid]); // the cells drawn, the rings' canvas not even asked for a context
    expect(idle).toHaveLength(1);
    act(() => idle[0]!());
    const rings = [...contexts.values()].find((ctx) => ctx.canvas !== grid);
    expect(rings?.pixels.every((pixel) => pixel === undefined)).toBe(true); // touched (allocated), still clear
    expect(rings?.rings).toBe(0);
    await user.tab(); // the cursor: now a ring
    expect(rings?.rings).toBe(2);
    cleanup(); // unmounted while the idle stubs are still there
  });

  it('does not touch a ring layer already drawn on when the idle moment comes', async () => {
    const user = userEvent.setup();
    const { contexts, idle, grid } = emptyGridIdleHeld();
    await user.tab();
    const rings = [...contexts.values()].find((ctx) => ctx.canvas !== grid)! as FakeContext & { clearRect(): void };
    const clear = vi.spyOn(rings, 'clearRect');
    for (const run of idle) act(() => run());
    expect(clear).not.toHaveBeenCalled();
    expect(rings.rings).toBe(2);
    cleanup(); // unmounted while the idle stubs are still there
  });

  it('after the first draw fills only the cells that changed, leaving the grid as a whole redraw would', () => {
    const contexts = fakeCanvases();
    const jobs = Array.from({ length: 200 }, (_, i) => job(i, i + 1));
    const { rerender, unmount } = render(
      <BandGrid fireTime={FIRE_TIME} slots={jobs} ceilingMembers={0} newestSlot={199} pastCliff={false} />,
    );
    const cells = contexts.get(screen.getByRole('application') as HTMLCanvasElement)!;
    expect(cells.clears).toBe(1);
    const firstDraw = cells.fills.length;
    const more = [...jobs, ...Array.from({ length: 17 }, (_, i) => job(200 + i, 201 + i))];
    rerender(<BandGrid fireTime={FIRE_TIME} slots={more} ceilingMembers={0} newestSlot={216} pastCliff={false} />);
    expect(cells.clears).toBe(1); // not drawn whole again: cell by cell
    const filled = cells.fills.length - firstDraw;
    expect(filled).toBeGreaterThanOrEqual(17); // the new jobs, and cells whose shade moved
    expect(filled).toBeLessThan(256);
    const incremental = [...cells.pixels];
    unmount();
    contexts.clear();
    render(<BandGrid fireTime={FIRE_TIME} slots={more} ceilingMembers={0} newestSlot={216} pastCliff={false} />);
    const fresh = contexts.get(screen.getByRole('application') as HTMLCanvasElement)!;
    expect(incremental).toEqual(fresh.pixels);
  });

  it('draws a band of many jobs as one image, pixel for pixel what the empty grid and a fill per cell draw', () => {
    const contexts = fakeCanvases();
    const many = Array.from({ length: 300 }, (_, i) => job((i * 13) % 4096, i + 1));
    render(<BandGrid fireTime={FIRE_TIME} slots={many} ceilingMembers={0} newestSlot={null} pastCliff={false} />);
    const asImage = contexts.get(screen.getByRole('application') as HTMLCanvasElement)!;
    expect(asImage.images).toBe(1); // over MAX_CELL_FILLS coloured cells: one image
    expect(asImage.cells).not.toContain('not one colour');
    expect(asImage.gapClear).toBe(true);
    cleanup();
    contexts.clear();
    // half the band (with its first and last arrival, so the shades stay): the empty grid and a
    // fill per coloured cell; then the rest, cell by cell
    const half = [...many.slice(0, 150), many[299]!];
    const { rerender } = render(
      <BandGrid fireTime={FIRE_TIME} slots={half} ceilingMembers={0} newestSlot={null} pastCliff={false} />,
    );
    const byCells = contexts.get(screen.getByRole('application') as HTMLCanvasElement)!;
    expect(byCells.images).toBe(0);
    expect(byCells.fills).toHaveLength(1 + 151);
    rerender(<BandGrid fireTime={FIRE_TIME} slots={many} ceilingMembers={0} newestSlot={null} pastCliff={false} />);
    expect(byCells.clears).toBe(1);
    expect(byCells.pixels).toEqual(asImage.pixels);
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
