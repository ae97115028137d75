import { useLayoutEffect, useRef } from 'react';
import { BAND_SLOTS } from '../model/protocol/score.ts';
import styles from './BandStrip.module.css';
import { useLaidOutLater } from './laidOutLater.ts';
import { groupDigits } from '../model/format.ts';

export interface BandStripProps {
  bands: Array<{ fireTime: number; count: number }>;
  selected: number;
  onSelect: (fireTime: number) => void;
}

/** "+2 ms", "−1 ms", "0 ms": a millisecond's distance from the selected one. */
function offsetLabel(offset: number): string {
  if (offset === 0) return '0 ms';
  return `${offset > 0 ? '+' : '−'}${groupDigits(Math.abs(offset))} ms`;
}

/**
 * Consecutive milliseconds around the fire-time, one button each, with a bar showing how full
 * its band is (jobs / 4096 slots; a saturated band holds more jobs than slots). Choosing one
 * (click, Enter, Space) selects its band for the grid.
 */
export function BandStrip({ bands, selected, onSelect }: BandStripProps) {
  const stripRef = useRef<HTMLDivElement>(null);
  const selectedAt = bands.findIndex((band) => band.fireTime === selected);
  /** Where the strip was last centred, and whether the last selection was picked here. */
  const centred = useRef<{ at: number; length: number } | null>(null);
  const picked = useRef(false);
  /** Whether the browser has laid the strip out (its ResizeObserver has reported). */
  const laidOut = useRef(false);
  const later = useLaidOutLater();

  // On a narrow screen the strip scrolls sideways: keep the selected millisecond in the middle.
  // Buttons are keyed by place, so the strip moving with the clock (the selected one in the same
  // place, other milliseconds around it) only changes their text and reads no layout; a pick
  // here moves the focus with the picked millisecond to its new place.
  useLayoutEffect(() => {
    const strip = stripRef.current;
    const button = strip?.children[selectedAt] as HTMLElement | undefined;
    const moved = centred.current?.at !== selectedAt || centred.current.length !== bands.length;
    const wasPicked = picked.current;
    picked.current = false;
    if (!strip || !button || !(moved || wasPicked)) return;
    centred.current = { at: selectedAt, length: bands.length };
    if (wasPicked && strip.contains(document.activeElement)) button.focus({ preventScroll: true });
    // in a panel the browser may skip, the strip's first layout is left to its ResizeObserver (below)
    if (laidOut.current || !later || typeof ResizeObserver === 'undefined') centreChild(strip, selectedAt);
  }, [selected, selectedAt, bands.length, later]);

  // Centred again when the browser first lays the strip out and when its width changes (see
  // LaidOutLater: below the stage, reading its layout as it mounts would lay out the whole panel
  // there and then). A change of height alone leaves a strip the user scrolled where it is.
  useLayoutEffect(() => {
    const strip = stripRef.current;
    if (!strip || typeof ResizeObserver === 'undefined') return;
    let width = -1;
    const observer = new ResizeObserver(() => {
      laidOut.current = true;
      if (strip.clientWidth === width) return;
      width = strip.clientWidth;
      if (centred.current) centreChild(strip, centred.current.at);
    });
    observer.observe(strip);
    return () => observer.disconnect();
  }, []);

  return (
    <div ref={stripRef} role="group" aria-label="Milliseconds around the fire-time" className={styles.strip}>
      {bands.map(({ fireTime, count: jobs }, place) => {
        const isSelected = fireTime === selected;
        // at least a sliver for one job, which is only 1/4096 of the band
        const fill = jobs > 0 ? Math.max(Math.min(jobs, BAND_SLOTS) / BAND_SLOTS, 0.03) : 0;
        const full = jobs >= BAND_SLOTS;
        return (
          <button
            key={place}
            type="button"
            className={`${styles.band} ${isSelected ? styles.selected : ''} ${full ? styles.full : ''}`}
            aria-pressed={isSelected}
            title={`fire-time ${fireTime} ms`}
            onClick={() => {
              picked.current = true;
              onSelect(fireTime);
            }}
          >
            <span className={styles.offset}>{offsetLabel(fireTime - selected)}</span>{' '}
            <span className={styles.meter} aria-hidden="true">
              <span className={styles.bar} style={{ transform: `scaleY(${fill})` }} />
            </span>
            <span className={styles.count}>
              {groupDigits(jobs)}{' '}
              <span className="visually-hidden">{`${jobs === 1 ? 'job' : 'jobs'}${full ? ', band full' : ''}`}</span>
            </span>
          </button>
        );
      })}
    </div>
  );
}

/** Scrolls a strip that overflows so that its child `at` is in the middle. */
function centreChild(strip: HTMLElement, at: number) {
  const child = strip.children[at] as HTMLElement | undefined;
  if (child && strip.scrollWidth > strip.clientWidth)
    strip.scrollLeft = child.offsetLeft - (strip.clientWidth - child.offsetWidth) / 2;
}
