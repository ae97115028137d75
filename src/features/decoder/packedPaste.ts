/**
 * A decoded paste in columns, for the trip from the decoding Web Worker to the page. Every column
 * that grows with the paste is a typed array (texts as UTF-16 code units with end offsets), so the
 * reply is transferred, not copied: a structured clone of a million row objects or strings is a
 * task of seconds on the page. The page reads rows back one at a time, only the visible ones.
 */
import type { DecodedPaste, DecodedScore, ScoreFlag } from '../../model/decoder/scoreDecoder.ts';
import type { UnreadableLine } from '../../model/decoder/redisCliOutput.ts';

/** A decoded paste as the view reads it: the summary, the rows by index, the lines not read by index. */
export interface DecodedRows extends Omit<DecodedPaste, 'rows' | 'unreadable' | 'skipped'> {
  readonly rowCount: number;
  rowAt(index: number): DecodedScore;
  readonly unreadableCount: number;
  readonly skippedCount: number;
  /** The unreadable and the skipped lines together, in line order (unreadable first on one line). */
  readonly notReadCount: number;
  notReadAt(index: number): UnreadableLine;
}

/** Many texts in one buffer: text i is `chars[ends[i - 1] .. ends[i])` (from 0 for the first). */
export interface TextColumn {
  readonly chars: Uint16Array;
  readonly ends: Uint32Array;
}

/** DecodedPaste with its rows and lines not read as columns (transferable, see transferablesOf). */
export interface PackedPaste {
  readonly summary: Omit<DecodedPaste, 'rows' | 'unreadable' | 'skipped'>;
  readonly rows: PackedRows;
  readonly unreadableCount: number;
  readonly notRead: PackedLines;
}

