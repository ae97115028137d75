/**
 * Reading what a person pastes from a terminal back into members and scores: the output of
 * `redis-cli ZRANGE key 0 -1 WITHSCORES` in each layout redis-cli 7.0 prints, or a bare list of
 * scores. Checked against redis-cli 7.0.15:
 * - numbered (a terminal, or `--no-raw` when piped): ` 1) "job:1"` / ` 2) "7045120004096000"`, each
 *   value quoted by sds.c sdscatrepr (`\\`, `\"`, `\n`, `\r`, `\t`, `\a`, `\b`, every other byte outside
 *   printable ASCII as `\xHH`, so "日" prints as `"\xe6\x97\xa5"`); with `-3` (RESP3) each pair is a
 *   nested array: `1) 1) "job:1"` / `   2) (double) 7045120004096000`;
 * - raw (`--raw`, or piped without `--no-raw`): member and score on alternating lines, unquoted, the
 *   member's bytes as they are (a member holding a newline spans two lines);
 * - a list of scores: one per line, or several on a line separated by spaces or commas.
 * An interactive session's prompt lines (`127.0.0.1:6379> ZRANGE ...`) and empty replies are skipped
 * (and listed as such); error replies are unreadable. Everything runs in time linear in the text; nothing throws.
 */
import { parseScoreArg } from '../redis/doubles.ts';
import { quoteCliString, unquoteCliString } from '../redis/cliQuoting.ts';

/** How the paste was read. */
export type PasteLayout = 'numbered' | 'raw' | 'scores' | 'empty';

/** One score read from the paste, with its member when the paste has members. */
export interface PastedScore {
  /** 1-based line of the score's text. */
  readonly line: number;
  readonly member: string | null;
  /** The score's text as pasted (after unquoting). */
  readonly scoreText: string;
  /** The score, parsed exactly as ZADD parses it (util.c string2d). */
  readonly score: number;
}

/** A line (or a piece of one) that gave no score, and why. */
export interface UnreadableLine {
  readonly line: number;
  readonly text: string;
  readonly reason: string;
}

export interface PasteReading {
  readonly layout: PasteLayout;
  readonly scores: PastedScore[];
  readonly unreadable: UnreadableLine[];
  /** Lines that are not meant to hold scores: redis-cli prompts and empty replies. */
  readonly skipped: UnreadableLine[];
  /** Raw layout only: members that were read across several lines (a member holding a newline). */
  readonly multiLineMembers: number;
}

/** One value of the paste before members and scores are told apart. */
interface Item {
  readonly line: number;
  /** The numbered layout's item number (innermost, for RESP3's nested pairs); 0 in plain text. */
  readonly index: number;
  /** The value, unquoted; null when it cannot be read (then `problem` says why). */
  readonly value: string | null;
  readonly problem: string;
}

interface Reading {
  scores: PastedScore[];
  unreadable: UnreadableLine[];
  multiLineMembers: number;
  /** Lines added to a raw member (after its first). */
  joinedLines: number;
}

const PROMPT = /^(?:\S*:\d+(?:\[\d+\])?|not connected)>(?: |$)/;
const EMPTY_REPLY = /^\((?:empty array|empty list or set)\)$/;
const ERROR_REPLY = /^\(error\) /;
const NUMBERED = /^\s*(\d+)\) /;
const TOKEN_SEPARATORS = /[\s,;]+/;
/** Longest text shown back in an unreadable-line entry. */
const SHOWN_TEXT_LENGTH = 120;

/**
 * Reads a paste of redis-cli output or of bare scores. The numbered layout is recognised by its first
 * line; other text is read both as raw member/score lines and as a list of scores, and the reading
 * with fewer unreadable lines wins (see choosePairs). `isBandScore` tells a delayed-set score from any
 * other number: when every value of the paste is a number, the values are read as member/score pairs
 * (numeric job ids, as BullMQ's are) only if every second value is a band score and some member is
 * not; otherwise as a list of scores. Trailing blank lines and a CR before each LF are ignored.
 */
