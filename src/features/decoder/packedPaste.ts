/**
 * A decoded paste in columns, for the trip from the decoding Web Worker to the page: typed arrays
 * and plain string lists clone about ten times faster than 100,000 row objects, which kept the
 * page busy on arrival. The page reads rows back one at a time, only the visible ones.
 */
import type { DecodedPaste, DecodedScore, ScoreFlag } from '../../model/decoder/scoreDecoder.ts';

/** A decoded paste as the view reads it: the summary, and rows by index. */
export interface DecodedRows extends Omit<DecodedPaste, 'rows'> {
  readonly rowCount: number;
  rowAt(index: number): DecodedScore;
}

/** DecodedPaste with its rows as columns (structured-clone friendly). */
export interface PackedPaste extends Omit<DecodedPaste, 'rows'> {
  readonly lines: Int32Array;
  readonly members: Array<string | null>;
  readonly scoreTexts: string[];
  readonly scores: Float64Array;
  /** NaN stands for null (an infinite score). */
  readonly fireTimes: Float64Array;
  readonly slots: Float64Array;
  readonly sharedBy: Int32Array;
  /** Index into flagSets for each row. */
  readonly flagSetIndex: Uint8Array;
  readonly flagSets: Array<readonly ScoreFlag[]>;
  /** Index into reasons for each row; 0 is null (a band score). */
  readonly reasonIndex: Uint8Array;
  readonly reasons: Array<string | null>;
}

/** Index of a value in a small table, adding it the first time. */
function indexIn<T>(table: T[], lookup: Map<T, number>, value: T): number {
  let index = lookup.get(value);
  if (index === undefined) {
    index = table.length;
    table.push(value);
    lookup.set(value, index);
  }
  return index;
}

/** Packs a decoded paste into columns (in the worker). */
export function packPaste(decoded: DecodedPaste): PackedPaste {
  const { rows, ...summary } = decoded;
  const count = rows.length;
  const packed = {
    ...summary,
    lines: new Int32Array(count),
    members: new Array<string | null>(count),
    scoreTexts: new Array<string>(count),
    scores: new Float64Array(count),
    fireTimes: new Float64Array(count),
    slots: new Float64Array(count),
    sharedBy: new Int32Array(count),
    flagSetIndex: new Uint8Array(count),
    flagSets: [] as Array<readonly ScoreFlag[]>,
    reasonIndex: new Uint8Array(count),
    reasons: [null] as Array<string | null>,
  };
  // flag sets are few (and shared arrays); reasons are a handful of fixed texts
  const flagLookup = new Map<string, number>();
  const reasonLookup = new Map<string | null, number>([[null, 0]]);
  const flagKeys: string[] = [];
  rows.forEach((row, i) => {
    packed.lines[i] = row.line;
    packed.members[i] = row.member;
    packed.scoreTexts[i] = row.scoreText;
    packed.scores[i] = row.score;
    packed.fireTimes[i] = row.fireTime ?? NaN;
    packed.slots[i] = row.slot ?? NaN;
    packed.sharedBy[i] = row.sharedBy;
    const key = row.flags.join(' ');
    const flagIndex = indexIn(flagKeys, flagLookup, key);
    if (flagIndex === packed.flagSets.length) packed.flagSets.push(row.flags);
    packed.flagSetIndex[i] = flagIndex;
    packed.reasonIndex[i] = indexIn(packed.reasons, reasonLookup, row.notBandReason);
  });
  return packed;
}

/** The view of a packed paste (on the page): rows rebuilt on demand. */
export function fromPacked(packed: PackedPaste): DecodedRows {
  const {
    lines,
    members,
    scoreTexts,
    scores,
    fireTimes,
    slots,
    sharedBy,
    flagSetIndex,
    flagSets,
    reasonIndex,
    reasons,
    ...summary
  } = packed;
  return {
    ...summary,
    rowCount: lines.length,
    rowAt: (i) => {
      const fireTime = fireTimes[i]!;
      const slot = slots[i]!;
      return {
        line: lines[i]!,
        member: members[i] ?? null,
        scoreText: scoreTexts[i]!,
        score: scores[i]!,
        fireTime: Number.isNaN(fireTime) ? null : fireTime,
        slot: Number.isNaN(slot) ? null : slot,
        flags: flagSets[flagSetIndex[i]!]!,
        notBandReason: reasons[reasonIndex[i]!] ?? null,
        sharedBy: sharedBy[i]!,
      };
    },
  };
}

/** The view of a paste decoded in place. */
export function fromDecoded(decoded: DecodedPaste): DecodedRows {
  const { rows, ...summary } = decoded;
  return { ...summary, rowCount: rows.length, rowAt: (i) => rows[i]! };
}

/** The typed arrays of a packed paste, to transfer rather than copy. */
export function transferablesOf(packed: PackedPaste): ArrayBuffer[] {
  return [
    packed.lines,
    packed.scores,
    packed.fireTimes,
    packed.slots,
    packed.sharedBy,
    packed.flagSetIndex,
    packed.reasonIndex,
  ].map((array) => array.buffer as ArrayBuffer);
}
