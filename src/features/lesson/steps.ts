/**
 * The lesson's steps as data: what each says, the state of the figure it starts from (a scenario
 * the store loads), the one thing to try and what it shows, and which parts of the figure matter.
 * The figure itself is composed in src/app (LessonFigure.tsx); this file names its parts only.
 *
 * The arc follows the source lesson (shared/seed): the textbook score is the fire-time; its weak
 * spot; the shift by 0x1000; the bump; the ceiling; recovery; where its exactness ends (2039);
 * the real script.
 */
import { CLIFF_FIRE_TIME } from '../../model/protocol/score.ts';
import { defaultSettings } from '../../session/operations.ts';
import type { Operation, Scenario, Settings } from '../../session/operations.ts';

/** The lesson's frozen clock: 2026-11-30T12:00:00.000Z, a round instant whose scores read easily. */
export const LESSON_NOW = Date.UTC(2026, 10, 30, 12);

/** The uuid ids' seed: the saturation step's order of uuids is the same on every visit (steps.test.ts checks it shows the fallback). */
export const LESSON_SEED = 25;

/** The cliff step's delay: its jobs fall due 1 ms past 2^41 ms (2039-09-07T15:47:35.553Z), about 12.8 years after LESSON_NOW. */
export const CLIFF_DELAY = CLIFF_FIRE_TIME + 1 - LESSON_NOW;

/**
 * The parts of the lesson's figure: the stage's controls and views, the bits of the scores, the
 * band's last rows (its ceiling) and the slot for the real script.
 */
export type FigurePart =
  'delay' | 'clock' | 'enqueue' | 'scores' | 'bits' | 'band' | 'ceiling' | 'textbookSet' | 'bandSet' | 'recovery' | 'script';

/** Every part, in the order the figure lays them out. */
export const FIGURE_PARTS: readonly FigurePart[] = [
  'delay',
  'clock',
  'enqueue',
  'scores',
  'recovery',
  'bits',
  'script',
  'band',
  'ceiling',
  'textbookSet',
  'bandSet',
];

/** How a part shows in a step: what the step is about (focus), or there for context (quiet). A part a step does not name is not shown. */
export type Emphasis = 'focus' | 'quiet';

/**
 * Which scores a step shows, and which of their digits it marks: the textbook's (now, the
 * fire-time, its score; marked, the digits the delay adds to now) or the band's (the fire-time, its
 * floor, the next job's score, its ceiling; marked, the digits that move inside the band).
 */
export type ScoreRows = 'textbook' | 'band';

/** One thing a "Try this" button does, through the store's own actions. */
export type TryStep =
  | { readonly kind: 'delay'; readonly delay: number }
  /** The delay moved by `by` ms from what it is, so the button works each time; refused (and the rest of the press skipped) below `atLeast`. */
  | { readonly kind: 'delayBy'; readonly by: number; readonly atLeast: number }
  | { readonly kind: 'enqueue'; readonly count: number };

export interface TryThis {
  /** The button's text. */
  readonly label: string;
  readonly steps: readonly TryStep[];
  /** What the reader should see after it. */
  readonly see: string;
}

/** What the bits picture shows: the shift (the fire-time over the floor), the bump, the ceiling, or the cliff (meant against stored). */
export type BitsMode = 'shift' | 'bump' | 'ceiling' | 'cliff';

export interface LessonStep {
  /** A stable name (the e2e test and the script slot use it). */
  readonly id: 'fire-time' | 'ties' | 'shift' | 'bump' | 'ceiling' | 'recovery' | 'cliff' | 'script';
  readonly title: string;
  /** A few short paragraphs; text between backticks is shown as code. */
  readonly paragraphs: readonly string[];
  /** The settings over the lesson's defaults (frozen at LESSON_NOW, delay 5 s, ms scores) and what was already done. */
  readonly preset: { readonly settings?: Partial<Settings>; readonly operations: readonly Operation[] };
  readonly tryThis: TryThis;
  readonly parts: Readonly<Partial<Record<FigurePart, Emphasis>>>;
  readonly scores: ScoreRows;
  /** The bits picture's rows, when the step shows it. */
  readonly bits?: BitsMode;
}

const enqueue = (count: number): Operation => ({ kind: 'enqueue', count, at: LESSON_NOW });
const delay = (ms: number): Operation => ({ kind: 'delay', delay: ms });

