import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { scaleLinear } from 'd3-scale';
import { useAppStore, useAppStoreApi } from '../../store/StoreContext.tsx';
import { HEAD_MARKS, selectBandHead } from '../../store/promote.ts';
import type { BandHead } from '../../store/promote.ts';
import styles from './Timeline.module.css';
import { groupDigits } from '../../model/format.ts';
import { useMeasured } from '../../ui/useCanvasSize.ts';

/** Drawing width before the container is measured (jsdom measures nothing). */
const FALLBACK_WIDTH = 640;
/** The drawing's height (px); Timeline.module.css gives the box the same. */
const HEIGHT = 84;
const LEFT = 8;
const RIGHT = 8;
const MARK_TOP = 22;
const AXIS_Y = 56;
/** The least part of the span shown before now, so jobs can be seen reaching the now line. */
const PAST = 0.2;
/** Pixels per tick label (the longest, 12:00:01.500, is about 85 px at 12 px). */
const TICK_SPACING_PX = 140;
/** The shortest stretch of time the axis shows ahead of now. */
const MIN_SPAN_MS = 1000;
/** How far (as a share of the span) the axis slides before it is drawn again around the new now. */
const SLIDE = 0.5;

/** How much time ahead of `now` the axis shows: up to the last marked job (a little past it). */
export function timelineSpan(head: Pick<BandHead, 'marks' | 'wakeAt'>, now: number): number {
  const last = head.marks.at(-1)?.fireTime ?? head.wakeAt ?? now;
  return Math.max(MIN_SPAN_MS, Math.ceil((last - now) * 1.1));
}

const DAY_MS = 86_400_000;

/**
 * A tick's label, in UTC like the page's ISO times, as precise as the tick step needs: the time
 * of day with milliseconds, seconds or minutes, and the date once the steps reach a day.
 */
export function tickLabel(ms: number, step: number): string {
  const iso = new Date(ms).toISOString(); // 2026-12-01T03:39:15.127Z
  if (step >= DAY_MS) return step % DAY_MS === 0 ? iso.slice(0, 10) : `${iso.slice(0, 10)} ${iso.slice(11, 16)}`;
  if (step % 60_000 === 0) return iso.slice(11, 16);
  return step % 1000 === 0 ? iso.slice(11, 19) : iso.slice(11, 23);
}

function useReducedMotion(): boolean {
  const [reduced, setReduced] = useState(
    () => typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches,
  );
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const query = window.matchMedia('(prefers-reduced-motion: reduce)');
    const change = () => setReduced(query.matches);
    query.addEventListener('change', change);
    return () => query.removeEventListener('change', change);
  }, []);
  return reduced;
}

/** The box's width, once laid out (useMeasured); FALLBACK_WIDTH until then, and while it has none. */
const measureWidth = (element: HTMLElement) => element.clientWidth;

/**
 * A time axis (a d3 scaleLinear over Unix ms, drawn by React as SVG; ticks in UTC): now, the worker's next wake, and a mark for
 * each of the band set's first 200 jobs at its fire-time. With a live clock everything slides
 * toward the now line (a compositor animation of one layer's transform; once a second with
 * prefers-reduced-motion); React draws again only when the set changes or the axis has slid half
 * its span. Reads the head of the set through a selector memoised on the
 * store's version, so a slider drag never redraws it.
 */
