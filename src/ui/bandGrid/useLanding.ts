import { useEffect, useRef } from 'react';
import type { RefObject } from 'react';
import { animateArrival, motionDuration, stopMotions } from '../motion.ts';
import { gridLayout, slotCell } from '../../session/view/bandGeometry.ts';

/** What the landing marker needs to know of the grid and of the last arrival. */
export interface Landing {
  /** Changes with each new arrival (the last enqueue); anything else that changes is not an arrival. */
  landingKey: unknown;
  /** The newest job's slot, where the marker lands. */
  newestSlot: number | null;
  /** How many jobs the band holds: how many arrived since the last landing sets its pace. */
  jobs: number;
  /** The canvas's side in device pixels (0 until measured), the free inset inside it, the pixel ratio. */
  pixels: number;
  inset: number;
  dpr: number;
}

/**
 * A new arrival: a marker travels from above the grid into the newest slot's cell (transform
 * and opacity only), then fades, leaving the cell and its ring as drawn. None with reduced
 * motion, or when arrivals come too fast to follow (motionDuration). Returns the ref for the
 * marker element, laid over the grid's canvas.
 */
export function useLanding({ landingKey, newestSlot, jobs, pixels, inset, dpr }: Landing): RefObject<HTMLSpanElement | null> {
  const markerRef = useRef<HTMLSpanElement>(null);
  const motions = useRef<Array<Animation | null>>([]);
  const last = useRef<{ key: unknown; at: number; jobs: number }>({
    key: landingKey,
    at: Number.NEGATIVE_INFINITY,
    jobs,
  });

  useEffect(() => {
    const previous = last.current;
    if (Object.is(previous.key, landingKey)) {
      previous.jobs = jobs; // the band shown changed (the delay, the clock), not by an arrival
      return;
    }
    const at = performance.now();
    last.current = { key: landingKey, at, jobs };
    stopMotions(motions.current); // a new arrival: the last one's marker is done
    const marker = markerRef.current;
    const duration = motionDuration(at - previous.at, undefined, jobs - previous.jobs);
    if (!marker || newestSlot === null || pixels <= 0 || duration <= 0) return;
    const layout = gridLayout(pixels, inset);
    const { row, col } = slotCell(newestSlot);
    const x = layout.offset(col) / dpr;
    const y = layout.offset(row) / dpr;
    const size = Math.max(layout.cell / dpr, 2);
    Object.assign(marker.style, { left: `${x}px`, top: `${y}px`, width: `${size}px`, height: `${size}px` });
    const fromX = pixels / dpr / 2 - x;
    const fromY = -y - 12;
    motions.current.push(
      animateArrival(
        marker,
        [
          { transform: `translate(${fromX}px, ${fromY}px) scale(3)`, opacity: 0 },
          { opacity: 1, offset: 0.25 },
          { transform: 'translate(0, 0) scale(1)', opacity: 1, offset: 0.8 },
          { transform: 'translate(0, 0) scale(1)', opacity: 0 },
        ],
        duration,
      ),
    );
  }, [landingKey, newestSlot, pixels, inset, dpr, jobs]);

  return markerRef;
}
