/**
 * The band, zoomed: a millisecond's first slots drawn large enough to see a job drop into one,
 * then the slots between, then the ceiling with the jobs piled on it; a legend says what each
 * colour and mark means. The 4,096-slot overview stays beside it as context.
 */
import { useId, useMemo, useRef } from 'react';
import { BAND_SLOTS } from '../../model/protocol/score.ts';
import { groupDigits, plural } from '../../model/format.ts';
import { useAppStore } from '../../store/StoreContext.tsx';
import type { AppState } from '../../store/appStore.ts';
import { selectScorePanel } from '../../store/scores.ts';
import { bandZoomOf } from './bandZoom.ts';
import type { SlotJob } from './bandZoom.ts';
import { useBringIntoView, useChange } from './useChange.ts';
import styles from './pictures.module.css';

/** Slots drawn large: two rows of eight. */
export const ZOOM_SLOTS = 16;
const COLUMNS = 8;
/** One slot's box in the drawing's units (the drawing is 8 slots wide and scales to its box). */
const SLOT_W = 40;
const SLOT_H = 34;
const LABEL_H = 12;

const selectBandReader = (s: AppState) => s.bandSet;
const selectVersion = (s: AppState) => s.version;
const selectArrivals = (s: AppState) => s.arrivals;
const selectNextArrival = (s: AppState) => s.nextArrival;

/** What a job's token says: a short id itself, a long one (a uuid) its arrival number. */
export function tokenText(job: SlotJob): string {
  return job.member.length <= 4 ? job.member : `#${job.arrival}`;
}

function Token({ job, x, y, newest, testId }: { job: SlotJob; x: number; y: number; newest: boolean; testId?: string }) {
  return (
    <g
      className={newest ? styles.drop : undefined}
      data-testid={testId}
      data-member={job.member}
      data-newest={newest || undefined}
    >
      <rect className={styles.token} x={x + 3} y={y + 3} width={SLOT_W - 6} height={SLOT_H - 6} rx={4} />
      {newest ? <rect className={styles.changedBit} x={x + 1} y={y + 1} width={SLOT_W - 2} height={SLOT_H - 2} rx={5} /> : null}
      <text className={styles.tokenText} x={x + SLOT_W / 2} y={y + SLOT_H / 2 + 4} textAnchor="middle">
        {tokenText(job)}
      </text>
    </g>
  );
}

