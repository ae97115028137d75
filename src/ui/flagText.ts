import type { ScoreFlag } from '../model/decoder/scoreDecoder.ts';

/**
 * How each of the decoder's flags (src/model/decoder/scoreDecoder.ts) reads on screen: a short badge for
 * a row and a phrase for the summary ("N <summary>"). The decoder and the live panel share it.
 */
export const FLAG_TEXT: Readonly<Record<ScoreFlag, { readonly badge: string; readonly summary: string }>> = {
  first: { badge: 'first', summary: 'first in its ms (slot 0)' },
  bumped: { badge: 'bumped', summary: 'bumped (an earlier job had the same ms)' },
  ceiling: { badge: 'ceiling', summary: 'at the ceiling: the band was full (saturated)' },
  previousCeiling: { badge: 'or ceiling of ms − 1', summary: "also the previous ms's ceiling, rounded up past the cliff" },
  pastCliff: { badge: 'past cliff', summary: 'past the 2039 cliff (the +1 bump rounds away)' },
  shared: { badge: 'shared', summary: 'sharing its score with another member (Redis orders those by member bytes)' },
  notBand: { badge: 'not a band score', summary: 'not a band score' },
};
