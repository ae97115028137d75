/**
 * A sorted set as a line of jobs, head first: each job a token with its id and arrival number, the
 * ones the set holds out of due order marked, the count beside; the scores on demand. When a press
 * reorders the line, the tokens move from where they were (a textbook tie: "10" slides in before
 * "2"), unless the reader asked for less motion; the jobs the press added are outlined.
 */
import { useId, useLayoutEffect, useRef, useState } from 'react';
import { groupDigits, plural } from '../../model/format.ts';
import { useAppStore } from '../../store/StoreContext.tsx';
import type { AppState } from '../../store/appStore.ts';
import { selectBandSet, selectTextbookSet } from '../../store/sets.ts';
import type { SetRow } from '../../store/sets.ts';
import { useBringIntoView, useChange } from './useChange.ts';
import styles from './pictures.module.css';

/** How many tokens a whole line shows at most; a longer set shows its tail. */
export const LINE_TOKENS = 48;
/** How many of a long set's last jobs a tail shows. */
export const TAIL_TOKENS = 10;
/** The motion's length: under 600 ms. */
const MOVE_MS = 420;

const selectNextArrival = (s: AppState) => s.nextArrival;

/** How many characters of a long member (a uuid) a token shows: its order is decided by its first ones. */
const SHORT_MEMBER = 8;

/** A member as its token shows it: whole when short, else its first characters. */
export function shortMember(member: string): string {
  return member.length <= SHORT_MEMBER + 4 ? member : `${member.slice(0, SHORT_MEMBER)}…`;
}

function reducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

export interface JobLineProps {
  readonly set: 'textbook' | 'band';
  /** The whole set (long ones: its head), or its last jobs (the ceiling's pile). */
  readonly show: 'all' | 'tail';
  readonly presetOperations: number;
  /** Whether a press brings the new jobs into view (not where another picture, the band's zoom, is the one to see). */
  readonly bringIntoView?: boolean;
}

/** One of the figure's two sets as a line of job tokens. */
export function JobLine({ set, show, presetOperations, bringIntoView = true }: JobLineProps) {
  const snapshot = useAppStore(set === 'textbook' ? selectTextbookSet : selectBandSet);
  const nextArrival = useAppStore(selectNextArrival);
  const change = useChange(nextArrival, presetOperations);
  const [scores, setScores] = useState(false);
  const headingId = useId();
  const listRef = useRef<HTMLOListElement>(null);
  const places = useRef(new Map<string, DOMRect>());
  const sectionRef = useRef<HTMLElement>(null);
  useBringIntoView(sectionRef, bringIntoView ? change.count : 0, '[data-new="true"]');

  const { size } = snapshot;
  const whole = show === 'all' && size <= LINE_TOKENS;
  const start = whole ? 0 : show === 'tail' ? Math.max(0, size - TAIL_TOKENS) : 0;
  const end = whole ? size - 1 : show === 'tail' ? size - 1 : LINE_TOKENS - 1;
  const rows: SetRow[] = size === 0 ? [] : snapshot.readRows(start, end);
  const firstNew = change.previous;
  const isNew = (row: SetRow) => firstNew !== null && row.arrival !== null && row.arrival >= firstNew;

  // FLIP: each token starts where it was drawn last and moves to its new place
  useLayoutEffect(() => {
    const list = listRef.current;
    if (list === null) return;
    const next = new Map<string, DOMRect>();
    const calm = reducedMotion();
    for (const element of list.querySelectorAll<HTMLElement>('[data-member]')) {
      const member = element.dataset.member!;
      const now = element.getBoundingClientRect();
      next.set(member, now);
      if (calm || typeof element.animate !== 'function') continue;
      const before = places.current.get(member);
      for (const running of element.getAnimations()) running.cancel();
      if (before === undefined) {
        if (places.current.size > 0)
          element.animate(
            [
              { transform: 'translateY(-14px)', opacity: 0 },
              { transform: 'none', opacity: 1 },
            ],
            {
              duration: MOVE_MS,
              easing: 'ease-out',
            },
          );
      } else if (before.left !== now.left || before.top !== now.top) {
        element.animate(
          [{ transform: `translate(${before.left - now.left}px, ${before.top - now.top}px)` }, { transform: 'none' }],
          { duration: MOVE_MS, easing: 'cubic-bezier(0.2, 0.7, 0.2, 1)' },
        );
      }
    }
    places.current = next;
  });

  const before = start;
  const after = size - 1 - end;
  const title = set === 'textbook' ? 'Textbook set: score = the fire-time' : 'Band set: score = fire-time × 0x1000, bumped';
  return (
    <section ref={sectionRef} aria-labelledby={headingId} data-testid={set === 'textbook' ? 'textbook-line' : 'band-line'}>
      <div className={styles.lineHead}>
        <h3 id={headingId} className={styles.heading}>
          {title}
        </h3>
        <label className={styles.scoreToggle}>
          <input type="checkbox" checked={scores} onChange={(event) => setScores(event.target.checked)} /> scores
        </label>
      </div>
      <p className={styles.note} data-testid="line-summary">
        {plural(size, 'job', 'jobs')}, head first ·{' '}
        <span data-testid="line-out-of-order" data-count={snapshot.outOfOrderPairs}>
          out of due order: {plural(snapshot.outOfOrderPairs, 'pair', 'pairs')}
        </span>
      </p>
      <ol ref={listRef} className={styles.line}>
        {before > 0 ? <li className={styles.lineMore}>… {groupDigits(before)} before …</li> : null}
        {rows.map((row) => (
          <li
            key={row.member}
            className={styles.job}
            data-member={row.member}
            data-arrival={row.arrival ?? undefined}
            data-out-of-order={row.outOfOrder ? 'true' : 'false'}
            data-new={isNew(row) ? 'true' : undefined}
            data-testid="job-token"
          >
            <span className={`mono ${styles.jobId}`} title={row.member}>
              {shortMember(row.member)}
            </span>
            <span className={styles.jobArrival}>
              {row.arrival === null ? '' : `#${row.arrival}`}
              {row.outOfOrder ? (
                <span className={styles.outMark} title="out of due order">
                  {' '}
                  ↯
                </span>
              ) : null}
            </span>
            {scores ? <span className={`mono ${styles.jobScore}`}>{row.scoreText}</span> : null}
          </li>
        ))}
        {after > 0 ? <li className={styles.lineMore}>… {groupDigits(after)} more …</li> : null}
      </ol>
      <p className={styles.legendLine}>
        <span className={styles.tokenOutKey} aria-hidden="true" /> ↯ not where due order (fire-time, then arrival) puts it ·{' '}
        <span className={styles.changedKey} aria-hidden="true" /> added by your last press · #n: arrival number
      </p>
    </section>
  );
}