export const LESSON_STEPS: readonly LessonStep[] = [
  {
    id: 'fire-time',
    title: 'The score is the fire-time',
    paragraphs: [
      'A queue keeps its delayed jobs in a Redis sorted set, each scored by the moment it should run: now plus its delay. The set is sorted by score, so its head is always the next job due, and a range query up to now finds every job that is.',
      'The clock here stands still at noon, 30 November 2026. Three jobs were enqueued with delays of 20 s, 5 s and 10 s, in that order: the set lists them by when they run. (This lesson scores milliseconds; textbook queues often use whole seconds.)',
    ],
    preset: {
      settings: { delay: 20_000 },
      operations: [enqueue(1), delay(5000), enqueue(1), delay(10_000), enqueue(1), delay(5000)],
    },
    tryThis: {
      label: 'Enqueue a job due 1 s sooner',
      steps: [
        { kind: 'delayBy', by: -1000, atLeast: 1000 },
        { kind: 'enqueue', count: 1 },
      ],
      see: 'The new job (outlined) goes to the head of the set: it came last, but it is due first. Each press is due 1 s sooner than the last, down to 1 s: four presses; a fifth changes nothing.',
    },
    parts: { delay: 'focus', scores: 'focus', textbookSet: 'focus' },
    scores: 'textbook',
  },
  {
    id: 'ties',
    title: 'Its weak spot: a tie',
    paragraphs: [
      'Jobs enqueued in the same millisecond with the same delay have the same fire-time, so they get the same score. The set does not keep the order they came in: members with equal scores are ordered by their bytes, compared as text.',
      'Here the ids are plain numbers and the clock is frozen, so every job lands in one millisecond. Jobs 1 to 9 wait, and so far text order happens to be arrival order.',
    ],
    preset: { settings: { idStyle: 'N' }, operations: [enqueue(9)] },
    tryThis: {
      label: 'Enqueue 3 more in the same millisecond',
      steps: [{ kind: 'enqueue', count: 3 }],
      see: 'The three new jobs (outlined) land where their ids sort as text, not at the end: "10" comes before "2". The jobs out of arrival order are marked ↯, and the count of pairs out of due order grows with each press.',
    },
    parts: { textbookSet: 'focus' },
    scores: 'textbook',
  },
  {
    id: 'shift',
    title: 'The shift: twelve free bits',
    paragraphs: [
      "BullMQ (since 5.8.6) and EchoMQ still score by the fire-time, but multiply it by `0x1000` first. That is 4,096, two to the twelfth: in binary the fire-time moves twelve places left, and twelve zero bits open up below it: the band's floor.",
      "Every score from the floor up to the next millisecond's floor, less one (the ceiling), still means this millisecond: a band of 4,096 scores, told apart by the twelve low bits alone. The picture draws the score as the whole number it is, one square a bit, filled for a 1.",
    ],
    preset: { settings: { idStyle: 'N' }, operations: [] },
    tryThis: {
      label: 'Add 1 ms to the delay',
      steps: [{ kind: 'delayBy', by: 1, atLeast: 0 }],
      see: "At every press the fire-time goes up by 1 and the floor by 4,096: the fire-time's bits count up by one (the bits that changed are outlined), the same bits change twelve places up in the floor, and the twelve slot bits stay zero.",
    },
    parts: { bits: 'focus', delay: 'quiet' },
    scores: 'band',
    bits: 'shift',
  },
  {
    id: 'bump',
    title: 'The bump: one above the highest',
    paragraphs: [
      "The first job due in a millisecond takes the band's floor. Before it adds a job, BullMQ's script asks the set for the highest score already inside the band; if there is one, the new job takes that score plus one.",
      'One job already waits here, at the floor. The next one is due in the same millisecond.',
    ],
    preset: { settings: { idStyle: 'N' }, operations: [enqueue(1)] },
    tryThis: {
      label: 'Enqueue one more job in the same millisecond',
      steps: [{ kind: 'enqueue', count: 1 }],
      see: "At every press the new job scores one above the band's highest: the slot field of its score counts up by one (the changed bits and digits outlined), it drops into the band's next slot, and the band set keeps the jobs in arrival order.",
    },
    parts: { bits: 'focus', band: 'focus', bandSet: 'focus', textbookSet: 'quiet' },
    scores: 'band',
    bits: 'bump',
  },
  {
    id: 'ceiling',
    title: 'A full band: the ceiling',
    paragraphs: [
      'A band has 4,096 scores, so it keeps 4,096 jobs of one millisecond apart. Once its highest score is the ceiling, every further job gets the ceiling too, and jobs that share it fall back to member order, as in the textbook set.',
      'This band is full: 4,096 jobs with random uuids for ids. (With plain numbers, 4097 to 4100 would sort in arrival order as text, and the fallback would stay hidden.)',
    ],
    preset: { settings: { idStyle: 'uuid' }, operations: [enqueue(4096)] },
    tryThis: {
      label: 'Enqueue 4 more into the full band',
      steps: [{ kind: 'enqueue', count: 4 }],
      see: 'All four score the ceiling: the slot field stays all ones, the pile on slot 4,095 grows by four, and the jobs sharing the ceiling sort by their uuids, so their arrival numbers come out of order (marked ↯).',
    },
    parts: { bits: 'focus', band: 'focus', ceiling: 'focus' },
    scores: 'band',
    bits: 'ceiling',
  },
  {
    id: 'recovery',
    title: 'Recovery: divide the shift back out',
    paragraphs: [
      'To know when to wake, a worker reads the head of the set and divides its score by `0x1000` (getNextDelayedTimestamp). 4,096 is a power of two, so the division is exact: the floor gives back the fire-time itself, a score bumped k times gives the fire-time plus k/4,096 (written out below with exact arithmetic; a printed float would round it).',
      "Redis hands the script's answer back as a whole number, so every job of one band wakes the worker at the same millisecond: the fire-time.",
    ],
    preset: { settings: { idStyle: 'N' }, operations: [enqueue(3)] },
    tryThis: {
      label: 'Enqueue one more',
      steps: [{ kind: 'enqueue', count: 1 }],
      see: "At every press the new job's score / 0x1000 is the fire-time + k/4,096 exactly, k its slot (one more each press), and Redis truncates the script's number to the fire-time: the worker still wakes at the same millisecond.",
    },
    parts: { recovery: 'focus', bandSet: 'quiet' },
    scores: 'band',
  },
  {
    id: 'cliff',
    title: 'Where the exactness ends: 2039',
    paragraphs: [
      "A double holds whole numbers exactly only up to 2^53. Today's fire-times need 41 bits, and 41 + 12 is 53: a score fills a double to its last bit. From 2^41 ms, 7 September 2039 at 15:47:35.552 UTC, the floor needs a 54th.",
      "Past it a double keeps the top 53 bits and rounds the lowest away: neighbouring scores are 2 apart, so the bump's `+ 1` rounds back to the same score, and jobs of one millisecond fall back to member order. Here the delay is about 12.8 years, and nine jobs already share one score.",
      'So recovery is exact, and arrival order kept, only for fire-times before the cliff: today, for delays under about 12.8 years.',
    ],
    preset: { settings: { idStyle: 'N', delay: CLIFF_DELAY }, operations: [enqueue(9)] },
    tryThis: {
      label: 'Enqueue one more in the same millisecond',
      steps: [{ kind: 'enqueue', count: 1 }],
      see: 'At every press the floor + 1 needs the 54th bit, which a double rounds away: the new job stores the same score as the rest, and it sorts among them by its bytes ("10" before "2"), not by arrival (marked ↯).',
    },
    parts: { bits: 'focus', bandSet: 'focus' },
    scores: 'band',
    bits: 'cliff',
  },
  {
    id: 'script',
    title: 'In BullMQ and EchoMQ',
    paragraphs: [
      "All of this is one Lua function, getDelayedScore, included by BullMQ's scripts wherever a job enters the delayed set (a delayed add, a retry, a changed delay). EchoMQ ports it in addDelayedJob-6.lua.",
      "It works out the fire-time and the band's floor and ceiling, asks the set for the band's highest score, and returns the floor, that score + 1, or the ceiling; then `ZADD` writes the job. (The comment atop the file still describes an older scheme: an id counter in the low bits.)",
      'Every number in this lesson comes from a port of that script, tested against a real redis-server and the real bullmq package.',
    ],
    preset: { settings: { idStyle: 'N' }, operations: [enqueue(2)] },
    tryThis: {
      label: 'Enqueue a job through the script',
      steps: [{ kind: 'enqueue', count: 1 }],
      see: "The stepper walks the new job's run and stops on its return: the band's highest + 1. The band set holds the new job (outlined) at that score.",
    },
    parts: { script: 'focus', scores: 'quiet', bandSet: 'quiet' },
    scores: 'band',
  },
];

/** The scenario that sets the figure up for `step`: the lesson's defaults, the step's settings, its operations. */
export function presetScenario(step: LessonStep): Scenario {
  const initial: Settings = { ...defaultSettings(LESSON_NOW, 'frozen'), textbookUnit: 'ms', ...step.preset.settings };
  return { seed: LESSON_SEED, initial, operations: step.preset.operations };
}

/** The 1-based step an address names, clamped to the lesson's steps (none named: the first). */
export function clampStep(step: number | null): number {
  if (step === null) return 1;
  return Math.min(Math.max(1, Math.floor(step)), LESSON_STEPS.length);
}

/** Text with `code` between backticks, as runs of plain text and code. */
export function codeRuns(text: string): Array<{ readonly code: boolean; readonly text: string }> {
  return text
    .split('`')
    .map((run, at) => ({ code: at % 2 === 1, text: run }))
    .filter((run) => run.text !== '');
}
