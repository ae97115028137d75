/**
 * Recovery and the wake, drawn on a time axis: now, the head's fire-time, and the worker waking at
 * the head's score / 0x1000 truncated; under it, the fire-time's millisecond zoomed so the newest
 * job's exact quotient (T + k/4096) shows, with the truncation back to T. The numbers are written
 * with exact arithmetic (exactRecovery: BigInt), never a rounded float called exact.
 */
import { useId, useRef } from 'react';
import { exactRecovery } from '../../model/protocol/bits.ts';
import { BAND_SLOTS, nextTimestampOf } from '../../model/protocol/score.ts';
import { groupDigits } from '../../model/format.ts';
import { useAppStore } from '../../store/StoreContext.tsx';
import type { AppState } from '../../store/appStore.ts';
import { selectLastEnqueue, selectScorePanel } from '../../store/scores.ts';
import { useBringIntoView, useChange } from './useChange.ts';
import styles from './pictures.module.css';

/** How many of the millisecond's 4,096 slots the zoomed axis spans. */
export const AXIS_SLOTS = 16;
const W = 360;
const LEFT = 14;
const RIGHT = W - 14;

const selectHeadScore = (s: AppState) => s.bandSet.head?.score ?? null;

function Tick({ x, y, label, below, testId }: { x: number; y: number; label: string; below: boolean; testId?: string }) {
  return (
    <g data-testid={testId}>
      <path className={styles.axisTick} d={`M${x} ${y - 6}V${y + 6}`} />
      <text className={styles.axisText} x={x} y={below ? y + 18 : y - 9} textAnchor={x < W / 2 ? 'start' : 'end'}>
        {label}
      </text>
    </g>
  );
}

/** The worker's wake for the figure's band set, on a time axis, with the newest job's recovery written exactly. */
export function RecoveryAxis({ presetOperations }: { presetOperations: number }) {
  const panel = useAppStore(selectScorePanel);
  const last = useAppStore(selectLastEnqueue);
  const headScore = useAppStore(selectHeadScore);
  const headingId = useId();
  const sectionRef = useRef<HTMLElement>(null);
  const change = useChange(last?.lastScore ?? null, presetOperations);
  useBringIntoView(sectionRef, change.count, 'svg');
  const head = headScore === null ? null : exactRecovery(headScore);
  const newest = last === null ? null : exactRecovery(last.lastScore);
  if (head === null) {
    return (
      <section aria-labelledby={headingId} data-testid="lesson-recovery">
        <h3 id={headingId} className={styles.heading}>
          Recovery: score / 0x1000
        </h3>
        <p className={styles.note}>The set is empty: no wake.</p>
      </section>
    );
  }
  const wake = head.reply;
  const span = Number(wake) - panel.now;
  const fireX = RIGHT - 40;
  const slotX = (slot: number) => LEFT + ((RIGHT - LEFT) * slot) / AXIS_SLOTS;
  const newestSlot = newest === null ? null : newest.slot;
  return (
    <section ref={sectionRef} aria-labelledby={headingId} data-testid="lesson-recovery">
      <h3 id={headingId} className={styles.heading}>
        Recovery: the head’s score / 0x1000, and when the worker wakes
      </h3>
      <svg
        className={styles.axisSvg}
        viewBox={`0 0 ${W} 150`}
        role="img"
        aria-label={`Now, then ${groupDigits(span)} ms later the head's fire-time, where the worker wakes; zoomed into that millisecond, the newest job's score / 0x1000 sits ${newestSlot ?? 0}/4,096 of a millisecond after it and is truncated back to it`}
      >
        <path className={styles.axisLine} d={`M${LEFT} 40H${RIGHT}`} />
        <Tick x={LEFT} y={40} label="now" below={false} />
        <Tick x={fireX} y={40} label={`+${groupDigits(span)} ms: the head’s fire-time`} below={false} />
        <path className={styles.wakeMark} d={`M${fireX - 6} 58L${fireX} 48L${fireX + 6} 58Z`} data-testid="axis-wake" />
        {/* two short lines beside the mark: one line would run past the drawing's right edge (clipped on a phone) */}
        <text className={styles.axisText} x={fireX + 10} y={58} data-testid="axis-wake-label">
          <tspan x={fireX + 10}>worker</tspan>
          <tspan x={fireX + 10} dy={12}>
            wakes
          </tspan>
        </text>
        <path className={styles.zoomGuide} d={`M${fireX} 48L${LEFT} 96M${fireX + 3} 48L${RIGHT} 96`} />
        <path className={styles.axisLine} d={`M${LEFT} 110H${RIGHT}`} />
        {Array.from({ length: AXIS_SLOTS + 1 }, (_, slot) => (
          <path key={slot} className={styles.axisMinor} d={`M${slotX(slot)} 106V114`} />
        ))}
        <Tick x={LEFT} y={110} label="T = the fire-time (ms)" below />
        <text className={styles.axisText} x={RIGHT} y={128} textAnchor="end">
          T + {AXIS_SLOTS}/4,096 ms
        </text>
        {newestSlot !== null && newestSlot <= AXIS_SLOTS ? (
          <g key={newestSlot} data-testid="axis-newest" className={styles.drop}>
            <circle className={styles.newestDot} cx={slotX(newestSlot)} cy={110} r={5} />
            <text className={styles.axisText} x={slotX(newestSlot) + 8} y={100}>
              T + {newestSlot}/4,096
            </text>
            {newestSlot > 0 ? (
              <path
                className={styles.truncArrow}
                d={`M${slotX(newestSlot)} 104Q${(slotX(newestSlot) + LEFT) / 2} 84 ${LEFT + 2} 104`}
              />
            ) : null}
          </g>
        ) : null}
        <text className={styles.axisText} x={LEFT} y={146}>
          truncated: the reply is the whole millisecond T
        </text>
      </svg>
      {newest === null ? null : (
        <dl className={styles.recovery} data-testid="recovery-exact">
          <dt>newest job’s score</dt>
          <dd className="mono">{groupDigits(Number(newest.score))}</dd>
          <dt>/ 0x1000, exactly</dt>
          <dd className="mono" data-testid="recovery-decimal">
            {newest.decimal}
          </dd>
          <dt>that is</dt>
          <dd className="mono" data-testid="recovery-fraction">
            {newest.whole.toString()} + {newest.slot}/{groupDigits(BAND_SLOTS)}
          </dd>
          <dt>as a float prints</dt>
          <dd className="mono">{String(nextTimestampOf(last!.lastScore))} (rounded to print)</dd>
          <dt>Redis’s reply (truncated)</dt>
          <dd className="mono" data-testid="recovery-reply">
            {newest.reply.toString()}
          </dd>
          <dt>the head’s / 0x1000</dt>
          <dd className="mono" data-testid="recovery-head">
            {head.decimal}: the worker wakes at {wake.toString()}
          </dd>
        </dl>
      )}
    </section>
  );
}