export function Timeline() {
  const store = useAppStoreApi();
  const head = useAppStore(selectBandHead);
  const live = useAppStore((s) => s.clockMode === 'live');
  const frozenAt = useAppStore((s) => s.frozenAt);
  const reduced = useReducedMotion();
  const boxRef = useRef<HTMLDivElement>(null);
  const slideRef = useRef<HTMLDivElement>(null);
  const measured = useMeasured(boxRef, measureWidth);
  const width = measured > 0 ? measured : FALLBACK_WIDTH;
  const captionId = useId();
  /** Bumped when the axis has slid too far and must be drawn around the new now. */
  const [epoch, setEpoch] = useState(0);

  // The span follows the set (and the clock's mode); the anchor (the now the axis is drawn around) moves on.
  const span = useMemo(() => timelineSpan(head, store.getState().readClock()), [head, store, live, frozenAt]); // eslint-disable-line react-hooks/exhaustive-deps
  const frame = useMemo(() => {
    const anchor = store.getState().readClock();
    const plotRight = width - RIGHT;
    // Before now: a fifth of the span, or back to an overdue head (a job still waiting past its
    // time, auto-promote off), so the head and the wake stay on the axis.
    const headFireTime = head.marks[0]?.fireTime ?? anchor;
    const past = Math.max(PAST * span, Math.ceil((anchor - headFireTime) * 1.1));
    const x = scaleLinear()
      .domain([anchor - past, anchor + span])
      .range([LEFT, plotRight]);
    const pxPerMs = (plotRight - LEFT) / (past + span);
    // Ticks over the stretch the axis will slide through before it is drawn again.
    const reach = anchor + span * (1 + SLIDE);
    const axis = x
      .copy()
      .domain([anchor - past, reach])
      .range([LEFT, x(reach)]);
    const tickCount = Math.max(2, Math.round((x(reach) - LEFT) / TICK_SPACING_PX));
    const values = axis.ticks(tickCount);
    const step = values.length > 1 ? values[1]! - values[0]! : span;
    const ticks = values.map((tick) => ({ x: axis(tick), label: tickLabel(tick, step), key: tick }));
    // The sliding layer is drawn this wide: up to the reach, with room for the last label.
    return { anchor, x, pxPerMs, ticks, nowX: x(anchor), slideWidth: Math.ceil(x(reach)) + 60 };
    // epoch, live, frozenAt: drawn again around the clock's new reading
  }, [store, head, span, width, epoch, live, frozenAt]); // eslint-disable-line react-hooks/exhaustive-deps

  const marksPath = useMemo(() => {
    let d = '';
    for (const mark of head.marks) {
      const px = frame.x(mark.fireTime);
      d += `M${px.toFixed(1)} ${MARK_TOP}V${AXIS_Y - 4}`;
    }
    return d;
  }, [head, frame]);

  // Slide toward now: a linear animation of the layer's transform that the compositor runs on
  // its own (no work on the page's main thread per frame, so a slider drag keeps its frames),
  // drawn again around the new now once the axis has slid half its span. Where the browser has
  // no Web Animations, one transform per requestAnimationFrame; with prefers-reduced-motion, one
  // step a second.
  useLayoutEffect(() => {
    const layer = slideRef.current;
    if (!layer) return;
    const offset = (drift: number) => `translateX(${(-drift * frame.pxPerMs).toFixed(2)}px)`;
    const place = (): boolean => {
      const drift = store.getState().readClock() - frame.anchor;
      if (drift < 0 || drift > span * SLIDE) {
        setEpoch((e) => e + 1);
        return false;
      }
      layer.style.transform = offset(drift);
      return true;
    };
    if (!place() || !live) return;
    if (reduced) {
      const timer = setInterval(place, 1000);
      return () => clearInterval(timer);
    }
    if (typeof layer.animate === 'function') {
      const drift = store.getState().readClock() - frame.anchor;
      const end = span * SLIDE;
      const animation = layer.animate([{ transform: offset(drift) }, { transform: offset(end) }], {
        duration: Math.max(end - drift, 1),
        easing: 'linear',
        fill: 'forwards',
      });
      animation.onfinish = () => setEpoch((e) => e + 1);
      return () => animation.cancel();
    }
    let request = requestAnimationFrame(function slide() {
      if (place()) request = requestAnimationFrame(slide);
    });
    return () => cancelAnimationFrame(request);
  }, [store, frame, span, live, reduced]);

  const wakeX = head.wakeAt === null ? null : frame.x(head.wakeAt);
  const shown = head.marks.length;
  return (
    <figure className={styles.timeline} data-testid="timeline">
      <div ref={boxRef} className={styles.box} role="img" aria-labelledby={captionId}>
        <div ref={slideRef} className={styles.slide}>
          <svg width={frame.slideWidth} height={HEIGHT} className={styles.svg} aria-hidden="true">
            {frame.ticks.map((tick) => (
              <g key={tick.key} transform={`translate(${tick.x.toFixed(1)} 0)`}>
                <line className={styles.tick} y1={AXIS_Y} y2={AXIS_Y + 5} />
                <text className={styles.tickLabel} y={AXIS_Y + 18} textAnchor="middle">
                  {tick.label}
                </text>
              </g>
            ))}
            <path className={styles.marks} d={marksPath} data-testid="timeline-marks" data-count={shown} />
            {wakeX === null ? null : (
              <g transform={`translate(${wakeX.toFixed(1)} 0)`} data-testid="timeline-wake">
                <line className={styles.wake} y1={MARK_TOP - 6} y2={AXIS_Y} />
                <text className={styles.wakeLabel} x={4} y={MARK_TOP - 8}>
                  next wake
                </text>
              </g>
            )}
          </svg>
        </div>
        <svg width={width} height={HEIGHT} className={styles.overlay} aria-hidden="true">
          <line className={styles.axis} x1={0} x2={width} y1={AXIS_Y} y2={AXIS_Y} />
          <line className={styles.now} x1={frame.nowX} x2={frame.nowX} y1={4} y2={AXIS_Y + 4} data-testid="timeline-now" />
          <text className={styles.nowLabel} x={frame.nowX - 4} y={14} textAnchor="end">
            now
          </text>
        </svg>
      </div>
      <figcaption id={captionId} className={styles.caption}>
        {head.size === 0
          ? 'Timeline (UTC): now, and nothing waiting in the band set.'
          : `Timeline (UTC): now, the next wake and ${shown === head.size ? `all ${groupDigits(shown)}` : `the first ${groupDigits(shown)} of ${groupDigits(head.size)}`} ${head.size === 1 ? 'job' : 'jobs'} in the band set, marked at ${head.size === 1 ? 'its' : 'their'} fire-time${head.size === 1 ? '' : 's'}${live ? ', sliding toward now' : ''}.`}
        {shown < head.size ? ` (At most ${HEAD_MARKS} are marked.)` : null}
      </figcaption>
    </figure>
  );
}