/** The zoomed band for the figure's current fire-time. */
export function BandZoomView({ presetOperations }: { presetOperations: number }) {
  const reader = useAppStore(selectBandReader);
  const version = useAppStore(selectVersion);
  const arrivals = useAppStore(selectArrivals);
  const nextArrival = useAppStore(selectNextArrival);
  const { minScore, maxScore } = useAppStore(selectScorePanel);
  const headingId = useId();
  const zoom = useMemo(
    () => bandZoomOf(reader, arrivals, minScore, maxScore, ZOOM_SLOTS),
    // the reader is the same object while the set changes: version says when it did
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [reader, version, arrivals, minScore, maxScore],
  );
  // the newest job is marked once the reader has added one (not for the step's own preset)
  const change = useChange(nextArrival, presetOperations);
  const newest = change.previous === null ? null : nextArrival - 1;
  const sectionRef = useRef<HTMLElement>(null);
  useBringIntoView(sectionRef, change.count, 'svg');
  const rows = Math.ceil(ZOOM_SLOTS / COLUMNS);
  const slotY = (row: number) => row * (SLOT_H + LABEL_H);
  const restY = slotY(rows);
  const width = COLUMNS * SLOT_W;
  const ceilingX = width - SLOT_W;
  const height = restY + SLOT_H + LABEL_H;
  const moreSlots = BAND_SLOTS - ZOOM_SLOTS - 1;
  const newestOnCeiling = zoom.ceiling.some((job) => job.arrival === newest);
  return (
    <section ref={sectionRef} aria-labelledby={headingId} data-testid="lesson-band-zoom">
      <h3 id={headingId} className={styles.heading}>
        This fire-time’s band, up close
      </h3>
      <p className={styles.note} data-testid="band-zoom-count">
        {plural(zoom.inBand, 'job', 'jobs')} in this millisecond’s band
      </p>
      <svg
        className={styles.zoomSvg}
        viewBox={`0 0 ${width} ${height}`}
        role="img"
        aria-label={`The band's first ${ZOOM_SLOTS} slots, ${zoom.slots.filter((slot) => slot !== null).length} holding a job; ${groupDigits(
          zoom.between,
        )} jobs in the ${groupDigits(moreSlots)} slots after them; ${plural(zoom.ceilingCount, 'job', 'jobs')} on the ceiling`}
      >
        {zoom.slots.map((job, slot) => {
          const x = (slot % COLUMNS) * SLOT_W;
          const y = slotY(Math.floor(slot / COLUMNS));
          return (
            <g key={slot} data-testid={`zoom-slot-${slot}`} data-filled={job === null ? 'false' : 'true'}>
              <rect className={styles.slot} x={x + 1} y={y + 1} width={SLOT_W - 2} height={SLOT_H - 2} rx={3} />
              {job === null ? null : <Token key={job.member} job={job} x={x} y={y} newest={job.arrival === newest} />}
              <text className={styles.slotLabel} x={x + SLOT_W / 2} y={y + SLOT_H + LABEL_H - 3} textAnchor="middle">
                {slot}
              </text>
            </g>
          );
        })}
        <text className={styles.slotLabel} x={0} y={restY + SLOT_H / 2 + 4} data-testid="zoom-more">
          … {groupDigits(moreSlots)} more slots
          {zoom.between > 0 ? `, ${groupDigits(zoom.between)} ${zoom.between === 1 ? 'job' : 'jobs'}` : ''} …
        </text>
        <g data-testid="zoom-ceiling" data-count={zoom.ceilingCount}>
          <rect className={styles.slot} x={ceilingX + 1} y={restY + 1} width={SLOT_W - 2} height={SLOT_H - 2} rx={3} />
          {zoom.ceilingCount > 0 ? (
            <g key={zoom.ceilingCount} className={newestOnCeiling ? styles.drop : undefined}>
              <rect className={styles.pile} x={ceilingX + 3} y={restY + 3} width={SLOT_W - 6} height={SLOT_H - 6} rx={4} />
              {newestOnCeiling ? (
                <rect
                  className={styles.changedBit}
                  x={ceilingX + 1}
                  y={restY + 1}
                  width={SLOT_W - 2}
                  height={SLOT_H - 2}
                  rx={5}
                />
              ) : null}
              <text className={styles.tokenText} x={ceilingX + SLOT_W / 2} y={restY + SLOT_H / 2 + 4} textAnchor="middle">
                ×{groupDigits(zoom.ceilingCount)}
              </text>
            </g>
          ) : null}
          <text className={styles.slotLabel} x={ceilingX + SLOT_W / 2} y={restY + SLOT_H + LABEL_H - 3} textAnchor="middle">
            {groupDigits(BAND_SLOTS - 1)}
          </text>
        </g>
      </svg>
      <ul className={styles.legend} aria-label="What the band's marks mean">
        <li>
          <span className={styles.slotEmptyKey} aria-hidden="true" /> an empty slot (its number under it)
        </li>
        <li>
          <span className={styles.tokenKey} aria-hidden="true" /> a job in its slot: its id (a long id: #arrival)
        </li>
        <li>
          <span className={styles.changedKey} aria-hidden="true" /> the job you just added
        </li>
        <li>
          <span className={styles.pileKey} aria-hidden="true" /> ×n: jobs piled on the ceiling, slot 4,095
        </li>
      </ul>
      {zoom.ceilingCount > 1 ? (
        <p className={styles.note} data-testid="zoom-ceiling-text">
          {groupDigits(zoom.ceilingCount)} jobs share the ceiling score; among them the set goes by member bytes.
        </p>
      ) : null}
    </section>
  );
}
