/**
 * Where each step of the model's trace (DelayedScoreStep) sits in the installed getDelayedScore.lua:
 * each step names the text its line begins with, and the line is looked up in the file's own text
 * when the stepper loads, so a line moved by a new release of the package is still found. A step
 * whose text is not in the file, or is in it twice, is reported rather than guessed.
 */
import type { DelayedScoreStep } from '../../model/protocol/delayed.ts';

export type StepLine = DelayedScoreStep['line'];

/** The text each step's line begins with (spaces aside). */
export const LINE_TEXT: Readonly<Record<StepLine, string>> = {
  call: 'local function getDelayedScore(',
  delayedTimestamp: 'local delayedTimestamp =',
  minScore: 'local minScore =',
  maxScore: 'local maxScore =',
  result: 'local result = rcall("ZREVRANGEBYSCORE"',
  'result length': 'if #result then',
  currentMaxScore: 'local currentMaxScore = tonumber(result[2])',
  'has score': 'if currentMaxScore ~= nil then',
  'band full': 'if currentMaxScore >= maxScore then',
  'return ceiling': 'return maxScore, delayedTimestamp',
  'return bump': 'return currentMaxScore + 1, delayedTimestamp',
  'return floor': 'return minScore, delayedTimestamp',
};

/** A statement's lines in the file, 0-based: the one it starts on and the last it runs onto. */
export interface LineSpan {
  readonly first: number;
  readonly last: number;
}

export interface ScriptLines {
  /** The file's lines, as they are (no line endings). */
  readonly lines: readonly string[];
  /** Where each step is. */
  readonly spans: Readonly<Record<StepLine, LineSpan>>;
}

const squeeze = (text: string): string => text.replace(/\s+/g, ' ').trim();

/** How far a line opens parentheses (its `(` less its `)`), for statements that run over lines. */
function openParens(line: string): number {
  let depth = 0;
  for (const char of line) {
    if (char === '(') depth++;
    else if (char === ')') depth--;
  }
  return depth;
}

/** The statement that starts on line `first`: it runs on while its parentheses are open. */
function spanFrom(lines: readonly string[], first: number): LineSpan {
  let depth = openParens(lines[first]!);
  let last = first;
  while (depth > 0 && last + 1 < lines.length) depth += openParens(lines[++last]!);
  return { first, last };
}

/** Each step's line in `source`, or the steps that could not be placed (missing, or found more than once). */
export function locateSteps(source: string): { ok: true; value: ScriptLines } | { ok: false; unplaced: StepLine[] } {
  const lines = source.replace(/\r?\n$/, '').split(/\r?\n/);
  const squeezed = lines.map(squeeze);
  const spans: Partial<Record<StepLine, LineSpan>> = {};
  const unplaced: StepLine[] = [];
  for (const [step, text] of Object.entries(LINE_TEXT) as Array<[StepLine, string]>) {
    const wanted = squeeze(text);
    const found = squeezed.flatMap((line, at) => (line.startsWith(wanted) ? [at] : []));
    if (found.length === 1) spans[step] = spanFrom(lines, found[0]!);
    else unplaced.push(step);
  }
  if (unplaced.length > 0) return { ok: false, unplaced };
  return { ok: true, value: { lines, spans: spans as Record<StepLine, LineSpan> } };
}

/** The file's header comment (`--[[ ... ]]` before the first line of code), as 0-based lines, or null. */
export function headerComment(lines: readonly string[]): LineSpan | null {
  const first = lines.findIndex((line) => line.trim() !== '');
  if (first < 0 || !lines[first]!.trim().startsWith('--[[')) return null;
  const last = lines.findIndex((line, at) => at >= first && line.includes(']]'));
  return last < 0 ? null : { first, last };
}