/** The rows of a paste, in columns. */
export interface PackedRows {
  readonly lines: Int32Array;
  readonly members: TextColumn;
  /** 1 where the row has no member (a list of scores). */
  readonly memberless: Uint8Array;
  readonly scoreTexts: TextColumn;
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

/** Lines not read, in columns. */
export interface PackedLines {
  readonly lines: Int32Array;
  readonly texts: TextColumn;
  readonly reasons: TextColumn;
}

/** Code units read back per String.fromCharCode call (its arguments go on the stack). */
const CHARS_PER_CALL = 8192;

/** Packs texts into one UTF-16 buffer; code units are kept as they are (lone surrogates too). */
export function packTexts(count: number, textAt: (index: number) => string): TextColumn {
  const ends = new Uint32Array(count);
  let total = 0;
  for (let i = 0; i < count; i++) {
    total += textAt(i).length;
    ends[i] = total;
  }
  const chars = new Uint16Array(total);
  let at = 0;
  for (let i = 0; i < count; i++) {
    const text = textAt(i);
    for (let j = 0; j < text.length; j++) chars[at++] = text.charCodeAt(j);
  }
  return { chars, ends };
}

/** Text `index` of a column. */
export function textAt(column: TextColumn, index: number): string {
  const start = index === 0 ? 0 : column.ends[index - 1]!;
  const end = column.ends[index]!;
  if (end - start <= CHARS_PER_CALL) return String.fromCharCode(...column.chars.subarray(start, end));
  let text = '';
  for (let from = start; from < end; from += CHARS_PER_CALL)
    text += String.fromCharCode(...column.chars.subarray(from, Math.min(end, from + CHARS_PER_CALL)));
  return text;
}

/**
 * The unreadable and the skipped lines in one list by line, as a stable sort of the two lists
 * joined would give (unreadable first on a tie). Each comes ascending from readPaste, so a merge;
 * a sort only if one does not.
 */
export function notReadInOrder(unreadable: readonly UnreadableLine[], skipped: readonly UnreadableLine[]): UnreadableLine[] {
  if (skipped.length === 0) return unreadable.slice();
  if (unreadable.length === 0) return skipped.slice();
  if (!ascending(unreadable) || !ascending(skipped)) return [...unreadable, ...skipped].sort((a, b) => a.line - b.line);
  const merged: UnreadableLine[] = new Array<UnreadableLine>(unreadable.length + skipped.length);
  let i = 0;
  let j = 0;
  for (let k = 0; k < merged.length; k++) {
    merged[k] =
      j >= skipped.length || (i < unreadable.length && unreadable[i]!.line <= skipped[j]!.line)
        ? unreadable[i++]!
        : skipped[j++]!;
  }
  return merged;
}

function ascending(lines: readonly UnreadableLine[]): boolean {
  for (let i = 1; i < lines.length; i++) if (lines[i]!.line < lines[i - 1]!.line) return false;
  return true;
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
  const { rows, unreadable, skipped, ...summary } = decoded;
  const count = rows.length;
  const lines = new Int32Array(count);
  const memberless = new Uint8Array(count);
  const scores = new Float64Array(count);
  const fireTimes = new Float64Array(count);
  const slots = new Float64Array(count);
  const sharedBy = new Int32Array(count);
  const flagSetIndex = new Uint8Array(count);
  const flagSets: Array<readonly ScoreFlag[]> = [];
  const reasonIndex = new Uint8Array(count);
  const reasons: Array<string | null> = [null];
  // flag sets are few (and shared arrays); reasons are a handful of fixed texts
  const flagLookup = new Map<string, number>();
  const reasonLookup = new Map<string | null, number>([[null, 0]]);
  const flagKeys: string[] = [];
  for (let i = 0; i < count; i++) {
    const row = rows[i]!;
    lines[i] = row.line;
    memberless[i] = row.member === null ? 1 : 0;
    scores[i] = row.score;
    fireTimes[i] = row.fireTime ?? NaN;
    slots[i] = row.slot ?? NaN;
    sharedBy[i] = row.sharedBy;
    const flagIndex = indexIn(flagKeys, flagLookup, row.flags.join(' '));
    if (flagIndex === flagSets.length) flagSets.push(row.flags);
    flagSetIndex[i] = flagIndex;
    reasonIndex[i] = indexIn(reasons, reasonLookup, row.notBandReason);
  }
  const notRead = notReadInOrder(unreadable, skipped);
  return {
    summary,
    rows: {
      lines,
      members: packTexts(count, (i) => rows[i]!.member ?? ''),
      memberless,
      scoreTexts: packTexts(count, (i) => rows[i]!.scoreText),
      scores,
      fireTimes,
      slots,
      sharedBy,
      flagSetIndex,
      flagSets,
      reasonIndex,
      reasons,
    },
    unreadableCount: unreadable.length,
    notRead: {
      lines: Int32Array.from(notRead, (entry) => entry.line),
      texts: packTexts(notRead.length, (i) => notRead[i]!.text),
      reasons: packTexts(notRead.length, (i) => notRead[i]!.reason),
    },
  };
}

/** Row `i` of the columns. */
function rowOf(rows: PackedRows, i: number): DecodedScore {
  const fireTime = rows.fireTimes[i]!;
  const slot = rows.slots[i]!;
  return {
    line: rows.lines[i]!,
    member: rows.memberless[i] === 1 ? null : textAt(rows.members, i),
    scoreText: textAt(rows.scoreTexts, i),
    score: rows.scores[i]!,
    fireTime: Number.isNaN(fireTime) ? null : fireTime,
    slot: Number.isNaN(slot) ? null : slot,
    flags: rows.flagSets[rows.flagSetIndex[i]!]!,
    notBandReason: rows.reasons[rows.reasonIndex[i]!] ?? null,
    sharedBy: rows.sharedBy[i]!,
  };
}

/** The view of a packed paste (on the page): rows and lines rebuilt on demand. */
export function fromPacked(packed: PackedPaste): DecodedRows {
  const { summary, rows, unreadableCount, notRead } = packed;
  return {
    ...summary,
    rowCount: rows.lines.length,
    rowAt: (i) => rowOf(rows, i),
    unreadableCount,
    skippedCount: notRead.lines.length - unreadableCount,
    notReadCount: notRead.lines.length,
    notReadAt: (i) => ({ line: notRead.lines[i]!, text: textAt(notRead.texts, i), reason: textAt(notRead.reasons, i) }),
  };
}

/** The view of a paste decoded in place. */
export function fromDecoded(decoded: DecodedPaste): DecodedRows {
  const { rows, unreadable, skipped, ...summary } = decoded;
  const notRead = notReadInOrder(unreadable, skipped);
  return {
    ...summary,
    rowCount: rows.length,
    rowAt: (i) => rows[i]!,
    unreadableCount: unreadable.length,
    skippedCount: skipped.length,
    notReadCount: notRead.length,
    notReadAt: (i) => notRead[i]!,
  };
}

/** The typed arrays of a packed paste, to transfer rather than copy. */
export function transferablesOf(packed: PackedPaste): ArrayBuffer[] {
  const { rows, notRead } = packed;
  return [
    rows.lines,
    rows.memberless,
    rows.members.chars,
    rows.members.ends,
    rows.scoreTexts.chars,
    rows.scoreTexts.ends,
    rows.scores,
    rows.fireTimes,
    rows.slots,
    rows.sharedBy,
    rows.flagSetIndex,
    rows.reasonIndex,
    notRead.lines,
    notRead.texts.chars,
    notRead.texts.ends,
    notRead.reasons.chars,
    notRead.reasons.ends,
  ].map((array) => array.buffer as ArrayBuffer);
}
