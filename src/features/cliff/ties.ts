/**
 * The ties of one fire-time's band in the page's own band set, read through its typed reads: what
 * the model's tiesInBand (src/model/protocol/cliff.ts) gives from the commands' replies, with the
 * same windows of TIE_READ_LIMIT entries, so a millisecond of 1,000,000 jobs sharing one score is
 * read as a few thousand entries.
 */
import { TIE_READ_LIMIT } from '../../model/protocol/cliff.ts';
import type { ScoreTie } from '../../model/protocol/cliff.ts';
import { bandOf } from '../../model/protocol/score.ts';
import type { SetReader } from '../../session/setReader.ts';

export function tiesOf(set: SetReader, fireTime: number): ScoreTie[] {
  const { minScore, maxScore } = bandOf(fireTime);
  const ties: ScoreTie[] = [];
  let rank = set.countBelow(minScore);
  const end = rank + set.count(minScore, maxScore); // exclusive
  while (rank < end) {
    const window = set.rangeByRank(rank, Math.min(rank + TIE_READ_LIMIT, end) - 1);
    const full = window.length >= TIE_READ_LIMIT;
    let i = 0;
    while (i < window.length) {
      const score = window[i]!.score;
      const members: string[] = [];
      for (; i < window.length && window[i]!.score === score; i++) members.push(window[i]!.member);
      const last = i === window.length;
      const count = last && full ? set.count(score, score) : members.length;
      if (count > 1) ties.push({ scoreText: set.scoreText(score), members, count });
      // a full window's last score is counted whole; the next window starts after it
      if (last) rank = full ? set.countBelow(score) + count : end;
    }
  }
  return ties;
}
