/**
 * Each card's key numbers in one or two sentences: what the card announces after an action
 * (role=status), and the static text a page shows where the card cannot run (no script, print).
 */
import { groupDigits, plural } from '../model/format.ts';
import { bandOf, fireTimeOf, nextScoreInBand, nextTimestampOf, textbookScore, wakeMillisecond } from '../model/protocol/score.ts';
import { readBand } from '../session/view/bandSlots.ts';
import { dueOrderBadge } from '../session/view/setRows.ts';
import type { CardSession } from './cardSession.ts';
import type { CardName } from './options.ts';

/** The first state of the card, or what an action left, as text. */
export function cardSummary(card: CardName, state: CardSession): string {
  const s = state.session;
  const at = state.now();
  const due = fireTimeOf(at, state.settings.delay);
  switch (card) {
    case 'delay': {
      const band = bandOf(due);
      const highest = s.bandReader.highestIn(band.minScore, band.maxScore)?.score ?? null;
      return `Fire-time ${groupDigits(due)} ms: textbook score ${s.textbookReader.scoreText(textbookScore(at, s.settings.delay, s.settings.textbookUnit))}, band floor ${s.bandReader.scoreText(band.minScore)}, band ceiling ${s.bandReader.scoreText(band.maxScore)}; the next job gets ${s.bandReader.scoreText(nextScoreInBand(band, highest))}.`;
    }
    case 'collisions': {
      const side = (name: string, size: number, pairs: number) =>
        `${name}: ${plural(size, 'member', 'members')}, ${dueOrderBadge(size, pairs).text}`;
      return `${side('Textbook set', s.textbookReader.size, s.textbookOrder.inversions)}. ${side('Band set', s.bandReader.size, s.bandOrder.inversions)}.`;
    }
    case 'band': {
      const band = readBand(s.bandReader, s.arrivals, due);
      const ceiling =
        band.ceilingMembers > 1
          ? `${plural(band.ceilingMembers, 'job shares', 'jobs share')} the ceiling score ${s.bandReader.scoreText(band.maxScore)}`
          : 'each job has a slot of its own';
      return `${groupDigits(band.slotsUsed)} of 4,096 slots of the millisecond ${groupDigits(due)} used; ${ceiling}.`;
    }
    case 'wake': {
      const head = s.bandReader.head;
      const dueNow = s.bandReader.countBelow(bandOf(at + 1).minScore);
      if (head === undefined) return `Now ${groupDigits(at)} ms: the set is empty, no wake.`;
      const wake = wakeMillisecond(nextTimestampOf(head.score));
      return `Now ${groupDigits(at)} ms: ${plural(dueNow, 'job', 'jobs')} due; the head scores ${s.bandReader.scoreText(head.score)}, so the worker wakes at ${groupDigits(wake)} ms${wake > at ? ` (in ${groupDigits(wake - at)} ms)` : ''}.`;
    }
  }
}