export function readPaste(text: string, isBandScore: (score: number) => boolean): PasteReading {
  const lines = text.split('\n');
  let count = lines.length;
  for (let i = 0; i < count; i++) {
    const line = lines[i]!;
    if (line.endsWith('\r')) lines[i] = line.slice(0, -1);
  }
  while (count > 0 && lines[count - 1]!.trim() === '') count--;

  const skipped: UnreadableLine[] = [];
  const errors: UnreadableLine[] = [];
  const content: number[] = [];
  let numbered: boolean | null = null;
  for (let i = 0; i < count; i++) {
    const line = lines[i]!;
    const trimmed = line.trim();
    const note = lineNote(trimmed);
    if (note) {
      (note.skip ? skipped : errors).push(unreadable(i + 1, line, note.reason));
      continue;
    }
    content.push(i);
    if (numbered === null && trimmed !== '') numbered = NUMBERED.test(line);
  }
  if (numbered === null) return { layout: 'empty', scores: [], unreadable: errors, skipped, multiLineMembers: 0 };

  const items = numbered ? numberedItems(lines, content) : plainItems(lines, content);
  const asPairs = numbered ? pairNumbered(items) : pairRaw(items);
  const asScores = numbered ? listItems(items) : listTokens(items);
  const pairs = choosePairs(asPairs, asScores, isBandScore);
  const chosen = pairs ? asPairs : asScores;
  return {
    layout: pairs ? (numbered ? 'numbered' : 'raw') : 'scores',
    scores: chosen.scores,
    unreadable: mergeByLine(errors, chosen.unreadable),
    skipped,
    multiLineMembers: chosen.multiLineMembers,
  };
}

/** A line that is no value: a prompt or an empty reply (skipped), an error reply (unreadable); null for any other. */
function lineNote(trimmed: string): { skip: boolean; reason: string } | null {
  if (trimmed.charCodeAt(0) !== 40 && trimmed.indexOf('>') < 0) return null; // each starts with '(' or holds '>'
  if (PROMPT.test(trimmed)) return { skip: true, reason: 'a redis-cli prompt: the command, not its reply' };
  if (EMPTY_REPLY.test(trimmed)) return { skip: true, reason: 'an empty reply: no members in that range' };
  if (ERROR_REPLY.test(trimmed)) return { skip: false, reason: 'an error reply from Redis' };
  return null;
}

/**
 * Pairs or a list: the reading with fewer unreadable lines, where a line joined to a raw member and
 * a member holding a band score count twice; the list on a tie (readPaste says how all-numeric text
 * is read).
 */
function choosePairs(pairs: Reading, list: Reading, isBandScore: (score: number) => boolean): boolean {
  if (pairs.scores.length === 0) return false;
  if (list.unreadable.length === 0) {
    let someMemberNotBand = false;
    for (const { member, score } of pairs.scores) {
      if (!isBandScore(score)) return false;
      if (!someMemberNotBand) {
        const asNumber = member === null ? null : parseScoreArg(member.trim());
        someMemberNotBand = asNumber === null || !isBandScore(asNumber);
      }
    }
    return someMemberNotBand;
  }
  // a line joined to a member is a score line that was not one, and a member line holding a band
  // score hints at a list: each weighs as two unreadable lines
  let scoreLikeMembers = 0;
  for (const { member } of pairs.scores) if (member !== null && holdsBandScore(member, isBandScore)) scoreLikeMembers++;
  return pairs.unreadable.length + 2 * (pairs.joinedLines + scoreLikeMembers) < list.unreadable.length;
}

/** True when the first line of a text, split as a list of scores is, holds a band score. */
function holdsBandScore(text: string, isBandScore: (score: number) => boolean): boolean {
  const end = text.indexOf('\n');
  for (const token of (end < 0 ? text : text.slice(0, end)).split(TOKEN_SEPARATORS)) {
    const score = token === '' ? null : parseScoreArg(token);
    if (score !== null && isBandScore(score)) return true;
  }
  return false;
}

