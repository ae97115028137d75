/**
 * `wake`: the promote sweep and the next wake, on a clock the reader steps. A worker takes the due
 * head with ZRANGEBYSCORE 0 (now + 1) x 0x1000 - 1 (promoteDelayedJobs) and sleeps until the
 * head's score / 0x1000 (getNextDelayedTimestamp), a fraction when the head was bumped.
 */
import { groupDigits, plural } from '../../model/format.ts';
import { printable } from '../../model/printable.ts';
import { bandOf, nextTimestampOf, promoteBound, wakeMillisecond } from '../../model/protocol/score.ts';
import type { PromotedJob } from '../../session/session.ts';
import { button, figure, h, setText, slot } from '../dom.ts';
import type { CardFactory } from './card.ts';
import { iso } from './card.ts';

/** Jobs a promote's list shows, in the order they came out. */
const SHOWN_JOBS = 8;

function jobList(jobs: readonly PromotedJob[]): string {
  if (jobs.length === 0) return 'nothing was due';
  const shown = jobs.slice(0, SHOWN_JOBS).map((job) => `${printable(job.member)} (#${job.arrival})`);
  return `${shown.join(', ')}${jobs.length > SHOWN_JOBS ? `, and ${groupDigits(jobs.length - SHOWN_JOBS)} more` : ''}`;
}

export const wakeCard: CardFactory = ({ state, names, changed }) => {
  const now = slot('ft-value', { 'data-testid': 'wake-now' });
  const nowIso = slot('ft-hint');
  const query = h('p', { class: 'ft-command' });
  const due = slot('ft-value', { 'data-testid': 'wake-due' });
  const head = slot('ft-value ft-score');
  const next = slot('ft-value ft-score', { 'data-testid': 'wake-next' });
  const wake = slot('ft-value');
  const wakeHint = slot('ft-hint');
  const promoted = h('p', { class: 'ft-promoted', 'data-testid': 'wake-promoted' });
  const act = (run: () => boolean) => () => {
    if (run()) changed();
  };
  const toWake = button('Step to the wake', () => {
    const head = state.session.bandReader.head;
    if (head === undefined) return;
    const at = wakeMillisecond(nextTimestampOf(head.score));
    if (at > state.now() && state.step(at - state.now())) changed();
  });
  const body = h(
    'div',
    { class: 'ft-wake' },
    h(
      'div',
      { class: 'ft-actions' },
      button(
        'Enqueue one job',
        act(() => state.enqueue(1)),
      ),
      button(
        `Enqueue ${groupDigits(state.settings.batchSize)} at once`,
        act(() => state.enqueue(state.settings.batchSize)),
      ),
    ),
    h(
      'div',
      { class: 'ft-actions', role: 'group', 'aria-label': 'Step the clock' },
      button(
        '+1 ms',
        act(() => state.step(1)),
      ),
      button(
        '+1 s',
        act(() => state.step(1000)),
      ),
      toWake,
    ),
    h('dl', { class: 'ft-figures' }, figure('Now', now, nowIso)),
    h('p', { class: 'ft-caption' }, `The due head, as ${names.promoteScript} reads it:`),
    query,
    h(
      'dl',
      { class: 'ft-figures' },
      figure('Due now', due),
      figure("The head's score", head),
      figure(`${names.nextTimestamp} = score / 0x1000`, next),
      figure('The worker wakes at', wake, wakeHint),
    ),
    h(
      'div',
      { class: 'ft-actions' },
      button(
        'Promote due jobs',
        act(() => state.promote()),
      ),
    ),
    promoted,
  );
  return {
    title: 'When the worker wakes',
    body,
    update() {
      const at = state.now();
      const reader = state.session.bandReader;
      setText(now, `${groupDigits(at)} ms`);
      setText(nowIso, iso(at));
      setText(query, `ZRANGEBYSCORE ${names.delayedKey} 0 ${reader.scoreText(promoteBound(at))} LIMIT 0 1000`);
      setText(due, plural(reader.countBelow(bandOf(at + 1).minScore), 'job', 'jobs'));
      const first = reader.head;
      if (first === undefined) {
        setText(head, 'the set is empty');
        setText(next, 'nil');
        setText(wake, '—');
        setText(wakeHint, 'no job waits');
        toWake.disabled = true;
      } else {
        const timestamp = nextTimestampOf(first.score);
        const wakeAt = wakeMillisecond(timestamp);
        setText(head, `${reader.scoreText(first.score)} (${printable(first.member)})`);
        setText(next, String(timestamp));
        setText(wake, `${groupDigits(wakeAt)} ms`);
        setText(wakeHint, wakeAt > at ? `in ${groupDigits(wakeAt - at)} ms, ${iso(wakeAt)}` : 'due: a promote takes it now');
        toWake.disabled = wakeAt <= at;
      }
      const last = state.session.lastPromote;
      setText(
        promoted,
        last === null
          ? 'No promote yet.'
          : `Promote at ${groupDigits(last.now)} ms took, from the band set: ${jobList(last.band.jobs)}; from the textbook set: ${jobList(last.textbook.jobs)}.`,
      );
    },
  };
};
