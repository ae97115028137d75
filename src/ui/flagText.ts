import type { ScoreFlag } from '../model/decoder/scoreDecoder.ts';
import type { ScoreScheme } from '../model/doctor/scheme.ts';

interface FlagWords {
  readonly badge: string;
  readonly summary: string;
}

/**
 * How each of the decoder's flags (src/model/decoder/scoreDecoder.ts) reads on screen: a short badge for
 * a row and a phrase for the summary ("N <summary>"). The decoder and the live panel share it.
 */
export const FLAG_TEXT: Readonly<Record<ScoreFlag, FlagWords>> = {
  first: { badge: 'first', summary: 'first in its ms (slot 0)' },
  bumped: { badge: 'bumped', summary: 'bumped (an earlier job had the same ms)' },
  ceiling: { badge: 'ceiling', summary: 'at the ceiling: the band was full (saturated)' },
  idSlot: { badge: 'slot = id & 0xfff', summary: "with the slot its id gives (id & 0xfff, the job counter's low 12 bits)" },
  notIdSlot: {
    badge: "slot is not the id's",
    summary: "whose slot is not its id & 0xfff (a custom id takes the hidden counter's, or another writer's score)",
  },
  previousCeiling: { badge: 'or ceiling of ms − 1', summary: "also the previous ms's ceiling, rounded up past the cliff" },
  pastCliff: { badge: 'past cliff', summary: 'past the 2039 cliff (the +1 bump rounds away)' },
  looksShifted: {
    badge: 'looks like a BullMQ score',
    summary: 'looking like a BullMQ or Bull score (fire-time x 0x1000), not bare ms',
  },
  shared: { badge: 'shared', summary: 'sharing its score with another member (Redis orders those by member bytes)' },
  notBand: { badge: 'not a band score', summary: 'not a band score' },
};

/** What 'notBand' says under the schemes that have no band: the score is not one their writer gives. */
const NOT_THE_SCHEMES: Readonly<Record<ScoreScheme, FlagWords>> = {
  band: FLAG_TEXT.notBand,
  'id-counter': { badge: 'not a Bull score', summary: 'not a score Bull or BullMQ before 5.8.6 writes' },
  'bare-ms': { badge: 'not a fire-time in ms', summary: 'not a fire-time in ms as bee-queue writes it' },
};

/** FLAG_TEXT under a scheme: the same but for 'notBand', which names the scheme's writer. */
export function flagText(flag: ScoreFlag, scheme: ScoreScheme = 'band'): FlagWords {
  return flag === 'notBand' ? NOT_THE_SCHEMES[scheme] : FLAG_TEXT[flag];
}