function unreadable(line: number, text: string, reason: string): UnreadableLine {
  return { line, text: text.length > SHOWN_TEXT_LENGTH ? `${text.slice(0, SHOWN_TEXT_LENGTH)}…` : text, reason };
}

/** Merges two lists, each ascending by line, into one ascending list. */
function mergeByLine(a: UnreadableLine[], b: UnreadableLine[]): UnreadableLine[] {
  if (a.length === 0) return b;
  if (b.length === 0) return a;
  const merged: UnreadableLine[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (j >= b.length || (i < a.length && a[i]!.line <= b[j]!.line)) merged.push(a[i++]!);
    else merged.push(b[j++]!);
  }
  return merged;
}

// ---- score text ----

/** Why a text is not a score ZADD would take (util.c string2d), in a few words. */
export function whyNotAScore(text: string): string {
  const trimmed = text.trim();
  if (trimmed === '') return 'empty: no score here';
  if (/^[+-]?nan/i.test(trimmed)) return 'NaN is not a score: Redis refuses it';
  if (/^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(trimmed))
    return 'out of the range of a double (Redis: "value is not a valid float")';
  if (/^[+-]?(\d|\.\d)/.test(trimmed)) return 'a number followed by other text: cut off or joined to something?';
  return 'not a number';
}

/** The score of a text, as string2d reads it, or null. Surrounding white space is ignored. */
function scoreOf(text: string): number | null {
  const direct = parseScoreArg(text);
  if (direct !== null) return direct;
  const trimmed = text.trim();
  return trimmed === text ? null : parseScoreArg(trimmed);
}

// ---- the numbered layout ----

/** The items of a numbered paste: ` 1) "value"`, `(integer) n`, `(double) x`, `(nil)`. */
function numberedItems(lines: string[], content: number[]): Item[] {
  const items: Item[] = [];
  for (const i of content) {
    const line = lines[i]!;
    if (line.trim() === '') continue;
    let rest = line;
    let index = 0;
    for (let match = NUMBERED.exec(rest); match; match = NUMBERED.exec(rest)) {
      index = Number(match[1]);
      rest = rest.slice(match[0].length);
    }
    if (index === 0) {
      items.push({ line: i + 1, index: 0, value: null, problem: 'not a numbered redis-cli line (expected `N) "value"`)' });
      continue;
    }
    rest = rest.trim();
    let value: string | null = null;
    let problem = '';
    if (rest.startsWith('"')) {
      value = unquoteCliString(rest);
      if (value === null) problem = 'the quoted value has no closing quote: cut off?';
    } else if (rest.startsWith('(integer) ') || rest.startsWith('(double) ')) {
      value = rest.slice(rest.indexOf(' ') + 1);
    } else if (rest === '(nil)') {
      problem = '(nil): no value (the member is not in the set)';
    } else if (rest.startsWith('(')) {
      problem = 'not a member or a score';
    } else {
      value = rest;
    }
    items.push({ line: i + 1, index, value, problem });
  }
  return items;
}

/** Numbered pairs: item 2k-1 is a member, item 2k its score (RESP3: inner items 1 and 2). */
function pairNumbered(items: Item[]): Reading {
  const scores: PastedScore[] = [];
  const bad: UnreadableLine[] = [];
  let member: Item | null = null;
  for (const item of items) {
    const text = itemText(item);
    if (item.value === null) {
      if (member) bad.push(unreadable(member.line, itemText(member), 'a member with no readable score after it'));
      member = null;
      bad.push(unreadable(item.line, text, item.problem));
    } else if (item.index % 2 === 1) {
      if (member) bad.push(unreadable(member.line, itemText(member), 'a member with no score after it'));
      member = item;
    } else if (member && member.index + 1 === item.index) {
      const score = scoreOf(item.value);
      if (score === null)
        bad.push(unreadable(item.line, item.value, `the score of "${member.value}": ${whyNotAScore(item.value)}`));
      else scores.push({ line: item.line, member: member.value, scoreText: item.value.trim(), score });
      member = null;
    } else {
      bad.push(unreadable(item.line, text, `a score whose member (item ${item.index - 1}) is missing`));
      member = null;
    }
  }
  if (member) bad.push(unreadable(member.line, itemText(member), 'a member with no score after it: cut off?'));
  return { scores, unreadable: bad, multiLineMembers: 0, joinedLines: 0 };
}

/** Every numbered item as a score (ZMSCORE's reply, or scores only). */
function listItems(items: Item[]): Reading {
  const scores: PastedScore[] = [];
  const bad: UnreadableLine[] = [];
  for (const item of items) {
    const score = item.value === null ? null : scoreOf(item.value);
    if (score !== null) scores.push({ line: item.line, member: null, scoreText: item.value!.trim(), score });
    else bad.push(unreadable(item.line, itemText(item), item.value === null ? item.problem : whyNotAScore(item.value)));
  }
  return { scores, unreadable: bad, multiLineMembers: 0, joinedLines: 0 };
}

function itemText(item: Item): string {
  return item.value ?? '';
}

// ---- plain text: raw pairs or a list of scores ----

function plainItems(lines: string[], content: number[]): Item[] {
  return content.map((i) => ({ line: i + 1, index: 0, value: lines[i]!, problem: '' }));
}

/**
 * Raw pairs: member line, score line. A line where a score should be that is not one is taken as
 * the member's next line (redis-cli --raw prints a member's newline as it is).
 */
function pairRaw(items: Item[]): Reading {
  const scores: PastedScore[] = [];
  let multiLineMembers = 0;
  let joinedLines = 0;
  let member: string | null = null;
  let memberLine = 0;
  let spans = false;
  for (const item of items) {
    const text = item.value!;
    if (member === null) {
      member = text;
      memberLine = item.line;
      spans = false;
      continue;
    }
    const score = scoreOf(text);
    if (score === null) {
      member += `\n${text}`;
      spans = true;
      joinedLines++;
      continue;
    }
    scores.push({ line: item.line, member, scoreText: text.trim(), score });
    if (spans) multiLineMembers++;
    member = null;
  }
  const bad = member === null ? [] : [unreadable(memberLine, member, 'a member with no score line after it: cut off?')];
  return { scores, unreadable: bad, multiLineMembers, joinedLines };
}

/** A list of scores: every line split at spaces, tabs, commas or semicolons; quotes around a score are dropped. */
function listTokens(items: Item[]): Reading {
  const scores: PastedScore[] = [];
  const bad: UnreadableLine[] = [];
  for (const item of items) {
    for (const token of item.value!.split(TOKEN_SEPARATORS)) {
      if (token === '') continue;
      const text = token.length > 1 && token.startsWith('"') && token.endsWith('"') ? token.slice(1, -1) : token;
      const score = parseScoreArg(text);
      if (score !== null) scores.push({ line: item.line, member: null, scoreText: text, score });
      else bad.push(unreadable(item.line, token, whyNotAScore(text)));
    }
  }
  return { scores, unreadable: bad, multiLineMembers: 0, joinedLines: 0 };
}

// ---- printing, for examples and tests ----

/**
 * redis-cli's printing of an array of bulk strings (a RESP2 WITHSCORES reply): 'numbered' as
 * cliFormatReplyTTY does (`%*d) ` with the index right-aligned to the widest, each value quoted),
 * 'raw' as cliFormatReplyRaw does (one value per line, as it is). Each line ends in '\n'.
 */
export function printCliArray(values: readonly string[], layout: 'numbered' | 'raw'): string {
  if (layout === 'raw') return values.map((value) => `${value}\n`).join('');
  if (values.length === 0) return '(empty array)\n';
  const width = String(values.length).length;
  return values.map((value, i) => `${String(i + 1).padStart(width)}) ${quoteCliString(value)}\n`).join('');
}
